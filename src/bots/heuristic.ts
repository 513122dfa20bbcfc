import type { Choice, Seat } from '../core/game.js';
import type { Rng } from '../core/rng.js';

/**
 * Game knowledge for the greedy bot and for ISMCTS playouts. Written per game (src/bots/<game>/)
 * and registered with its game (registry.ts, heuristicFor); it reads a state that a bot was given
 * (a determinized sample), never the true one.
 */
export interface Heuristic<S = unknown> {
  /** Estimated final score of `seat` from this state (VP-like units; higher is better). */
  value(s: S, seat: Seat): number;
  /**
   * `value` split into named parts (stable keys, one entry per key, in a fixed order) that add up
   * to it: what a hint says a move gains. The entries are the value's own running sum taken apart,
   * so they add up to it within rounding.
   */
  terms?(s: S, seat: Seat): readonly Term[];
  /** The part of `value` already certain (VP scored, tiles and relics held); the rest is potential. */
  banked?(s: S, seat: Seat): number;
  /**
   * Rules of thumb that narrow the choices searched (a subset of `choices`, never empty). A value
   * cannot see why a state came about (after declining a relic, an explorer on a relic shrine looks
   * like an expedition ready to go), so such rules are stated directly. `deliberate` is set for a
   * searching bot's own seat in its tree, where lookahead can judge what a rule of thumb would
   * otherwise settle; the other seats are modelled as the greedy bot plays, without it.
   */
  prune?(s: S, seat: Seat, choices: readonly Choice[], deliberate?: boolean): readonly Choice[];
  /** A light ISMCTS playout policy: one of `choices` (already pruned); uniform when absent. */
  playout?(s: S, seat: Seat, choices: readonly Choice[], rng: Rng): Choice;
  /** ISMCTS settings measured best for this game at this many seats, used where the bot's spec sets none. */
  readonly ismcts?: (seats: number) => IsmctsDefaults;
}

export interface Term {
  readonly key: string;
  readonly value: number;
}

/**
 * The running sum a heuristic's value is written as, kept per term as it goes: `v` is the value
 * exactly as one `v += x` after another computes it, so splitting a value into terms cannot change
 * it. One per heuristic module, reset on every call (values are computed one at a time).
 */
export class TermSum {
  v = 0;
  private readonly part: Float64Array;
  constructor(readonly keys: readonly string[]) {
    this.part = new Float64Array(keys.length);
  }
  reset(): void {
    this.v = 0;
    this.part.fill(0);
  }
  add(k: number, x: number): void {
    this.v += x;
    this.part[k]! += x;
  }
  list(): Term[] {
    return this.keys.map((key, i) => ({ key, value: this.part[i]! }));
  }
}

export interface IsmctsDefaults {
  readonly potential?: number;
  readonly maxBackup?: number;
  /** Iterations per visit by which the best-child threshold grows (IsmctsOptions.maxBackupPer). */
  readonly maxBackupPer?: number;
  /** Weight of the turn-end prior at the root (IsmctsOptions.bias). */
  readonly bias?: number;
  /** Playout length in turns beyond the leaf (IsmctsOptions.rolloutTurns; else one round). */
  readonly rolloutTurns?: number;
}
