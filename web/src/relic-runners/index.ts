import type { ClientGame, TypesOf } from '../game-types.js';
import { choiceLabel } from './panels/choices.js';
import { RelicRunnersProgress } from './RelicRunnersProgress.js';
import { RelicRunnersTable } from './RelicRunnersTable.js';
import { relicRunnersLobby } from './lobby.js';

/** Relic Runners in the client's registry (games.ts). */
export const relicRunnersClient: ClientGame<TypesOf<'relic-runners'>> = {
  Table: RelicRunnersTable,
  Progress: RelicRunnersProgress,
  replayPosition: (view, t) => t('replay:turn', { turn: view.turn }),
  choiceLabel,
  lobby: relicRunnersLobby,
};
