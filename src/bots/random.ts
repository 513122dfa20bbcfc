import type { AnyGame, Choice } from '../core/game.js';
import type { Rng } from '../core/rng.js';
import type { Bot } from './bot.js';

/** Uniform over the legal choices. */
export function randomBot(): Bot {
  return {
    name: 'random',
    choose(game: AnyGame, state: unknown, rng: Rng): Choice {
      const cs = game.choices(state) as readonly Choice[];
      if (cs.length === 0) throw new Error('random bot asked to move in a finished game');
      return cs[rng.int(cs.length)]!;
    },
  };
}
