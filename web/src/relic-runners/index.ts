import type { ClientGame, TypesOf } from '../game-types.js';
import { relicRunnersHelp } from './help-outline.js';
import { choiceLabel } from './panels/choices.js';
import { RelicRunnersProgress } from './RelicRunnersProgress.js';
import { RelicRunnersTable } from './RelicRunnersTable.js';

/** What Relic Runners' pages show (its `table` in the client's registry, registry.ts). */
export const relicRunnersClient: ClientGame<TypesOf<'relic-runners'>> = {
  Table: RelicRunnersTable,
  Progress: RelicRunnersProgress,
  replayPosition: (view, t) => t('replay:turn', { turn: view.turn }),
  choiceLabel,
  helpOutline: relicRunnersHelp,
};
