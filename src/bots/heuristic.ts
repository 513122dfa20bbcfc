import type { AnyGame, Seat } from '../core/game.js';

/**
 * Game knowledge for the greedy bot and for ISMCTS playouts. Written per game; it reads a state
 * that a bot was given (a determinized sample), never the true one.
 */
export interface Heuristic<S = unknown> {
  /** Estimated final score of `seat` from this state (VP-like units; higher is better). */
  value(s: S, seat: Seat): number;
}

const HEURISTICS = new Map<string, Heuristic>();

export function registerHeuristic<S>(gameId: string, h: Heuristic<S>): void {
  HEURISTICS.set(gameId, h as Heuristic);
}

export function heuristicFor(game: AnyGame): Heuristic {
  const h = HEURISTICS.get(game.id);
  if (!h) throw new Error(`no heuristic for game "${game.id}"`);
  return h;
}
