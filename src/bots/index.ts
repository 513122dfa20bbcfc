import { InvalidInput } from '../core/errors.js';
import type { Bot } from './bot.js';
import { randomBot } from './random.js';
import { greedyBot, parseGreedyArg } from './greedy.js';
import { ismctsBot, parseIsmctsArg } from './ismcts.js';
import { DEFAULT_BOT_LIMITS, type BotLimits } from './limits.js';

/** The bots by name. A Map, not an object: a spec such as "constructor" must not find Object.prototype. */
const FACTORIES = new Map<string, (arg: string | undefined, limits: BotLimits) => Bot>([
  [
    'random',
    (arg) => {
      if (arg) throw new InvalidInput('random takes no argument');
      return randomBot();
    },
  ],
  ['greedy', (arg) => greedyBot(parseGreedyArg(arg))],
  ['ismcts', (arg, limits) => ismctsBot(parseIsmctsArg(arg, limits), arg ? `ismcts:${arg}` : 'ismcts')],
]);

/**
 * Builds a bot from its spec, `name` or `name:arg`, within `limits` (src/bots/limits.ts); any other
 * spec is an InvalidInput that names the fault.
 */
export function botFromSpec(spec: string, limits: BotLimits = DEFAULT_BOT_LIMITS): Bot {
  const colon = spec.indexOf(':');
  const name = colon < 0 ? spec : spec.slice(0, colon);
  const arg = colon < 0 ? undefined : spec.slice(colon + 1);
  const f = FACTORIES.get(name);
  if (!f) throw new InvalidInput(`unknown bot "${spec}" (known: ${[...FACTORIES.keys()].join(', ')})`);
  try {
    return f(arg, limits);
  } catch (e) {
    if (e instanceof InvalidInput) throw new InvalidInput(`bot "${spec}": ${e.message}`);
    throw e;
  }
}

export { decide } from './bot.js';
export type { Bot, BotInput } from './bot.js';
export { DEFAULT_BOT_LIMITS, FALLBACK_BOT_SPEC, type BotLimits } from './limits.js';
export { hint, largestGain, type Hint, type HintReason } from './hint.js';
