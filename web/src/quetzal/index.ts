import type { ClientGame, TypesOf } from '../game-types.js';
import { choiceLabel } from './choices.js';
import { QuetzalProgress } from './QuetzalProgress.js';
import { QuetzalTable } from './QuetzalTable.js';
import { quetzalLobby } from './lobby.js';

/** Quetzal in the client's registry (games.ts). */
export const quetzalClient: ClientGame<TypesOf<'quetzal'>> = {
  Table: QuetzalTable,
  Progress: QuetzalProgress,
  replayPosition: (view, t) => t('game:status.round', { round: view.round }),
  choiceLabel,
  lobby: quetzalLobby,
};
