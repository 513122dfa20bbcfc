import type { AnyGame, Choice, Seat } from '../core/game.js';
import type { Rng } from '../core/rng.js';
import { matchChoice } from './bot.js';
import { greedyPlan } from './greedy.js';
import type { Term } from './heuristic.js';
import { heuristicFor } from './registry.js';

/** Why a hint suggests its choice: the heuristic term that gains the most by the end of the turn. */
export interface HintReason {
  /** A term key of the game's heuristic (`relics`, `vp`, …). */
  readonly term: string;
  /** What that term gains, in VP-like units (may be negative when every term loses). */
  readonly gain: number;
}

export interface Hint {
  /** One of the true state's own choices. */
  readonly choice: Choice;
  readonly reason: HintReason;
}

/**
 * The greedy bot's suggestion for `seat`, and why. It reads only what the seat knows: a
 * determinized sample of the true state, like every bot (bot.ts `decide`); the reason compares
 * the sample now with the end of the turn greedy's own search expects the choice to lead to.
 */
export function hint(game: AnyGame, trueState: unknown, seat: Seat, rng: Rng): Hint {
  if (game.toAct(trueState) !== seat) throw new Error(`seat ${seat} owes no decision`);
  const h = heuristicFor(game);
  if (!h.terms) throw new Error(`the ${game.id} heuristic gives no terms`);
  const sample = game.determinize(trueState, seat, rng);
  const offered = game.choices(sample);
  const plan = greedyPlan({ game, seat, choices: offered, sample, rng }, undefined, undefined, true);
  const choice = matchChoice('hint', offered, game.choices(trueState), plan.choice);
  return { choice, reason: largestGain(h.terms(sample, seat), h.terms(plan.end, seat)) };
}

/** The term that grows the most from `before` to `after` (the first such key on a tie). */
export function largestGain(before: readonly Term[], after: readonly Term[]): HintReason {
  const was = new Map(before.map((t) => [t.key, t.value]));
  let best: HintReason | null = null;
  for (const t of after) {
    const gain = t.value - (was.get(t.key) ?? 0);
    if (best === null || gain > best.gain) best = { term: t.key, gain };
  }
  if (best === null) throw new Error('the heuristic gave no terms');
  return best;
}
