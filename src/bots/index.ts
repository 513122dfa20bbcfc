import { InvalidInput } from '../core/errors.js';
import type { Bot } from './bot.js';
import { randomBot } from './random.js';
import { greedyBot, parseGreedyArg } from './greedy.js';
// Registers the Relic Runners heuristic for heuristicFor().
import './relic-runners/index.js';
// Registers the Quetzal heuristic.
import './quetzal/index.js';
import { ismctsBot, parseIsmctsArg } from './ismcts.js';

const FACTORIES: Record<string, (arg?: string) => Bot> = {
  random: () => randomBot(),
  greedy: (arg) => greedyBot(parseGreedyArg(arg)),
  ismcts: (arg) => ismctsBot(parseIsmctsArg(arg), arg ? `ismcts:${arg}` : 'ismcts'),
};

/** Builds a bot from its spec, `name` or `name:arg`. */
export function botFromSpec(spec: string): Bot {
  const [name, arg] = spec.split(':', 2) as [string, string | undefined];
  const f = FACTORIES[name];
  if (!f) throw new InvalidInput(`unknown bot "${spec}" (known: ${Object.keys(FACTORIES).join(', ')})`);
  return f(arg);
}

export { decide } from './bot.js';
export type { Bot, BotInput } from './bot.js';
