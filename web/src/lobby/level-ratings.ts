import table from '../../../src/bots/level-ratings.json';
import type { BotLevelKey } from '../../../src/bots/levels.js';
import type { GameId } from '../game-types.js';

/** src/bots/level-ratings.json as written by `npm run ratings`: per game, per level, its OpenSkill figures. */
type RatingsTable = Readonly<Record<string, Readonly<Partial<Record<BotLevelKey, { readonly rating: number }>>> | undefined>>;

const RATINGS = table as unknown as RatingsTable;

/** The level's rating at `game` from the committed tournament, or null when that game has none. */
export function levelRating(game: GameId, key: BotLevelKey): number | null {
  const r = RATINGS[game]?.[key]?.rating;
  return typeof r === 'number' ? r : null;
}
