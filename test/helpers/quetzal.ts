import assert from 'node:assert/strict';
import { createRng, type Rng } from '../../src/core/rng.js';
import { quetzal as g, type QChoice, type QEvent, type State } from '../../src/games/quetzal/index.js';
import { buildPosition, type QPositionSpec } from '../../src/games/quetzal/position.js';
import { cardName } from '../../src/games/quetzal/data.js';

export { g, buildPosition };
export type { QPositionSpec, QChoice, State };

export function setup(seats: number, seed: number | string = 1, opts: object = {}): State {
  return g.setup(g.options(opts), seats, createRng(seed));
}

/** Legal choices now, optionally only those of one type. */
export function choices(s: State, t?: QChoice['t']): QChoice[] {
  return g.choices(s).filter((c) => t === undefined || c.t === t) as QChoice[];
}

/** Plays choices in order; returns all events. */
export function act(s: State, ...cs: QChoice[]): QEvent[] {
  const out: QEvent[] = [];
  for (const c of cs) out.push(...g.apply(s, c));
  return out;
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
export function decision(s: State): string | null {
  if (s.over) return null;
  return s.stack[s.stack.length - 1]?.k ?? null;
}

export function assertIllegal(s: State, c: unknown): void {
  const before = g.hash(s);
  assert.throws(() => g.apply(s, c), { name: 'IllegalChoice' });
  assert.equal(g.hash(s), before);
}

export const handNames = (s: State, seat: number): string[] => s.players[seat]!.hand.map(cardName).sort();
export const templeNames = (s: State): (string | null)[] => s.temple.map((c) => (c < 0 ? null : cardName(c)));

/** Declines everything optional until the decision kind differs or the game ends. */
export function declineUntil(s: State, stop: (s: State) => boolean): void {
  while (!s.over && !stop(s)) {
    const cs = g.choices(s);
    const c =
      cs.find(
        (x) =>
          x.t === 'deliver' ||
          x.t === 'done' ||
          (x.t === 'sell' && x.card === null) ||
          (x.t === 'reroll' && x.faces.length === 0) ||
          (x.t === 'rerollAll' && !x.use),
      ) ?? cs[0]!;
    g.apply(s, c);
  }
}

/** Plays a random game from a seed, visiting each state before its choice. */
export function randomGame(seed: number, seats: number, visit?: (s: State, c: QChoice, rng: Rng) => void): State {
  const rng = createRng(`q:${seed}`);
  const s = setup(seats, seed);
  let guard = 0;
  while (g.toAct(s) !== null) {
    const cs = g.choices(s);
    const c = cs[rng.int(cs.length)]!;
    visit?.(s, c, rng);
    g.apply(s, c);
    if (++guard > 5000) throw new Error(`game ${seed} did not end`);
  }
  return s;
}

export { forSeeds, range } from './random-play.js';
