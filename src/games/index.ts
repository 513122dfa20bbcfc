import type { AnyGame } from '../core/game.js';
import { InvalidInput } from '../core/errors.js';
import { relicRunners } from './relic-runners/index.js';
import { quetzal } from './quetzal/index.js';

/** Every game the platform plays, by id. */
export const GAMES: ReadonlyMap<string, AnyGame> = new Map<string, AnyGame>([
  [relicRunners.id, relicRunners],
  [quetzal.id, quetzal],
]);

export function gameById(id: string): AnyGame {
  const g = GAMES.get(id);
  if (!g) throw new InvalidInput(`unknown game "${id}" (known: ${[...GAMES.keys()].join(', ')})`);
  return g;
}
