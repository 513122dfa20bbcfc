import type { TFunction } from 'i18next';
import { helpHref } from '../help/link.js';
import { botLevel } from '../net/ratings.js';
import { GAME_IDS, isGameId } from '../registry.js';

/** A game's name in the page's language (its id for a game this client does not know). */
export const gameName = (t: TFunction, game: string): string => t(`lobby:gameChoice.${game}`, { defaultValue: game });

/** The rules help's entry on ratings, in the help of `game` (every game's help has it). */
export const ratingsHelpHref = (game: string): string => helpHref(isGameId(game) ? game : GAME_IDS[0]!, 'ratings');

/** A player as the pages name them: a bot by its level's name in the page's language ("Greedy bot"), anyone else by their name. */
export function playerName(t: TFunction, name: string, bot: boolean | undefined): string {
  const level = bot ? botLevel(name) : undefined;
  return level ? t(`saves:bot.${level.key}`) : name;
}
