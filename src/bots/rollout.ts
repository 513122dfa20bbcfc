import type { AnyGame, Result, Seat } from '../core/game.js';
import type { Rng } from '../core/rng.js';
import type { Heuristic } from './heuristic.js';

/**
 * Playouts, shared by ISMCTS and the post-game analysis: the game's light policy for a few turns,
 * then the heuristic's estimate of the final scores, read as each seat's share of the win.
 */

/**
 * Plays `d` on in place with the game's light policy (uniform where it has none) over the choices
 * its rules of thumb keep, until `turns` more turns have begun or the game is over.
 */
export function rollout(game: AnyGame, h: Heuristic, d: unknown, turns: number, rng: Rng): void {
  const stopAt = game.turn(d) + turns;
  for (let actor = game.toAct(d); actor !== null && game.turn(d) < stopAt; actor = game.toAct(d)) {
    const all = game.choices(d);
    const cs = h.prune ? h.prune(d, actor, all) : all;
    game.apply(d, h.playout ? h.playout(d, actor, cs, rng) : cs[rng.int(cs.length)]!, false);
  }
}

/** Estimated final score: banked VP plus a share `potential` of the heuristic's potential. */
export function estimatedScore(h: Heuristic, s: unknown, seat: Seat, potential: number): number {
  const v = h.value(s, seat);
  if (!h.banked || potential === 1) return v;
  const b = h.banked(s, seat);
  return b + potential * (v - b);
}

/** A finished game's shares of the win: 1/k to each of its k winners, 0 to the others. */
export function resultShares(result: Result, seats: number): number[] {
  const r = new Array<number>(seats).fill(0);
  for (const w of result.winners) r[w] = 1 / result.winners.length;
  return r;
}

/**
 * Shares of the win from estimated final scores: a softmax with `scale` VP per factor e (with two
 * seats, the logistic of the margin over `scale`). They add up to 1, equal scores get equal shares,
 * and a seat `scale` VP behind another has 1/e of its share.
 */
export function scoreShares(values: readonly number[], scale: number): number[] {
  let top = -Infinity;
  for (const v of values) if (v > top) top = v;
  const w = values.map((v) => Math.exp((v - top) / scale));
  let sum = 0;
  for (const x of w) sum += x;
  return w.map((x) => x / sum);
}

export interface ShareSettings {
  /** Playout length in turns beyond the position. */
  readonly turns: number;
  /** Weight of the heuristic's potential in the estimated final scores (see estimatedScore). */
  readonly potential: number;
  /** VP per factor e between two seats' shares (see scoreShares). */
  readonly scale: number;
}

/** The shares of the win where a playout stopped: the result once the game is over, else from the estimated scores. */
export function sharesAt(game: AnyGame, h: Heuristic, d: unknown, st: ShareSettings): number[] {
  const seats = game.seats(d);
  const result = game.result(d);
  if (result) return resultShares(result, seats);
  return scoreShares(
    Array.from({ length: seats }, (_, p) => estimatedScore(h, d, p, st.potential)),
    st.scale,
  );
}

/** One playout from `d` (played on in place): every seat's share of the win where it stopped. */
export function playoutShares(game: AnyGame, h: Heuristic, d: unknown, st: ShareSettings, rng: Rng): number[] {
  rollout(game, h, d, st.turns, rng);
  return sharesAt(game, h, d, st);
}
