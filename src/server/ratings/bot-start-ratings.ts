/**
 * Where the bot accounts' ratings start, per game and level: the mu and sigma of
 * src/bots/level-ratings.json, as `npm run ratings` (bench/ratings.ts) wrote them: per game, 12
 * two-seat games between every pair of the lobby's levels, seeds "ratings:<n>", rated with
 * OpenSkill (Plackett–Luce) from mu 25, sigma 25/3, the scale a new person starts on. Copied here
 * as typed data for the server; test/server/ratings-math.test.ts fails when the two differ, so a
 * re-run of `npm run ratings` is copied here in the same commit.
 */
import type { BotLevelKey } from '../../bots/levels.js';

export const BOT_START_RATINGS: Readonly<Record<string, Readonly<Record<BotLevelKey, { readonly mu: number; readonly sigma: number }>>>> = {
  'relic-runners': {
    random: { mu: 6.49, sigma: 5.9 },
    greedy: { mu: 31.03, sigma: 5.27 },
    ismcts: { mu: 40.42, sigma: 5.33 },
  },
  quetzal: {
    random: { mu: 6.49, sigma: 5.9 },
    greedy: { mu: 30.91, sigma: 5.06 },
    ismcts: { mu: 40.42, sigma: 5.1 },
  },
};
