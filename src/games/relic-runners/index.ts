import type { Game, Result } from '../../core/game.js';
import { applyChoice } from '../../core/apply.js';
import { silentRecorder, type EventRecorder } from '../../core/events.js';
import { hashJson } from '../../core/hash.js';
import type { Rng } from '../../core/rng.js';
import standardBoard from './data/board-standard.json' with { type: 'json' };
import { loadBoard, type Board } from './board.js';
import type { RRChoice } from './choice.js';
import { determinize, redrawUnseen } from './determinize.js';
import type { RREvent, RRReason } from './events.js';
import { play, settle } from './rules.js';
import { RULE_IDS } from './rule-ids.js';
import { scoreBreakdown, winners } from './scoring.js';
import { parseOptions, setupState } from './setup.js';
import { cloneState, hashedFields, type Options, type State } from './state.js';
import { viewOf, type RRView } from './view.js';

export const STANDARD_BOARD: Board = loadBoard(standardBoard);

/** Why a choice is not legal now, as precisely as the choice allows. */
function explain(s: State, raw: unknown): string {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    return `a choice must be a JSON object with a "t" field, got ${JSON.stringify(raw)}`;
  const t = (raw as { t?: unknown }).t;
  const decision = s.stack[s.stack.length - 1]?.k ?? 'none';
  const types = [...new Set(s.cache.map((c) => c.t))];
  if (typeof t !== 'string') return 'a choice needs a string "t" field';
  if (!types.includes(t as RRChoice['t'])) {
    return `seat ${s.cur} is deciding "${decision}": no "${t}" choice is legal now (legal: ${types.join(', ')})`;
  }
  const n = s.cache.filter((c) => c.t === t).length;
  return `seat ${s.cur} is deciding "${decision}": ${JSON.stringify(raw)} is not one of the ${n} legal "${t}" choices`;
}

export function createState(board: Board, opts: Options, seats: number, rng: Rng): State {
  const s = setupState(board, opts, seats, rng);
  // The first turn's start is part of setup, not of a choice: nobody is told of it.
  s.cache = settle(s, silentRecorder<RREvent>());
  return s;
}

/** One legal choice played, then the automatic rules up to the next decision. */
function step(s: State, c: State['cache'][number], rec: EventRecorder<RREvent>): void {
  play(s, c, rec);
  s.cache = settle(s, rec);
}

export const relicRunners: Game<State, RRChoice, Options, RRView, RREvent> = {
  id: 'relic-runners',
  // RR-COMP-2: one colour per player, five colours.
  minSeats: 2,
  maxSeats: 5,
  ruleIds: RULE_IDS.map((r) => r.id),
  options: (raw?: unknown) => parseOptions(raw),
  setup: (opts, seats, rng) => createState(STANDARD_BOARD, opts, seats, rng),
  seats: (s) => s.seats,
  toAct: (s) => (s.over ? null : s.cur),
  choices: (s) => s.cache,
  apply: (s, raw, events = true) => applyChoice(s, raw, events, explain, step),
  view: (s, seat) => viewOf(s, seat),
  diffBase: (s, seat) => viewOf(s, seat, true),
  result(s): Result | null {
    if (!s.over) return null;
    return { scores: s.players.map((p) => scoreBreakdown(p).total), winners: winners(s) };
  },
  clone: cloneState,
  hash: (s) => hashJson(hashedFields(s)),
  // RR-END-5, D-16: the engine has no turn limit; a simulation caps by this count and reports the game as capped.
  turn: (s) => s.turnNo,
  determinize,
  redrawUnseen,
};

export type { State, Options, RRChoice, RRView, RREvent, RRReason };
