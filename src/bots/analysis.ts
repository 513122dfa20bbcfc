import type { AnyGame, Choice, Seat } from '../core/game.js';
import { findChoice } from '../core/apply.js';
import { InvalidInput } from '../core/errors.js';
import { replay, type MatchRecord } from '../core/match.js';
import { createRng, rngFromState, type Rng, type RngState } from '../core/rng.js';
import type { Heuristic } from './heuristic.js';
import { heuristicFor } from './registry.js';
import { ismctsSearch } from './ismcts.js';
import { MAX_ISMCTS_ITERATIONS } from './limits.js';
import { playoutShares, resultShares, type ShareSettings } from './rollout.js';

/**
 * Post-game analysis: who was winning at every move, why each player's chance rose or fell, and
 * which choices cost their player winning chance.
 *
 * One estimator throughout: playouts (rollout.ts, the bot's own) from the position, each ending in
 * every seat's share of the win (a finished playout: 1/k to each of its k winners; an unfinished
 * one: a softmax of the estimated scores), averaged. Its shares add up to 1 at every position.
 *
 * Whose knowledge, honestly:
 * - The curve (who was winning) is estimated from `Game.redrawUnseen` of the true position: what
 *   any player knew at that moment stays (every hand is open once the game is over), what nobody
 *   had seen (the draws and rolls to come) is drawn at random. So it never knows the future, and
 *   chance moves it only when chance happens.
 * - A choice is judged only by what its player knew: from `Game.determinize` for that seat, the
 *   search finds the bot's choice, and the same estimator, over the same samples, gives the seat's
 *   chance with the bot's choice ("before") and with the choice made ("after"). The difference is
 *   the choice's cost in percentage points of winning chance, on the curve's scale.
 * - Every change of the curve from one move to the next is put down to the choice of the seat that
 *   moved or to chance: where the move revealed something nobody had seen (a die roll, a card or
 *   tile drawn or turned up), the estimate after the choice but before the reveal splits the two.
 *
 * Seeded: the same record, seed and iterations give the same analysis.
 */

/** Search iterations per decision and playouts per estimate unless told otherwise. */
export const DEFAULT_ANALYSIS_ITERATIONS = 300;
/** Fewer iterations say nothing: the search must at least try the choices it is given. */
export const MIN_ANALYSIS_ITERATIONS = 10;
export const MAX_ANALYSIS_ITERATIONS = MAX_ISMCTS_ITERATIONS;
/** A choice that costs this many percentage points of winning chance or more is flagged; a fall this large is listed. */
export const FLAG_DROP = 10;
/**
 * VP per factor e between two seats' shares of the win (rollout.ts scoreShares) where a playout
 * stops before the end: with two seats, a 6-VP lead is a 73 % chance. Measured: of 4, 6 and 8,
 * 6 predicted the winners of mixed greedy and random games best over both games and 2–5 seats
 * (its log loss at most 6 % above the best of the three for any game and seat count).
 */
export const SHARE_SCALE = 6;

export interface AnalysisOptions {
  /** Search iterations per decision and playouts per estimate (default DEFAULT_ANALYSIS_ITERATIONS). */
  readonly iterations?: number;
  /** Seeds every search: the same record, seed and iterations give the same analysis. */
  readonly seed?: number | string;
}

/** A choice judged by what its seat knew. Percentages have one decimal. */
export interface ChoiceJudgement {
  /** Index of the choice in the record's `choices` (0-based); the replay shows its position at step `index`. */
  readonly index: number;
  readonly seat: Seat;
  /** The choice made (the engine's copy of the record's choice). */
  readonly choice: Choice;
  /** The bot's preferred choice: the search's most visited one. */
  readonly preferred: Choice;
  /** The seat's winning chance in % with the preferred choice, by what the seat knew. */
  readonly before: number;
  /** The seat's winning chance in % with the choice made, by what the seat knew. */
  readonly after: number;
  /** The choice's cost: before − after in percentage points (negative when the choice made looked better). */
  readonly drop: number;
  /** drop ≥ FLAG_DROP. */
  readonly flagged: boolean;
  /** Only one choice was legal: nothing to judge (before = after = the seat's chance on the curve). */
  readonly forced: boolean;
}

/** One decision of the record, analysed. */
export interface DecisionAnalysis extends ChoiceJudgement {
  /** Every seat's winning chance in % at this position, before the choice: the curve's step `index`. Adds up to 100. */
  readonly chances: readonly number[];
  /**
   * Where the move revealed something no seat had seen (a roll, a draw), every seat's winning
   * chance in % after the choice but before the reveal (adds up to 100); null where it revealed nothing.
   */
  readonly beforeChance: readonly number[] | null;
}

/** How each seat's winning chance changed with one move, and why. */
export interface MoveChange {
  /** The move (the record's choice `index`): from the curve's step `index` to step `index + 1`. */
  readonly index: number;
  /** The seat that moved. */
  readonly seat: Seat;
  /** Per seat, the change in percentage points due to the choice (0 for a forced move). */
  readonly byChoice: readonly number[];
  /** Per seat, the change in percentage points due to what the move revealed (all 0 where it revealed nothing). */
  readonly byChance: readonly number[];
  /** The move revealed something no seat had seen. */
  readonly chance: boolean;
}

/** A whole game analysed: what `expedition analyse --json` prints. */
export interface GameAnalysis {
  readonly game: string;
  readonly seats: number;
  readonly iterations: number;
  readonly seed: number | string;
  /** The record's choices, all replayed; false for a game stopped before its end (a capped simulation). */
  readonly finished: boolean;
  readonly winners: readonly Seat[] | null;
  /** One entry per choice of the record, in order (entry i is choice i). */
  readonly decisions: readonly DecisionAnalysis[];
  /**
   * Every seat's winning chance in % at each step 0..decisions (the replay's steps), each step
   * adding up to 100: step i < n is decision i's `chances`; the last step is the result (each
   * winner 100/winners) once the game is over, else the estimate at the last position.
   */
  readonly curve: readonly (readonly number[])[];
  /** One entry per move: each step of the curve to the next, put down to the mover's choice and chance. */
  readonly changes: readonly MoveChange[];
  /** Indices of the flagged decisions, largest drop first. */
  readonly flagged: readonly number[];
}

const pct = (x: number): number => Math.round(x * 1000) / 10;
const keyOf = (c: unknown): string => JSON.stringify(c);

/**
 * Shares (adding up to 1) as percentages with one decimal that add up to exactly 100: tenths by
 * largest remainder, ties to the earlier seat.
 */
export function toPercent(shares: readonly number[]): number[] {
  const tenths = shares.map((x) => Math.floor(Math.max(0, x) * 1000 + 1e-9));
  let left = 1000 - tenths.reduce((a, b) => a + b, 0);
  const order = shares.map((x, i) => ({ i, r: Math.max(0, x) * 1000 - tenths[i]! })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (let k = 0; left > 0 && k < order.length; k++, left--) tenths[order[k]!.i]!++;
  return tenths.map((t) => t / 10);
}

/** Percentage points between two percentages of one decimal, exact to the tenth. */
const ppBetween = (to: number, from: number): number => (Math.round(to * 10) - Math.round(from * 10)) / 10;

/** Checks an iteration count (InvalidInput naming the range). */
export function checkIterations(n: number): number {
  if (!Number.isInteger(n) || n < MIN_ANALYSIS_ITERATIONS || n > MAX_ANALYSIS_ITERATIONS) {
    throw new InvalidInput(`analysis iterations must be a whole number in ${MIN_ANALYSIS_ITERATIONS}–${MAX_ANALYSIS_ITERATIONS}, got ${n}`);
  }
  return n;
}

/** The seed of decision `index`'s search: one per decision, so any decision can be analysed alone. */
export const analysisSeed = (seed: number | string, index: number): string => `${seed}:analysis:${index}`;

/** The estimator's settings for a game at a seat count: the bot's playouts (Heuristic.ismcts). */
function shareSettings(h: Heuristic, seats: number): ShareSettings {
  const d = h.ismcts?.(seats) ?? {};
  return { turns: d.rolloutTurns ?? seats, potential: d.potential ?? 0.5, scale: SHARE_SCALE };
}

/**
 * The mean shares of the win over `n` playouts, each from `sample(rng)` with its own generator
 * from `seeds` (so two estimates with the same seeds are common random numbers: their difference
 * is the positions', not the dice's), played on after `then` when given.
 */
function meanShares(
  game: AnyGame,
  h: Heuristic,
  st: ShareSettings,
  seeds: readonly RngState[],
  sample: (rng: Rng) => unknown,
  then?: Choice,
): number[] {
  let sum: number[] | undefined;
  for (const seed of seeds) {
    const rng = rngFromState(seed);
    const d = sample(rng);
    if (then !== undefined) game.apply(d, then, false);
    const r = playoutShares(game, h, d, st, rng);
    if (sum === undefined) sum = r;
    else for (let p = 0; p < r.length; p++) sum[p]! += r[p]!;
  }
  return sum!.map((x) => x / seeds.length);
}

/** The curve's estimate at `state`: what the seats knew between them (Game.redrawUnseen), in % adding up to 100. */
function chancesAt(game: AnyGame, h: Heuristic, st: ShareSettings, seeds: readonly RngState[], state: unknown): number[] {
  const result = game.result(state);
  if (result) return toPercent(resultShares(result, game.seats(state)));
  return toPercent(meanShares(game, h, st, seeds, (r) => game.redrawUnseen(state, r)));
}

/**
 * Every seat's winning chance in % at one position, as the curve estimates it (adding up to 100):
 * `iterations` playouts, seeded by `seed` as the analysis's curve is.
 */
export function positionChances(
  game: AnyGame,
  state: unknown,
  opts: { readonly iterations: number; readonly seed: number | string },
): number[] {
  const h = heuristicFor(game);
  return chancesAt(game, h, shareSettings(h, game.seats(state)), seedStates(`${opts.seed}:curve`, opts.iterations), state);
}

/** Generator states for `n` playouts under one name: the same name, the same playouts. */
function seedStates(name: string, n: number): RngState[] {
  // Forks of one generator: hashing a seed per playout would cost more than many a playout.
  const root = createRng(name);
  return Array.from({ length: n }, () => root.fork().state());
}

/**
 * Judges one decision: the seat to act in `state` (the true state) chose `made`. Everything is
 * worked out from determinizations for that seat only: the search picks the bot's choice, then the
 * same `iterations` samples give the seat's chance with it and with the choice made. A forced
 * decision (one legal choice) is not searched; `forcedValue` (the seat's chance on the curve) stands
 * for both.
 */
export function analyseDecision(
  game: AnyGame,
  state: unknown,
  made: unknown,
  index: number,
  opts: { readonly iterations: number; readonly seed: number | string; readonly forcedValue?: number },
): ChoiceJudgement {
  const seat = game.toAct(state);
  if (seat === null) throw new InvalidInput(`choice #${index}: the game is already over`);
  const name = analysisSeed(opts.seed, index);
  const rng = createRng(name);
  const sample = game.determinize(state, seat, rng);
  const choices = game.choices(sample);
  const choice = findChoice(choices, made);
  if (choice === undefined) throw new InvalidInput(`choice #${index} (${keyOf(made)}) is not legal`);
  if (choices.length === 1) {
    const v = opts.forcedValue ?? pct(1 / game.seats(sample));
    return { index, seat, choice, preferred: choice, before: v, after: v, drop: 0, flagged: false, forced: true };
  }
  const h = heuristicFor(game);
  const st = shareSettings(h, game.seats(sample));
  const stats = ismctsSearch(
    { game, seat, choices, sample, rng },
    { iterations: opts.iterations, reward: 'share', marginScale: st.scale, include: choice },
  );
  let best = stats.children[0];
  for (const ch of stats.children) if (best === undefined || ch.visits > best.visits) best = ch;
  const preferred = best?.choice ?? choice;
  const seeds = seedStates(`${name}:value`, opts.iterations);
  const value = (c: Choice): number => meanShares(game, h, st, seeds, (r) => game.determinize(state, seat, r), c)[seat]!;
  const after = pct(value(choice));
  const before = preferred === choice ? after : pct(value(preferred));
  const drop = Math.round((before - after) * 10) / 10;
  return { index, seat, choice, preferred, before, after, drop, flagged: drop >= FLAG_DROP, forced: false };
}

/** Progress of an analysis under way. */
export interface AnalysisStep {
  readonly done: number;
  readonly total: number;
  readonly decision: DecisionAnalysis;
}

/** Did playing `c` in `state` reveal something (a roll, a draw, a look)? The events say so. */
function reveals(game: AnyGame, state: unknown, c: unknown): boolean {
  return game.apply(game.clone(state), c, true).some((e) => e.reveals === true);
}

/**
 * The analysis one decision at a time, so that a caller (the browser's worker) can report progress
 * and stop between decisions. Replays the record first: a bad record throws before anything is
 * searched (InvalidInput or ReplayError).
 */
export function* analyseSteps(game: AnyGame, record: MatchRecord, opts: AnalysisOptions = {}): Generator<AnalysisStep, void, undefined> {
  const iterations = checkIterations(opts.iterations ?? DEFAULT_ANALYSIS_ITERATIONS);
  const seed = opts.seed ?? 1;
  const match = replay(game, record);
  const total = match.decisions;
  const h = heuristicFor(game);
  const st = shareSettings(h, record.seats);
  // The same generators at every step: consecutive estimates share their dice, so the curve moves
  // with the position rather than with the luck of its samples.
  const seeds = seedStates(`${seed}:curve`, iterations);
  const chanceAt = (i: number): boolean => reveals(game, match.stateAt(i), record.choices[i]);
  const forcedAt = (i: number): boolean => game.choices(match.stateAt(i)).length === 1;
  const estimates = new Map<number, number[]>();
  /**
   * The curve at step i: the estimate from the position, except where the move is forced and
   * reveals nothing: nothing happens there, so the step takes the next one's value.
   */
  const curveAt = (i: number): number[] => {
    let j = i;
    while (j < total && forcedAt(j) && !chanceAt(j)) j++;
    let v = estimates.get(j);
    if (v === undefined) {
      v = chancesAt(game, h, st, seeds, match.stateAt(j));
      estimates.set(j, v);
    }
    for (const k of estimates.keys()) if (k < i) estimates.delete(k);
    return v;
  };
  for (let i = 0; i < total; i++) {
    const state = match.stateAt(i);
    const chances = curveAt(i);
    const judged = analyseDecision(game, state, record.choices[i], i, { iterations, seed, forcedValue: chances[game.toAct(state)!] });
    let beforeChance: number[] | null = null;
    if (chanceAt(i)) {
      beforeChance = judged.forced ? chances : toPercent(meanShares(game, h, st, seeds, (r) => game.redrawUnseen(state, r), judged.choice));
    }
    yield { done: i + 1, total, decision: { ...judged, chances, beforeChance } };
  }
}

/**
 * Each move's change of the curve, put down to the mover's choice and to chance: with a reveal,
 * the choice took the curve from `chances` to `beforeChance` and chance the rest of the way; without
 * one, the whole change is the choice's. `next(i)` is the curve at step i + 1 (undefined where not
 * known yet: the change is left out). Exact to the tenth: byChoice + byChance is the curve's change.
 */
export function moveChanges(decisions: readonly DecisionAnalysis[], last?: readonly number[]): MoveChange[] {
  const out: MoveChange[] = [];
  decisions.forEach((d, i) => {
    const next = decisions[i + 1]?.chances ?? (i === decisions.length - 1 ? last : undefined);
    if (next === undefined) return;
    const mid = d.beforeChance ?? next;
    out.push({
      index: d.index,
      seat: d.seat,
      byChoice: d.chances.map((v, p) => ppBetween(mid[p]!, v)),
      byChance: mid.map((v, p) => ppBetween(next[p]!, v)),
      chance: d.beforeChance !== null,
    });
  });
  return out;
}

/** The whole analysis from its decisions (all of them, in order), with the curve, the changes and the flagged list. */
export function summarise(
  game: AnyGame,
  record: MatchRecord,
  decisions: readonly DecisionAnalysis[],
  opts: AnalysisOptions = {},
): GameAnalysis {
  const match = replay(game, record);
  const result = game.result(match.state);
  const iterations = opts.iterations ?? DEFAULT_ANALYSIS_ITERATIONS;
  const seed = opts.seed ?? 1;
  const last = positionChances(game, match.state, { iterations, seed });
  const curve = [...decisions.map((d) => d.chances), last];
  const flagged = decisions
    .filter((d) => d.flagged)
    .sort((a, b) => b.drop - a.drop || a.index - b.index)
    .map((d) => d.index);
  return {
    game: game.id,
    seats: record.seats,
    iterations,
    seed,
    finished: result !== null,
    winners: result ? [...result.winners] : null,
    decisions,
    curve,
    changes: moveChanges(decisions, last),
    flagged,
  };
}

/** The whole game at once (the CLI). */
export function analyseGame(game: AnyGame, record: MatchRecord, opts: AnalysisOptions = {}): GameAnalysis {
  const decisions: DecisionAnalysis[] = [];
  for (const step of analyseSteps(game, record, opts)) decisions.push(step.decision);
  return summarise(game, record, decisions, opts);
}

/** A fall of one seat's winning chance at one move, with what caused it. */
export interface Fall {
  /** The move (the record's choice index). */
  readonly index: number;
  /** The seat whose chance fell. */
  readonly seat: Seat;
  /** The seat that moved: `seat` itself (its own choice) or another. */
  readonly mover: Seat;
  /** The whole change, in percentage points (negative). */
  readonly total: number;
  /** The part due to the mover's choice. */
  readonly byChoice: number;
  /** The part due to what the move revealed. */
  readonly byChance: number;
}

/** Every fall of `seat`'s winning chance of FLAG_DROP points or more at one move, in move order. */
export function fallsOf(changes: readonly MoveChange[], seat: Seat): Fall[] {
  const out: Fall[] = [];
  for (const c of changes) {
    const byChoice = c.byChoice[seat]!;
    const byChance = c.byChance[seat]!;
    const total = Math.round((byChoice + byChance) * 10) / 10;
    if (total <= -FLAG_DROP) out.push({ index: c.index, seat, mover: c.seat, total, byChoice, byChance });
  }
  return out;
}

/** Where one seat's winning chance went over the moves known: its own choices, each other seat's moves, chance. */
export interface Breakdown {
  /** The seat's chance at the first step and at the last one known, in %. */
  readonly from: number;
  readonly to: number;
  /** Percentage points from the seat's own choices. */
  readonly own: number;
  /** Percentage points from each seat's moves (the seat's own entry is 0: see `own`). */
  readonly others: readonly number[];
  /** Percentage points from chance. */
  readonly chance: number;
}

/** `seat`'s breakdown: own + Σ others + chance = to − from, exact to the tenth. */
export function breakdownOf(changes: readonly MoveChange[], curve: readonly (readonly number[])[], seat: Seat, seats: number): Breakdown {
  const tenths = (x: number): number => Math.round(x * 10);
  let own = 0;
  let chance = 0;
  const others = new Array<number>(seats).fill(0);
  for (const c of changes) {
    if (c.seat === seat) own += tenths(c.byChoice[seat]!);
    else others[c.seat]! += tenths(c.byChoice[seat]!);
    chance += tenths(c.byChance[seat]!);
  }
  return {
    from: curve[0]?.[seat] ?? 0,
    to: curve[changes.length]?.[seat] ?? curve[0]?.[seat] ?? 0,
    own: own / 10,
    others: others.map((x) => x / 10),
    chance: chance / 10,
  };
}
