import type { ClientGame, TypesOf } from '../game-types.js';
import { RROptionFields } from './OptionFields.js';
import { RRProgress } from './Progress.js';
import { RRTable } from './RRTable.js';

/** Relic Runners in the client's registry (games.ts). */
export const relicRunnersClient: ClientGame<TypesOf<'relic-runners'>> = {
  Table: RRTable,
  Progress: RRProgress,
  replayPosition: (view, t) => t('replay:turn', { turn: view.turn }),
  lobby: {
    // A first game against bots uses the first-game layout; friends default to the standard one.
    defaults: { bots: { layout: 'first', openScores: false }, friends: { layout: 'standard', openScores: false } },
    OptionFields: RROptionFields,
  },
};
