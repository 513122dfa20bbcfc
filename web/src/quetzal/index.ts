import type { ClientGame, TypesOf } from '../game-types.js';
import { choiceLabel } from './choices.js';
import { quetzalHelp } from './help-outline.js';
import { QuetzalProgress } from './QuetzalProgress.js';
import { QuetzalTable } from './QuetzalTable.js';

/** What Quetzal's pages show (its `table` in the client's registry, registry.ts). */
export const quetzalClient: ClientGame<TypesOf<'quetzal'>> = {
  Table: QuetzalTable,
  Progress: QuetzalProgress,
  replayPosition: (view, t) => t('game:status.round', { round: view.round }),
  choiceLabel,
  helpOutline: quetzalHelp,
};
