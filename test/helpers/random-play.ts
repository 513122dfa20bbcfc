import { createRng, type Rng } from '../../src/core/rng.js';
import { relicRunners as g, type RRChoice, type State } from '../../src/games/relic-runners/index.js';

export interface Step {
  readonly before: State;
  readonly choice: RRChoice;
}

/**
 * Plays a random game from a seed, calling `visit` before each decision with the state and the
 * choice about to be played. Returns the final state. The seed is in every failure message.
 */
export function randomGame(
  seed: number,
  seats: number,
  capTurns: number,
  visit?: (s: State, c: RRChoice, rng: Rng) => void,
  options: object = {},
): State {
  const rng = createRng(`game:${seed}`);
  const s = g.setup(g.options(options), seats, createRng(seed));
  while (g.toAct(s) !== null && g.turn(s) <= capTurns) {
    const cs = g.choices(s);
    const c = cs[rng.int(cs.length)]!;
    visit?.(s, c, rng);
    g.apply(s, c);
  }
  return s;
}

/** Runs `body` for seeds, adding the seed to any failure so it can be replayed. */
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

export const range = (a: number, b: number): number[] => Array.from({ length: b - a }, (_, i) => a + i);
