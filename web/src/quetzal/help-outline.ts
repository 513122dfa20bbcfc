import { LOC_IDS, type LocId, type UpgradeId } from '../../../src/games/quetzal/data.js';
import type { HelpOutline } from '../help/outline.js';

// The engine's own ids: its locations in the board's order; its upgrades (UPGRADE_IDS) grouped by what they do.
const Q_LOCATIONS = LOC_IDS;
const Q_UPGRADES = [
  'reroll2',
  'rerollAll',
  'templeDiscount',
  'templeDraw',
  'extraCard',
  'tabletCoins',
  'jarSet',
  'weaponSet',
  'mixedSet',
  'coinsToVp',
  'coinsToDiscovery',
  'instantCoins',
  'instantDiscovery',
] as const satisfies readonly UpgradeId[];
const Q_TURN = ['roll', 'place', 'activate', 'prepare'] as const;
const Q_DELIVERY = ['deliver', 'discovery'] as const;

export type QHelpId =
  | 'goal'
  | 'setup'
  | 'turn'
  | (typeof Q_TURN)[number]
  | 'locations'
  | (typeof Q_LOCATIONS)[number]
  | 'delivery'
  | (typeof Q_DELIVERY)[number]
  | 'upgrades'
  | (typeof Q_UPGRADES)[number]
  | 'scoring'
  | 'end'
  | 'two-players'
  | 'ratings';

const isLoc = (id: string): id is LocId => (Q_LOCATIONS as readonly string[]).includes(id);
const isUpgrade = (id: string): id is UpgradeId => (Q_UPGRADES as readonly string[]).includes(id);

/** Quetzal's rules help: its sections and entries (the words: help/content/quetzal/<lng>.ts). */
export const quetzalHelp: HelpOutline<QHelpId> = {
  sections: [
    { id: 'goal', entries: [] },
    { id: 'setup', entries: [] },
    { id: 'turn', entries: Q_TURN },
    { id: 'locations', entries: Q_LOCATIONS },
    { id: 'delivery', entries: Q_DELIVERY },
    { id: 'upgrades', entries: Q_UPGRADES },
    { id: 'scoring', entries: [] },
    { id: 'end', entries: [] },
    { id: 'two-players', entries: [] },
    { id: 'ratings', entries: [] },
  ],
  nameKey: (id) => (isLoc(id) ? `quetzal:loc.${id}` : isUpgrade(id) ? `quetzal:up.${id}.name` : null),
  code: () => null,
};
