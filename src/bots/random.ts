import type { Choice } from '../core/game.js';
import type { Bot, BotInput } from './bot.js';

/** Uniform over the legal choices; reads no state. */
export function randomBot(): Bot {
  return {
    name: 'random',
    needsSample: false,
    choose({ choices, rng }: BotInput): Choice {
      if (choices.length === 0) throw new Error('random bot asked to move in a finished game');
      return choices[rng.int(choices.length)]!;
    },
  };
}
