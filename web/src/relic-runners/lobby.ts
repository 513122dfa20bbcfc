import type { LobbyEntry, TypesOf } from '../game-types.js';
import { RelicRunnersOptionFields } from './RelicRunnersOptionFields.js';

/**
 * Relic Runners' part of the lobby, apart from its table so that the lobby's chunk carries no
 * table (its `lobby` in the client's registry, registry.ts).
 */
export const relicRunnersLobby: LobbyEntry<TypesOf<'relic-runners'>> = {
  // A first game against bots uses the first-game layout; friends default to the standard one.
  defaults: { bots: { layout: 'first', openScores: false }, friends: { layout: 'standard', openScores: false } },
  OptionFields: RelicRunnersOptionFields,
};
