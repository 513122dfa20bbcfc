import type { ClientGame, GameId, GameTypes, TypesOf } from './game-types.js';
import { quetzalClient } from './quetzal/index.js';
import { relicRunnersClient } from './relic-runners/index.js';

/**
 * The games this client shows, each with its table, status line and lobby options, in the order
 * of the lobby's selector. The engines are not here: only the lazy chunks (offline play, replays)
 * load them, through engines.ts.
 */
export const GAMES: { readonly [G in GameId]: ClientGame<TypesOf<G>> } = {
  'relic-runners': relicRunnersClient,
  quetzal: quetzalClient,
};

export { GAME_IDS } from './lobby-games.js';

/**
 * The entry of the game a view is of (its `game` field). A view always comes with its own game's
 * entry, so the entry takes it whatever its static type: this is the one place that trusts that.
 */
export function gameOf(view: { readonly game: string }): ClientGame<GameTypes> {
  const g = (GAMES as Partial<Record<string, unknown>>)[view.game];
  if (!g) throw new Error(`this client cannot show a game of "${view.game}"`);
  return g as ClientGame<GameTypes>;
}
