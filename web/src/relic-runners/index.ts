import type { ClientGame, TypesOf } from '../game-types.js';
import { choiceLabel } from './panels/choices.js';
import { RRProgress } from './Progress.js';
import { RRTable } from './RRTable.js';
import { relicRunnersLobby } from './lobby.js';

/** Relic Runners in the client's registry (games.ts). */
export const relicRunnersClient: ClientGame<TypesOf<'relic-runners'>> = {
  Table: RRTable,
  Progress: RRProgress,
  replayPosition: (view, t) => t('replay:turn', { turn: view.turn }),
  choiceLabel,
  lobby: relicRunnersLobby,
};
