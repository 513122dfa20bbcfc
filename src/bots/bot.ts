import type { AnyGame, Choice } from '../core/game.js';
import type { Rng } from '../core/rng.js';

/**
 * A bot picks a choice for the seat to act. It is written against the core contract only, so it
 * runs in Node, on the server and in a Web Worker.
 */
export interface Bot {
  readonly name: string;
  choose(game: AnyGame, state: unknown, rng: Rng): Choice;
}
