import type { AnyGame, Choice, Seat } from '../core/game.js';
import { InvalidInput } from '../core/errors.js';
import type { Bot, BotInput } from './bot.js';
import { MAX_GREEDY_BUDGET } from './limits.js';
import type { Heuristic } from './heuristic.js';
import { heuristicFor } from './registry.js';

/** How a finished own turn is scored: own value minus the best other's, or own value alone. */
export type GreedyScore = 'diff' | 'self';

export interface GreedyOptions {
  readonly score?: GreedyScore;
  /**
   * Nodes (clone + apply) spent searching the rest of the own turn for each decision. Each
   * choice's subtree gets an equal share; a node whose share cannot cover its children picks
   * its child by the heuristic alone and goes on greedily to the end of the turn.
   */
  readonly budget?: number;
}

export const GREEDY_DEFAULTS: Required<GreedyOptions> = { score: 'diff', budget: 1000 };

/** Values closer than this are ties, broken at random. */
const EPS = 1e-9;

/**
 * One-ply greedy over the whole own turn: every choice is played out on a clone of the sample up
 * to the end of the seat's turn (its later decisions searched within a node budget), and the
 * turn's end state is scored by the game's heuristic. Judging a half-finished turn would make a
 * move look worthless before the exploration it allows, so the turn is the unit.
 */
export function greedyBot(options: GreedyOptions = {}): Bot {
  const { score, budget } = { ...GREEDY_DEFAULTS, ...options };
  return {
    name: score === 'diff' && budget === GREEDY_DEFAULTS.budget ? 'greedy' : `greedy:${score},${budget}`,
    needsSample: true,
    choose: (input: BotInput): Choice => greedyPlan(input, score, budget).choice,
  };
}

/** Greedy's pick, and the end of the own turn its search expects that pick to lead to. */
export interface GreedyPlan {
  readonly choice: Choice;
  /**
   * A state (a clone of the sample) where the seat's turn is over, as the turn search played it;
   * null for a forced choice unless `withEnd` asked for it.
   */
  readonly end: unknown;
}

/** The greedy bot's decision with the turn end behind it (the bot itself reads only `choice`). */
export function greedyPlan(
  { game, seat, choices, sample, rng }: BotInput,
  score: GreedyScore = GREEDY_DEFAULTS.score,
  budget: number = GREEDY_DEFAULTS.budget,
  withEnd = false,
): GreedyPlan {
  if (choices.length === 0) throw new Error('greedy bot asked to move in a finished game');
  const h = heuristicFor(game);
  if (h.prune) choices = h.prune(sample, seat, choices);
  const search = new TurnSearch(game, h, seat, game.turn(sample), score);
  if (choices.length === 1) {
    // Nothing to compare: the bot moves at once; the turn's end is searched only when asked for.
    if (!withEnd) return { choice: choices[0]!, end: null };
    const end = game.clone(sample);
    game.apply(end, choices[0], false);
    search.best(end, budget - 1);
    return { choice: choices[0]!, end: search.leaf };
  }
  const per = Math.max(0, Math.floor((budget - choices.length) / choices.length));
  let best = -Infinity;
  let ties: number[] = [];
  const ends: unknown[] = [];
  for (let i = 0; i < choices.length; i++) {
    const child = game.clone(sample);
    game.apply(child, choices[i], false);
    const v = search.best(child, per);
    ends.push(search.leaf);
    if (v > best + EPS) {
      best = v;
      ties = [i];
    } else if (v > best - EPS) {
      ties.push(i);
    }
  }
  const pick = ties.length === 1 ? ties[0]! : ties[rng.int(ties.length)]!;
  return { choice: choices[pick]!, end: ends[pick] };
}

class TurnSearch {
  /** The state where the last `best` found its best score: the end of the turn it expects. */
  leaf: unknown = null;

  constructor(
    private readonly game: AnyGame,
    private readonly h: Heuristic,
    private readonly seat: Seat,
    private readonly turn: number,
    private readonly mode: GreedyScore,
  ) {}

  /** Whether the seat still owes a decision in the turn being searched. */
  private mine(s: unknown): boolean {
    return this.game.toAct(s) === this.seat && this.game.turn(s) === this.turn;
  }

  score(s: unknown): number {
    const mine = this.h.value(s, this.seat);
    if (this.mode === 'self') return mine;
    let other = -Infinity;
    const n = this.game.seats(s);
    for (let q = 0; q < n; q++) {
      if (q === this.seat) continue;
      const v = this.h.value(s, q);
      if (v > other) other = v;
    }
    return other === -Infinity ? mine : mine - other;
  }

  /** Best score reachable by the seat's remaining decisions this turn, within `budget` nodes. */
  best(s: unknown, budget: number): number {
    const g = this.game;
    for (;;) {
      if (!this.mine(s)) {
        this.leaf = s;
        return this.score(s);
      }
      const all = g.choices(s);
      const cs = this.h.prune ? this.h.prune(s, this.seat, all) : all;
      if (cs.length === 1) {
        // A forced decision: s is our own clone, so play it in place.
        g.apply(s, cs[0], false);
        continue;
      }
      if (budget >= cs.length) {
        const per = Math.floor((budget - cs.length) / cs.length);
        let best = -Infinity;
        let leaf: unknown = null;
        for (let i = 0; i < cs.length; i++) {
          const child = g.clone(s);
          g.apply(child, cs[i], false);
          const v = this.best(child, per);
          if (v > best) {
            best = v;
            leaf = this.leaf;
          }
        }
        this.leaf = leaf;
        return best;
      }
      // Out of budget: follow the child the heuristic likes best, to the end of the turn.
      let bestV = -Infinity;
      let bestChild: unknown = null;
      for (let i = 0; i < cs.length; i++) {
        const child = g.clone(s);
        g.apply(child, cs[i], false);
        const v = this.score(child);
        if (v > bestV) {
          bestV = v;
          bestChild = child;
        }
      }
      s = bestChild;
      budget = 0;
    }
  }
}

/** Parses the spec argument `greedy:self`, `greedy:diff,2000`, `greedy:500` (order free). */
export function parseGreedyArg(arg: string | undefined): GreedyOptions {
  const out: { score?: GreedyScore; budget?: number } = {};
  for (const part of (arg ?? '').split(',')) {
    const p = part.trim();
    if (p === '') continue;
    if (p === 'self' || p === 'diff') out.score = p;
    else if (/^\d+$/.test(p)) {
      const budget = Number(p);
      if (!(budget <= MAX_GREEDY_BUDGET)) throw new InvalidInput(`node budget ${p} is above the limit of ${MAX_GREEDY_BUDGET}`);
      out.budget = budget;
    } else throw new InvalidInput(`greedy: unknown argument "${p}" (use self, diff or a node budget)`);
  }
  return out;
}
