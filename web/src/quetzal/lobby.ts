import type { LobbyEntry, TypesOf } from '../game-types.js';

/** Quetzal's part of the lobby, apart from its table (its `lobby` in the client's registry, registry.ts). */
export const quetzalLobby: LobbyEntry<TypesOf<'quetzal'>> = {
  // Nothing to set: the start seat defaults to A.
  defaults: { bots: {}, friends: {} },
  OptionFields: null,
};
