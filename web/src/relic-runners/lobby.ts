import type { ClientGame, TypesOf } from '../game-types.js';
import { RelicRunnersOptionFields } from './RelicRunnersOptionFields.js';

/**
 * Relic Runners' part of the lobby, apart from its table so that the lobby's chunk carries no
 * table (the client registry, games.ts, holds this same object).
 */
export const relicRunnersLobby: ClientGame<TypesOf<'relic-runners'>>['lobby'] = {
  // A first game against bots uses the first-game layout; friends default to the standard one.
  defaults: { bots: { layout: 'first', openScores: false }, friends: { layout: 'standard', openScores: false } },
  OptionFields: RelicRunnersOptionFields,
};
