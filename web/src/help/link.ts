import type { GameId } from '../game-types.js';
import { isGameId } from '../registry.js';

/**
 * The address of an entry of the rules help panel. Any part of a table (a tile's tooltip, a
 * legend, a decision) links to help with `helpHref`; the panel opens at that entry whenever the
 * page's hash names one, so a link needs no access to the panel's state.
 *
 * Entry ids: Relic Runners tiles by their rule id (`IV2-5`, `PU-3`), Quetzal locations by `LocId`
 * and upgrades by `UpgradeId` (the engine's own ids), and sections by name (`turn`, `scoring`,
 * `end`).
 */
export interface HelpTarget {
  readonly game: GameId;
  readonly entry: string | null;
}

const PREFIX = '#help/';

export function helpHref(game: GameId, entry?: string): string {
  return `${PREFIX}${game}${entry ? `/${encodeURIComponent(entry)}` : ''}`;
}

/** The help entry a location hash names, or null when it names none. */
export function parseHelpHash(hash: string): HelpTarget | null {
  if (!hash.startsWith(PREFIX)) return null;
  const [game, entry] = hash.slice(PREFIX.length).split('/', 2);
  if (game === undefined || !isGameId(game)) return null;
  let decoded: string | null = null;
  if (entry) {
    try {
      decoded = decodeURIComponent(entry);
    } catch {
      decoded = null;
    }
  }
  return { game, entry: decoded };
}
