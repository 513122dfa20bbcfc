/**
 * Playing any game through its public contract (src/core/game.ts): the helpers every game's tests
 * share. The per-game modules (rr.ts, quetzal.ts) only bind these to their game and its types.
 */
import assert from 'node:assert/strict';
import type { Choice, Game, GameEvent } from '../../src/core/game.js';
import { IllegalChoice } from '../../src/core/errors.js';
import { createRng, FAST_SEEDING, type Rng, type Seeding } from '../../src/core/rng.js';

/** A game seen through what these helpers use of it: its states and choices (options and views vary by game). */
export type SomeGame<S, C extends Choice = Choice, E extends GameEvent = GameEvent> = Game<S, C, unknown, unknown, E>;

/** Legal choices now, optionally only those of one type. */
export function choices<S, C extends Choice>(game: SomeGame<S, C>, s: S, t?: C['t']): C[] {
  return game.choices(s).filter((c) => t === undefined || c.t === t);
}

/** Plays choices in order, each given as a full choice object; returns all their events. */
export function act<S, C extends Choice, E extends GameEvent>(game: SomeGame<S, C, E>, s: S, ...cs: C[]): E[] {
  const events: E[] = [];
  for (const c of cs) events.push(...game.apply(s, c));
  return events;
}

/** Asserts that a choice is refused with IllegalChoice, with a reason, and that trying it changed nothing. */
export function assertIllegal<S>(game: SomeGame<S>, s: S, c: unknown): IllegalChoice {
  const before = game.hash(s);
  let err: unknown;
  try {
    game.apply(s, c);
  } catch (e) {
    err = e;
  }
  assert.ok(
    err instanceof IllegalChoice,
    err === undefined
      ? `${JSON.stringify(c)} was accepted`
      : `${JSON.stringify(c)} failed otherwise: ${err instanceof Error ? err.message : JSON.stringify(err)}`,
  );
  assert.ok(err.reason.length > 0, `refusing ${JSON.stringify(c)} gave no reason`);
  assert.equal(game.hash(s), before, `refusing ${JSON.stringify(c)} changed the state`);
  return err;
}

export interface RandomPlay<S, C extends Choice> {
  /** Raw options, validated by the game (default: its defaults). */
  readonly options?: unknown;
  /** How the game seed is read (default: the fast generator, FAST_SEEDING); a record's version for a game as its match plays it. */
  readonly seeding?: Seeding;
  /** Picks the choices (default: a generator seeded from the game seed). */
  readonly rng?: Rng;
  /** Stops before the decision at which this is true (default: play to the end). */
  readonly until?: (s: S) => boolean;
  /** Called before each decision with the state, the choice about to be played and the picking generator. */
  readonly visit?: (s: S, c: C, rng: Rng) => void;
  /** Decisions after which a game that has not ended is a failure (a game that never ends is a bug). */
  readonly maxDecisions?: number;
}

/** Sets a game up from a seed, as a match of record version `seeding` does. */
export function setupGame<S>(
  game: SomeGame<S>,
  seats: number,
  seed: number | string,
  options?: unknown,
  seeding: Seeding = FAST_SEEDING,
): S {
  return game.setup(game.options(options), seats, createRng(seed, seeding));
}

/** Plays a seeded random game (uniform among the legal choices); returns the last state. */
export function randomGame<S, C extends Choice>(
  game: SomeGame<S, C>,
  seats: number,
  seed: number | string,
  play: RandomPlay<S, C> = {},
): S {
  const s = setupGame(game, seats, seed, play.options, play.seeding);
  const rng = play.rng ?? createRng(`play:${seed}`);
  const max = play.maxDecisions ?? 100_000;
  for (let n = 0; game.toAct(s) !== null && !(play.until?.(s) ?? false); n++) {
    if (n >= max) throw new Error(`${game.id} game ${seed} (${seats} seats) did not end in ${max} decisions`);
    const cs = game.choices(s);
    const c = cs[rng.int(cs.length)]!;
    play.visit?.(s, c, rng);
    game.apply(s, c);
  }
  return s;
}

/** Runs `body` for each seed, putting the seed in front of any failure's message so it can be replayed. */
export function forSeeds(seeds: Iterable<number>, body: (seed: number) => void): void {
  for (const seed of seeds) {
    try {
      body(seed);
    } catch (e) {
      if (e instanceof Error) e.message = `[seed ${seed}] ${e.message}`;
      throw e;
    }
  }
}

/** The integers a, a+1, …, b-1. */
export const range = (a: number, b: number): number[] => Array.from({ length: b - a }, (_, i) => a + i);
