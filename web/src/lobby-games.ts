import type { ClientGame, GameId, TypesOf } from './game-types.js';
import { quetzalLobby } from './quetzal/lobby.js';
import { relicRunnersLobby } from './relic-runners/lobby.js';

/**
 * Each game's lobby entry (option defaults and fields), in the order of the lobby's selector.
 * The lobby imports this and not games.ts, so that it loads no table until a game is opened.
 */
export const LOBBY_GAMES: { readonly [G in GameId]: ClientGame<TypesOf<G>>['lobby'] } = {
  'relic-runners': relicRunnersLobby,
  quetzal: quetzalLobby,
};

export const GAME_IDS = Object.keys(LOBBY_GAMES) as GameId[];
