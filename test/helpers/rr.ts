/** Relic Runners' bindings of the shared play helpers (play.ts), typed, and its position helpers. */
import type { GameEvent } from '../../src/core/game.js';
import { createRng, type Rng } from '../../src/core/rng.js';
import { relicRunners as g, STANDARD_BOARD, type RRChoice, type State } from '../../src/games/relic-runners/index.js';
import { buildPosition, type PositionSpec } from '../../src/games/relic-runners/position.js';
import * as play from './play.js';

export { g, buildPosition };
export type { PositionSpec, RRChoice, State };
export { forSeeds, range } from './play.js';

/** Legal choices now, optionally only those of one type. */
export const choices = (s: State, t?: RRChoice['t']): RRChoice[] => play.choices(g, s, t);

/** Plays choices in order, each given as a full choice object; returns all events. */
export const act = (s: State, ...cs: RRChoice[]): GameEvent[] => play.act(g, s, ...cs);

/** Asserts that a choice is illegal now and that the state is unchanged by trying it. */
export function assertIllegal(s: State, c: unknown): void {
  play.assertIllegal(g, s, c);
}

/** The pending decision's kind ("move", "post", "steps", …) or null when the game is over. */
export const decision = (s: State): string | null => g.view(s, null).decision;

/** Move choices as lists of trail ids, sorted, for comparing with expected sets. */
export function moveSets(s: State): string[] {
  return choices(s, 'move')
    .flatMap((c) => (c.t === 'move' ? [c.trails.join(',')] : []))
    .sort();
}

/** The seat whose turn it is (still the last one once the game is over). */
export const seatOf = (s: State): number => g.view(s, null).current;
export const player = (s: State, seat = s.cur) => s.players[seat]!;
export const loc = (s: State, id: string): number => s.board.locIndex.get(id)!;

/**
 * Plays a random game from a seed, calling `visit` before each decision with the state, the choice
 * about to be played and the picking generator, until the game ends or turn `capTurns` is over.
 */
export function randomGame(
  seed: number,
  seats: number,
  capTurns: number,
  visit?: (s: State, c: RRChoice, rng: Rng) => void,
  options: object = {},
): State {
  return play.randomGame(g, seats, seed, { options, rng: createRng(`game:${seed}`), until: (s) => g.turn(s) > capTurns, visit });
}

/** The first-game temple colours of the board data, so that no temple colour depends on a seed. */
export const FIRST_GAME_TEMPLES: PositionSpec['temples'] = STANDARD_BOARD.data.firstGameTemples;
/** Ids of the ten river trails. */
export const RIVER_TRAILS: readonly number[] = STANDARD_BOARD.rivers.map((t) => STANDARD_BOARD.trails[t]!.id);
