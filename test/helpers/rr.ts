import assert from 'node:assert/strict';
import type { GameEvent } from '../../src/core/game.js';
import { relicRunners as g, STANDARD_BOARD, type RRChoice, type State } from '../../src/games/relic-runners/index.js';
import { buildPosition, type PositionSpec } from '../../src/games/relic-runners/position.js';

export { g, buildPosition };
export type { PositionSpec, RRChoice, State };

/** Legal choices now, optionally only those of one type. */
export function choices(s: State, t?: RRChoice['t']): RRChoice[] {
  return g.choices(s).filter((c) => t === undefined || c.t === t) as RRChoice[];
}

/** Plays choices in order, each given as a full choice object; returns all events. */
export function act(s: State, ...cs: RRChoice[]): GameEvent[] {
  const ev: GameEvent[] = [];
  for (const c of cs) ev.push(...g.apply(s, c));
  return ev;
}

/** The pending decision's kind ("move", "post", "steps", …) or null when the game is over. */
export function decision(s: State): string | null {
  return s.over ? null : (s.stack[s.stack.length - 1]?.k ?? null);
}

/** Asserts that a choice is illegal now and that the state is unchanged by trying it. */
export function assertIllegal(s: State, c: unknown): void {
  const before = g.hash(s);
  assert.throws(() => g.apply(s, c), { name: 'IllegalChoice' });
  assert.equal(g.hash(s), before);
}

/** Move choices as lists of trail ids, sorted, for comparing with expected sets. */
export function moveSets(s: State): string[] {
  return choices(s, 'move')
    .map((c) => (c as unknown as { trails: number[] }).trails.join(','))
    .sort();
}

export const seatOf = (s: State): number => s.cur;
export const player = (s: State, seat = s.cur) => s.players[seat]!;
export const loc = (s: State, id: string): number => s.board.locIndex.get(id)!;

/** The first-game temple colours of the board data, so that no temple colour depends on a seed. */
export const FIRST_GAME_TEMPLES: PositionSpec['temples'] = STANDARD_BOARD.data.firstGameTemples;
/** Ids of the ten river trails. */
export const RIVER_TRAILS: readonly number[] = STANDARD_BOARD.rivers.map((t) => STANDARD_BOARD.trails[t]!.id);
