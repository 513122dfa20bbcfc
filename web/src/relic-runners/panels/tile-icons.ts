import { tileKey } from './tiles.js';

/**
 * The icon of every ivory and purple tile: a symbol of what it does, so a tile reads at a glance
 * without its code. Text presentation (U+FE0E) keeps the symbols from turning into emoji.
 * Names and effects are in the `tiles` namespace under the same keys.
 */
export const TILE_ICONS = {
  'PU-1': '★', // 3 VP
  'PU-2': '⇧', // a toolbox up one step
  'PU-3': '☕', // 2 rations
  'PU-4': '⊞', // a toolbox from reserve
  'PU-5': '⌂', // back to base camp
  'PU-6': '⇄', // move a pathway
  'PU-7': '↗', // a neighbour's action
  'PU-8': '↻', // flip two tokens
  'IV1-1': '❖', // per ivory tile
  'IV1-2': '♨', // per ration
  'IV1-3': '◈', // per extra relic
  'IV1-4': '⚑', // per pathway
  'IV1-5': '⚒', // per toolbox
  'IV1-6': '⟳', // one more turn
  'IV2-1': '✂', // shortcut
  'IV2-2': '☼', // look inside
  'IV2-3': '✚', // rations up to 5
  'IV2-4': '⇶', // two pathways
  'IV2-5': '✈', // a pathway anywhere
  'IV2-6': '♜', // temple to temple
  'IV3-1': '✎', // +1 VP a placement
  'IV3-2': '⚐', // first explorer
  'IV3-3': '✦', // temples score more
  'IV3-4': '⚖', // rations from rivals' moves
  'IV3-5': '↺', // a ration more at camp
  'IV3-6': '⚓', // flip a token leaving camp
} as const satisfies Record<string, string>;

export type RuleTile = keyof typeof TILE_ICONS;

/** The icon of a tile name ("IV2-4", "PU-3"), or null for tiles without one (blue, unknown). */
export function tileIcon(name: string): string | null {
  const key = tileKey(name) as RuleTile | null;
  return key ? `${TILE_ICONS[key]}\uFE0E` : null;
}

/** Every ivory and purple tile, in the legend's order: purple, then ivory by level. */
export const LEGEND_GROUPS: readonly { readonly id: 'purple' | 'ivory1' | 'ivory2' | 'ivory3'; readonly tiles: readonly RuleTile[] }[] = [
  { id: 'purple', tiles: ['PU-1', 'PU-2', 'PU-3', 'PU-4', 'PU-5', 'PU-6', 'PU-7', 'PU-8'] },
  { id: 'ivory1', tiles: ['IV1-1', 'IV1-2', 'IV1-3', 'IV1-4', 'IV1-5', 'IV1-6'] },
  { id: 'ivory2', tiles: ['IV2-1', 'IV2-2', 'IV2-3', 'IV2-4', 'IV2-5', 'IV2-6'] },
  { id: 'ivory3', tiles: ['IV3-1', 'IV3-2', 'IV3-3', 'IV3-4', 'IV3-5', 'IV3-6'] },
];
