import { LOC_IDS, type LocId, type UpgradeId } from '../../../src/games/quetzal/data.js';
import type { HelpGame } from './link.js';

/**
 * The shape of each game's rules help: its sections in reading order and the entries inside them,
 * by id (the ids `helpHref` links to). The words live in one file per game and language
 * (content/<game>/<lng>.ts), typed by these ids so that no language can miss an entry.
 */

/** One section or entry in one language. `title` may be left out where the game already names the thing (see `nameKey`). */
export interface HelpText {
  readonly title?: string;
  readonly body: readonly string[];
}

export interface HelpSection<Id extends string = string> {
  readonly id: Id;
  readonly entries: readonly Id[];
}

export interface HelpOutline<Id extends string = string> {
  readonly sections: readonly HelpSection<Id>[];
  /** The i18n key of the name the table already gives an entry (a tile, a location), or null: the help says it in its own words. */
  readonly nameKey: (id: Id) => string | null;
  /** A code to show beside the name (the tile's rule id, printed on the table's tooltips too), or null. */
  readonly code: (id: Id) => string | null;
}

const ivory = (level: 1 | 2 | 3) => [1, 2, 3, 4, 5, 6].map((n) => `IV${level}-${n}` as const);

// RR-TB-1 … RR-TB-9: the progression table's actions, machete, compass, shovel, levels 1–3.
const RR_TOOLBOX = ['RR-TB-1', 'RR-TB-2', 'RR-TB-3', 'RR-TB-4', 'RR-TB-5', 'RR-TB-6', 'RR-TB-7', 'RR-TB-8', 'RR-TB-9'] as const;
// §4 and §5 of the rules: 18 ivory tiles (three levels of six) and 8 purple tiles.
const RR_IVORY = [...ivory(1), ...ivory(2), ...ivory(3)];
const RR_PURPLE = ['PU-1', 'PU-2', 'PU-3', 'PU-4', 'PU-5', 'PU-6', 'PU-7', 'PU-8'] as const;
const RR_TURN = ['move', 'explore', 'ruins', 'temples', 'shrines', 'expeditions', 'rations'] as const;

export type RRHelpId =
  | 'goal'
  | 'setup'
  | 'turn'
  | (typeof RR_TURN)[number]
  | 'toolboxes'
  | (typeof RR_TOOLBOX)[number]
  | 'ivory'
  | (typeof RR_IVORY)[number]
  | 'purple'
  | (typeof RR_PURPLE)[number]
  | 'scoring'
  | 'end';

const isTile = (id: string) => /^(IV[1-3]-[1-6]|PU-[1-8])$/.test(id);

export const RR_OUTLINE: HelpOutline<RRHelpId> = {
  sections: [
    { id: 'goal', entries: [] },
    { id: 'setup', entries: [] },
    { id: 'turn', entries: RR_TURN },
    { id: 'toolboxes', entries: RR_TOOLBOX },
    { id: 'ivory', entries: RR_IVORY },
    { id: 'purple', entries: RR_PURPLE },
    { id: 'scoring', entries: [] },
    { id: 'end', entries: [] },
  ],
  nameKey: (id) => (isTile(id) ? `tiles:${id}.title` : null),
  code: (id) => (isTile(id) ? id : null),
};

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
  | 'two-players';

const isLoc = (id: string): id is LocId => (Q_LOCATIONS as readonly string[]).includes(id);
const isUpgrade = (id: string): id is UpgradeId => (Q_UPGRADES as readonly string[]).includes(id);

export const Q_OUTLINE: HelpOutline<QHelpId> = {
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
  ],
  nameKey: (id) => (isLoc(id) ? `quetzal:loc.${id}` : isUpgrade(id) ? `quetzal:up.${id}.name` : null),
  code: () => null,
};

export type HelpIdOf<G extends HelpGame> = G extends 'relic-runners' ? RRHelpId : QHelpId;
export type HelpContent<G extends HelpGame> = Readonly<Record<HelpIdOf<G>, HelpText>>;

export const OUTLINES: { readonly [G in HelpGame]: HelpOutline<HelpIdOf<G>> } = {
  'relic-runners': RR_OUTLINE,
  quetzal: Q_OUTLINE,
};

/** Every id of a game's help, sections first in reading order, each followed by its entries. */
export const helpIds = <G extends HelpGame>(game: G): HelpIdOf<G>[] => OUTLINES[game].sections.flatMap((s) => [s.id, ...s.entries]);
