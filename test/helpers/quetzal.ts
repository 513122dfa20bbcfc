/** Quetzal's bindings of the shared play helpers (play.ts), typed, and its position helpers. */
import { createRng, type Rng } from '../../src/core/rng.js';
import { quetzal as g, type QChoice, type QEvent, type State } from '../../src/games/quetzal/index.js';
import { buildPosition, type QPositionSpec } from '../../src/games/quetzal/position.js';
import * as play from './play.js';

export { g, buildPosition };
export type { QPositionSpec, QChoice, State };
export { forSeeds, range } from './play.js';

export const setup = (seats: number, seed: number | string = 1, opts: object = {}): State => play.setupGame(g, seats, seed, opts);

/** Legal choices now, optionally only those of one type. */
export const choices = (s: State, t?: QChoice['t']): QChoice[] => play.choices(g, s, t);

/** Plays choices in order; returns all events. */
export const act = (s: State, ...cs: QChoice[]): QEvent[] => play.act(g, s, ...cs);

/** Asserts that a choice is illegal now and that the state is unchanged by trying it. */
export function assertIllegal(s: State, c: unknown): void {
  play.assertIllegal(g, s, c);
}

/** The events of one type, typed as such. */
export function eventsOf<T extends QEvent['type']>(events: readonly QEvent[], type: T): Extract<QEvent, { type: T }>[] {
  return events.filter((e): e is Extract<QEvent, { type: T }> => e.type === type);
}

/** A placement choice with zero defaults: place('quarry', {as:'adv', adv:2}). */
export function place(
  loc: string,
  o: { banner?: number; as?: 'adv' | 'arch'; adv?: number; arch?: number; wild?: number; leader?: boolean } = {},
): QChoice {
  const c: Record<string, unknown> = { t: 'place', loc };
  if (o.banner !== undefined) c.banner = o.banner;
  if (o.as !== undefined) c.as = o.as;
  c.adv = o.adv ?? 0;
  c.arch = o.arch ?? 0;
  c.wild = o.wild ?? 0;
  c.leader = o.leader ?? false;
  return c as unknown as QChoice;
}

/** The kind of the pending decision, or null at the end. */
export const decision = (s: State): string | null => g.view(s, null).decision;

/** A seat's hand by card name, sorted, as that seat sees it. */
export const handNames = (s: State, seat: number): string[] => [...(g.view(s, seat).players[seat]!.hand ?? [])];
/** The temple display by card name (null: an empty space). */
export const templeNames = (s: State): (string | null)[] => [...g.view(s, null).temple];

/** Plays a random game from a seed to its end, visiting each state before its choice. */
export function randomGame(seed: number, seats: number, visit?: (s: State, c: QChoice, rng: Rng) => void): State {
  return play.randomGame(g, seats, seed, { rng: createRng(`q:${seed}`), visit, maxDecisions: 5000 });
}
