import type { Game, Result } from '../../core/game.js';
import { applyChoice } from '../../core/apply.js';
import { EventRecorder, silentRecorder } from '../../core/events.js';
import { hashJson } from '../../core/hash.js';
import type { Rng } from '../../core/rng.js';
import type { QChoice } from './choice.js';
import type { QEvent } from './events.js';
import { determinize, redrawUnseen } from './determinize.js';
import { decider, play, settle } from './rules.js';
import { RULE_IDS } from './rule-ids.js';
import { scoreBreakdown, winners } from './scoring.js';
import { parseOptions, setupState } from './setup.js';
import { cloneState, hashedFields, type Options, type State } from './state.js';
import { viewOf, type QView } from './view.js';

function explain(s: State, raw: unknown): string {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    return `a choice must be a JSON object with a "t" field, got ${JSON.stringify(raw)}`;
  const t = (raw as { t?: unknown }).t;
  const f = s.stack[s.stack.length - 1];
  const decision = f?.k ?? 'none';
  const types = [...new Set(s.cache.map((c) => c.t))];
  if (typeof t !== 'string') return 'a choice needs a string "t" field';
  if (!types.includes(t as QChoice['t']))
    return `seat ${decider(s)} is deciding "${decision}": no "${t}" choice is legal now (legal: ${types.join(', ')})`;
  const n = s.cache.filter((c) => c.t === t).length;
  return `seat ${decider(s)} is deciding "${decision}": ${JSON.stringify(raw)} is not one of the ${n} legal "${t}" choices`;
}

/** A new game with its first decision pending; its setup events go to `rec` (dropped by default). */
export function createState(opts: Options, seats: number, rng: Rng, rec: EventRecorder<QEvent> = silentRecorder()): State {
  const s = setupState(opts, seats, rng, rec);
  s.cache = settle(s, rec);
  return s;
}

/**
 * Round 1's start as the log tells it, like every later round's: the automaton's placement
 * (Q-2P-1) and every seat's roll (Q-ROLL-1). The same set-up runs again with a loud recorder, so
 * the state (and its hash) is the very one play gets, and nothing new is stored.
 */
export function openingEvents(opts: Options, seats: number, rng: Rng): QEvent[] {
  const rec = new EventRecorder<QEvent>(true);
  rec.push({ type: 'round', round: 1 });
  createState(opts, seats, rng, rec);
  return rec.list;
}

/** One legal choice played, then the automatic rules up to the next decision. */
function step(s: State, c: State['cache'][number], rec: EventRecorder<QEvent>): void {
  play(s, c, rec);
  s.cache = settle(s, rec);
}

export const quetzal: Game<State, QChoice, Options, QView, QEvent> = {
  id: 'quetzal',
  minSeats: 2,
  maxSeats: 5,
  ruleIds: RULE_IDS.map((r) => r.id),
  options: (raw?: unknown) => parseOptions(raw),
  setup: (opts, seats, rng) => createState(opts, seats, rng),
  opening: openingEvents,
  seats: (s) => s.seats,
  toAct: (s) => decider(s),
  choices: (s) => (s.over ? [] : s.cache),
  apply: (s, raw, events = true) => applyChoice(s, raw, events, explain, step),
  view: viewOf,
  result(s): Result | null {
    if (!s.over) return null;
    return { scores: s.players.map((_, q) => scoreBreakdown(s, q).total), winners: winners(s) };
  },
  clone: cloneState,
  hash: (s) => hashJson(hashedFields(s)),
  turn: (s) => s.turnNo,
  determinize,
  redrawUnseen,
};

export type { State, Options, QChoice, QView, QEvent };
