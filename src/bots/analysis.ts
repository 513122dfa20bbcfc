import type { AnyGame, Choice, Seat } from '../core/game.js';
import { findChoice } from '../core/apply.js';
import { InvalidInput } from '../core/errors.js';
import { replay, type MatchRecord } from '../core/match.js';
import { createRng, type Rng } from '../core/rng.js';
import { ismctsSearch, type RootStats } from './ismcts.js';
import { MAX_ISMCTS_ITERATIONS } from './limits.js';
// The searches read the games' heuristics (prune, playout): register them, as the bots do.
import './relic-runners/index.js';
import './quetzal/index.js';

/**
 * Post-game analysis (issue 17 §3): for every decision of a finished game, ISMCTS's estimate of the
 * deciding seat's winning chance with the bot's best play ("before") and after the choice made
 * ("after"), and every seat's winning chance over the game (the curve).
 *
 * Fairness: each decision is searched from `game.determinize(S, seat, rng)` of the true state S
 * before it, so it sees only what that seat knew then (the hidden tiles drawn at random); the true
 * state itself is only replayed to reach the next decision, never searched. Two true states that
 * differ only in what the seat has not seen give the same analysis (test/bots/analysis.test.ts).
 */

/** Iterations per decision unless told otherwise: a whole 2-player game in a browser in well under a minute. */
export const DEFAULT_ANALYSIS_ITERATIONS = 300;
/** Fewer iterations say nothing: the search must at least try the choices it is given. */
export const MIN_ANALYSIS_ITERATIONS = 10;
export const MAX_ANALYSIS_ITERATIONS = MAX_ISMCTS_ITERATIONS;
/** A choice that costs this many percentage points of winning chance or more is flagged. */
export const FLAG_DROP = 10;

export interface AnalysisOptions {
  /** ISMCTS iterations per decision (default DEFAULT_ANALYSIS_ITERATIONS). */
  readonly iterations?: number;
  /** Seeds every search: the same record, seed and iterations give the same analysis. */
  readonly seed?: number | string;
}

/** One decision of the record, analysed. Percentages have one decimal. */
export interface DecisionAnalysis {
  /** Index of the choice in the record's `choices` (0-based); the replay shows its position at step `index`. */
  readonly index: number;
  readonly seat: Seat;
  /** The choice made (the engine's copy of the record's choice). */
  readonly choice: Choice;
  /** The bot's preferred choice: the search's most visited one. */
  readonly preferred: Choice;
  /** The seat's winning chance in % with the preferred choice. */
  readonly before: number;
  /** The seat's winning chance in % after the choice made. */
  readonly after: number;
  /** before − after in percentage points (negative when the choice made looked better than the preferred). */
  readonly drop: number;
  /** drop ≥ FLAG_DROP. */
  readonly flagged: boolean;
  /** Only one choice was legal: nothing was searched (see `analyseDecision`). */
  readonly forced: boolean;
  /** Every seat's winning chance in % at this position, as the deciding seat saw it. */
  readonly chances: readonly number[];
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
   * Every seat's winning chance in % at each step 0..decisions (the replay's steps): step i < n is
   * decision i's `chances` (the mean reward of every seat over that decision's search, so the
   * deciding seat's knowledge at that moment, never the true state; a forced decision repeats the
   * step before). The last step is the result (each winner 100/winners), public once the game is
   * over; for an unfinished record it repeats the step before.
   */
  readonly curve: readonly (readonly number[])[];
  /** Indices of the flagged decisions, largest drop first. */
  readonly flagged: readonly number[];
}

const pct = (x: number): number => Math.round(x * 1000) / 10;
const keyOf = (c: unknown): string => JSON.stringify(c);

/** Checks an iteration count (InvalidInput naming the range). */
export function checkIterations(n: number): number {
  if (!Number.isInteger(n) || n < MIN_ANALYSIS_ITERATIONS || n > MAX_ANALYSIS_ITERATIONS) {
    throw new InvalidInput(`analysis iterations must be a whole number in ${MIN_ANALYSIS_ITERATIONS}–${MAX_ANALYSIS_ITERATIONS}, got ${n}`);
  }
  return n;
}

/** The seed of decision `index`'s search: one per decision, so any decision can be analysed alone. */
export const analysisSeed = (seed: number | string, index: number): string => `${seed}:analysis:${index}`;

/**
 * Analyses one decision: the seat to act in `state` (the true state) chose `made`. The search runs on
 * a determinization for that seat only. A forced decision (one legal choice) is not searched: it
 * costs nothing, so before = after = `carried` (the previous position's estimate, passed by the
 * caller; an even chance at the start).
 */
export function analyseDecision(
  game: AnyGame,
  state: unknown,
  made: unknown,
  index: number,
  opts: { readonly iterations: number; readonly seed: number | string; readonly carried?: readonly number[] },
): DecisionAnalysis {
  const seat = game.toAct(state);
  if (seat === null) throw new InvalidInput(`choice #${index}: the game is already over`);
  const rng = createRng(analysisSeed(opts.seed, index));
  const sample = game.determinize(state, seat, rng);
  const choices = game.choices(sample);
  const choice = findChoice(choices, made);
  if (choice === undefined) throw new InvalidInput(`choice #${index} (${keyOf(made)}) is not legal`);
  if (choices.length === 1) {
    const seats = game.seats(sample);
    const chances = opts.carried?.slice() ?? new Array<number>(seats).fill(pct(1 / seats));
    const v = chances[seat] ?? 0;
    return { index, seat, choice, preferred: choice, before: v, after: v, drop: 0, flagged: false, forced: true, chances };
  }
  const stats = ismctsSearch({ game, seat, choices, sample, rng }, { iterations: opts.iterations, reward: 'win', include: choice });
  let best = stats.children[0];
  for (const ch of stats.children) if (best === undefined || ch.visits > best.visits) best = ch;
  const mine = stats.children.find((ch) => ch.choice === choice);
  const before = pct(best?.value ?? stats.seatMeans[seat] ?? 0);
  const after = pct(mine?.value ?? afterUntried(game, sample, seat, choice, rng, opts.iterations));
  const drop = Math.round((before - after) * 10) / 10;
  return {
    index,
    seat,
    choice,
    preferred: best?.choice ?? choice,
    before,
    after,
    drop,
    flagged: drop >= FLAG_DROP,
    forced: false,
    chances: stats.seatMeans.map(pct),
  };
}

/**
 * The seat's value after a choice the search never tried (fewer iterations than choices): a search
 * of its own from the sample with the choice played, read from the seat's mean reward.
 */
function afterUntried(game: AnyGame, sample: unknown, seat: Seat, choice: Choice, rng: Rng, iterations: number): number {
  const next = game.clone(sample);
  game.apply(next, choice, false);
  const actor = game.toAct(next);
  if (actor === null) {
    const r = game.result(next);
    return r && r.winners.includes(seat) ? 1 / r.winners.length : 0;
  }
  const stats: RootStats = ismctsSearch(
    { game, seat, choices: game.choices(next), sample: next, rng },
    { iterations: Math.max(MIN_ANALYSIS_ITERATIONS, Math.floor(iterations / 2)), reward: 'win' },
  );
  return stats.seatMeans[seat] ?? 0;
}

/** Progress of an analysis under way. */
export interface AnalysisStep {
  readonly done: number;
  readonly total: number;
  readonly decision: DecisionAnalysis;
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
  let carried: readonly number[] | undefined;
  for (let i = 0; i < total; i++) {
    const decision = analyseDecision(game, match.stateAt(i), record.choices[i], i, { iterations, seed, carried });
    carried = decision.chances;
    yield { done: i + 1, total, decision };
  }
}

/** The whole analysis from its decisions (all of them, in order), with the curve and the flagged list. */
export function summarise(
  game: AnyGame,
  record: MatchRecord,
  decisions: readonly DecisionAnalysis[],
  opts: AnalysisOptions = {},
): GameAnalysis {
  const match = replay(game, record);
  const result = game.result(match.state);
  const curve = decisions.map((d) => d.chances);
  const last = curve.at(-1) ?? new Array<number>(record.seats).fill(pct(1 / record.seats));
  curve.push(
    result ? Array.from({ length: record.seats }, (_, s) => (result.winners.includes(s) ? pct(1 / result.winners.length) : 0)) : last,
  );
  const flagged = decisions
    .filter((d) => d.flagged)
    .sort((a, b) => b.drop - a.drop || a.index - b.index)
    .map((d) => d.index);
  return {
    game: game.id,
    seats: record.seats,
    iterations: opts.iterations ?? DEFAULT_ANALYSIS_ITERATIONS,
    seed: opts.seed ?? 1,
    finished: result !== null,
    winners: result ? [...result.winners] : null,
    decisions,
    curve,
    flagged,
  };
}

/** The whole game at once (the CLI). */
export function analyseGame(game: AnyGame, record: MatchRecord, opts: AnalysisOptions = {}): GameAnalysis {
  const decisions: DecisionAnalysis[] = [];
  for (const step of analyseSteps(game, record, opts)) decisions.push(step.decision);
  return summarise(game, record, decisions, opts);
}
