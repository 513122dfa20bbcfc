import type { ClientGame, TypesOf } from '../game-types.js';

/** Quetzal's part of the lobby, apart from its table (the client registry, games.ts, holds this same object). */
export const quetzalLobby: ClientGame<TypesOf<'quetzal'>>['lobby'] = {
  // Nothing to set: the start seat defaults to A.
  defaults: { bots: {}, friends: {} },
  OptionFields: null,
};
