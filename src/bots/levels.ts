/**
 * The bot levels a person can choose between in the lobby, weakest first: the one list, read by the
 * web lobby and by the ratings script (bench/ratings.ts), which rates them against each other into
 * src/bots/level-ratings.json. Specs as botFromSpec reads them.
 */
export const BOT_LEVELS = [
  { key: 'random', spec: 'random' },
  { key: 'greedy', spec: 'greedy' },
  { key: 'ismcts', spec: 'ismcts:1s' },
] as const;

export type BotLevel = (typeof BOT_LEVELS)[number];
export type BotLevelKey = BotLevel['key'];
