import { InvalidInput } from '../../core/errors.js';
import raw from './data/quetzal.json' with { type: 'json' };

/*
 * The static Quetzal data (data/quetzal.json), typed and validated on load. Reconstructions
 * (Q-R-n of docs/rules/quetzal.md) live in the JSON so that they can be corrected there.
 */

export const CARD_TYPES = ['jar', 'weapon', 'tablet', 'sculpture', 'mummy'] as const;
export type CardType = (typeof CARD_TYPES)[number];
export const BONUSES = ['none', 'coin', 'discovery', 'vp'] as const;
export type Bonus = (typeof BONUSES)[number];
export const KINDS = ['adv', 'arch'] as const;
/** Figure kind: adventurer (black face) or archaeologist (white face). */
export type Kind = (typeof KINDS)[number];
/** What a location accepts: per banner, one kind per bid ("either"), adventurers only, or mixed. */
export type FigureRule = 'banner' | 'either' | 'adv' | 'mixed';
export type LocKind = 'free' | 'unique' | 'auction';
export type Yield = 'choose2' | 'choose1draw1' | 'choose1' | 'stele' | 'upgrade';
/** The yields that give artifact cards (Temple banners): cards chosen from the display, then drawn. */
export type CardYield = 'choose2' | 'choose1draw1' | 'choose1';
export interface CardYieldData {
  readonly choose: number;
  readonly draw: number;
}

export const LOC_IDS = [
  'camp',
  'stele',
  'temple',
  'quarry',
  'smallTemple',
  'ruins',
  'blackMarket',
  'village',
  'harbour',
  'ship1',
  'ship2',
] as const;
export type LocId = (typeof LOC_IDS)[number];
export const SITES = ['quarry', 'smallTemple', 'ruins'] as const;
export type SiteId = (typeof SITES)[number];
export const AUCTIONS = ['quarry', 'smallTemple', 'ruins', 'blackMarket', 'ship1', 'ship2'] as const;
export type AuctionId = (typeof AUCTIONS)[number];
export const isAuction = (id: LocId): id is AuctionId => (AUCTIONS as readonly LocId[]).includes(id);

export const UPGRADE_IDS = [
  'reroll2',
  'tabletCoins',
  'templeDiscount',
  'rerollAll',
  'mixedSet',
  'extraCard',
  'coinsToVp',
  'jarSet',
  'templeDraw',
  'coinsToDiscovery',
  'weaponSet',
  'instantCoins',
  'instantDiscovery',
] as const;
export type UpgradeId = (typeof UPGRADE_IDS)[number];

export interface BannerData {
  readonly n: number;
  readonly cost: number;
  readonly kind: Kind;
  readonly yield: Yield;
  readonly x: number;
  readonly y: number;
}

export interface LocationData {
  readonly id: LocId;
  readonly name: string;
  readonly kind: LocKind;
  readonly figures: FigureRule;
  readonly order: number;
  readonly costPerFigure?: number;
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
  readonly banners?: readonly BannerData[];
  readonly displayXY?: readonly (readonly [number, number])[];
  readonly cardXY?: readonly (readonly [number, number])[];
}

export interface CardTypeData {
  readonly type: CardType;
  readonly count: number;
  /** VP for 1, 2 and 3 cards of the type delivered together. */
  readonly vp: readonly [number, number, number];
  /** Number of cards of the type carrying each bonus; the rest carry none. */
  readonly bonus: Readonly<Partial<Record<Exclude<Bonus, 'none'>, number>>>;
}

export interface Gain {
  readonly vp?: number;
  readonly coins?: number;
  readonly discovery?: number;
  readonly upgrade?: number;
}

export interface UpgradeData {
  readonly id: UpgradeId;
  readonly copies: number;
  readonly instant: boolean;
  readonly vp: number;
  readonly coins?: number;
  readonly discovery?: number;
  readonly text: string;
}

export interface AutomatonCard {
  readonly id: number;
  /** Temple banners (1-based) it occupies. */
  readonly temple: readonly number[];
  readonly site: SiteId;
  readonly siteKind: Kind;
  /** Its single figure: the Black Market or the free ship. */
  readonly last: 'blackMarket' | 'ship';
  readonly lastKind: Kind;
}

export interface QuetzalData {
  readonly version: number;
  readonly board: { readonly width: number; readonly height: number };
  readonly setup: {
    readonly templeDisplay: number;
    readonly siteCards: number;
    readonly villageDisplay: number;
    readonly villageDisplay2p: number;
    readonly rounds: number;
    readonly coinsFromStart: readonly number[];
    readonly teamFigures: Readonly<Record<string, number>>;
    readonly coveredShip: Readonly<Record<string, LocId>>;
  };
  readonly roll: {
    readonly team: Readonly<Record<'adv' | 'arch' | 'side' | 'stand', number>>;
    readonly leader: Readonly<Record<'stand' | 'wild', number>>;
  };
  readonly locations: readonly LocationData[];
  readonly yields: Readonly<Record<CardYield, CardYieldData>>;
  readonly excavation: Readonly<Record<SiteId, { readonly vp: number; readonly discovery: number; readonly coins: number }>>;
  readonly cards: { readonly types: readonly CardTypeData[] };
  readonly discovery: { readonly max: number; readonly rewards: readonly ({ readonly space: number } & Gain)[] };
  readonly upgrades: { readonly tiles: readonly UpgradeData[] };
  readonly automaton: {
    readonly cardsUsed: number;
    readonly priorityTypes: readonly CardType[];
    readonly priorityBonus: readonly Bonus[];
    readonly cards: readonly AutomatonCard[];
  };
  readonly twoPlayer: { readonly coveredVillageBanners: readonly number[]; readonly villageDisplay: number };
  readonly endScoring: { readonly startMarkerVp: number; readonly coinsPerVp: number };
}

/** One artifact card: cards are numbered 0..74 in data order; equal type and bonus are interchangeable. */
export interface CardDef {
  readonly type: CardType;
  readonly bonus: Bonus;
  /** Readable name: "jar", "jar+coin", "mummy+discovery". */
  readonly name: string;
}

const isCardYield = (y: Yield): y is CardYield => y === 'choose2' || y === 'choose1draw1' || y === 'choose1';

const fail = (msg: string): never => {
  throw new InvalidInput(`quetzal data: ${msg}`);
};
const nonNeg = (v: unknown, what: string): number =>
  typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : fail(`${what} must be a non-negative integer, got ${JSON.stringify(v)}`);

/** Checks the data against the rules' fixed facts and its own consistency. */
export function validateData(d: QuetzalData): QuetzalData {
  if (d.version !== 1) fail(`unsupported version ${d.version}`);
  const ids = d.locations.map((l) => l.id);
  if (ids.join() !== LOC_IDS.join()) fail(`locations must be ${LOC_IDS.join(', ')} in that order`);
  for (const l of d.locations) {
    if (!['free', 'unique', 'auction'].includes(l.kind)) fail(`location ${l.id}: bad kind ${l.kind}`);
    if (!['banner', 'either', 'adv', 'mixed'].includes(l.figures)) fail(`location ${l.id}: bad figures ${l.figures}`);
    if ((l.kind === 'unique') !== (l.banners !== undefined && l.banners.length > 0))
      fail(`location ${l.id}: banners exactly on unique locations`);
    (l.banners ?? []).forEach((b, i) => {
      if (b.n !== i + 1) fail(`location ${l.id}: banners numbered 1.. in order`);
      nonNeg(b.cost, `${l.id} banner ${b.n} cost`);
      if (!KINDS.includes(b.kind)) fail(`${l.id} banner ${b.n}: bad kind`);
    });
  }
  // The locations are in LOC_IDS order (checked above).
  const at = (id: LocId): LocationData => d.locations[LOC_IDS.indexOf(id)]!;
  const temple = at('temple').banners!;
  if (temple.length !== 5 || temple.map((b) => b.cost).join() !== '5,4,3,2,1') fail('Temple banners must cost 5, 4, 3, 2, 1 (Q-R-2)');
  for (const b of temple) if (!isCardYield(b.yield) || !(b.yield in d.yields)) fail(`Temple banner ${b.n}: unknown yield ${b.yield}`);
  if (at('village').banners!.length !== 3) fail('the Village has 3 banners');
  const stele = at('stele').banners!;
  if (stele.length !== 1 || stele[0]!.kind !== 'arch') fail('the Stele has one archaeologist banner');
  const types = d.cards.types;
  if (types.map((t) => t.type).join() !== CARD_TYPES.join()) fail(`card types must be ${CARD_TYPES.join(', ')}`);
  const total = types.reduce((a, t) => a + t.count, 0);
  if (total !== 75) fail(`the deck must hold 75 cards, data gives ${total}`);
  for (const t of types) {
    if (t.vp.length !== 3) fail(`${t.type}: 3 VP values`);
    t.vp.forEach((v) => nonNeg(v, `${t.type} vp`));
    let b = 0;
    for (const [k, n] of Object.entries(t.bonus)) {
      if (!BONUSES.includes(k as Bonus) || k === 'none') fail(`${t.type}: unknown bonus ${k}`);
      b += nonNeg(n, `${t.type} bonus ${k}`);
    }
    if (b > t.count) fail(`${t.type}: more bonus cards than cards`);
  }
  let prev = 0;
  for (const r of d.discovery.rewards) {
    if (r.space <= prev || r.space > d.discovery.max) fail('discovery rewards must be on increasing spaces within the track');
    prev = r.space;
  }
  const ups = d.upgrades.tiles;
  if (ups.map((u) => u.id).join() !== UPGRADE_IDS.join()) fail(`upgrades must be ${UPGRADE_IDS.join(', ')}`);
  const nUp = ups.reduce((a, u) => a + nonNeg(u.copies, `${u.id} copies`), 0);
  if (nUp !== 24) fail(`there are 24 upgrade tiles, data gives ${nUp}`);
  if (d.automaton.cards.length !== 10) fail('there are 10 automaton cards');
  for (const c of d.automaton.cards) {
    if (c.temple.length !== 2 || c.temple.some((b) => b < 1 || b > 5) || c.temple[0] === c.temple[1])
      fail(`automaton card ${c.id}: two different Temple banners`);
    if (!SITES.includes(c.site)) fail(`automaton card ${c.id}: unknown site`);
    if (c.last !== 'blackMarket' && c.last !== 'ship') fail(`automaton card ${c.id}: last must be blackMarket or ship`);
    if (c.last === 'blackMarket' && c.lastKind !== 'adv') fail(`automaton card ${c.id}: Black Market figures are adventurers`);
  }
  if (d.automaton.priorityTypes.slice().sort().join() !== CARD_TYPES.slice().sort().join())
    fail('automaton type priority must list every type');
  if (d.automaton.priorityBonus.slice().sort().join() !== BONUSES.slice().sort().join())
    fail('automaton bonus priority must list every bonus');
  const r = d.roll.team;
  if (r.adv + r.arch + r.side + r.stand !== 100) fail('team roll weights must sum to 100');
  if (d.roll.leader.stand + d.roll.leader.wild !== 100) fail('leader roll weights must sum to 100');
  if (d.setup.coinsFromStart.length !== 5) fail('start coins for 5 seats');
  for (const n of ['2', '3', '4', '5']) nonNeg(d.setup.teamFigures[n], `team figures for ${n}`);
  return d;
}

export const DATA: QuetzalData = validateData(raw as unknown as QuetzalData);

/** The 75 cards, by id (Q-SET-1; bonus distribution Q-R-4). */
export const CARDS: readonly CardDef[] = (() => {
  const out: CardDef[] = [];
  for (const t of DATA.cards.types) {
    let left = t.count;
    for (const b of ['coin', 'discovery', 'vp'] as const) {
      const n = t.bonus[b] ?? 0;
      for (let i = 0; i < n; i++) out.push({ type: t.type, bonus: b, name: `${t.type}+${b}` });
      left -= n;
    }
    for (let i = 0; i < left; i++) out.push({ type: t.type, bonus: 'none', name: t.type });
  }
  return out;
})();
export const CARD_COUNT = CARDS.length;
export const cardName = (c: number): string => CARDS[c]!.name;
export const typeIndex = (t: CardType): number => CARD_TYPES.indexOf(t);
/** One card id of each name: cards of a name are interchangeable, so it stands for any of them. */
export const CARD_ID_OF: ReadonlyMap<string, number> = new Map(CARDS.map((c, id) => [c.name, id] as const).reverse());
/** Every card name, in card-id order without repeats. */
export const CARD_NAMES: readonly string[] = [...new Set(CARDS.map((c) => c.name))];

/** The 24 upgrade tiles, numbered in data order: tile -> effect id. */
export const UPGRADE_TILES: readonly UpgradeId[] = DATA.upgrades.tiles.flatMap((u) => new Array<UpgradeId>(u.copies).fill(u.id));
export const UPGRADE: Readonly<Record<UpgradeId, UpgradeData>> = Object.fromEntries(DATA.upgrades.tiles.map((u) => [u.id, u])) as Record<
  UpgradeId,
  UpgradeData
>;

export const LOC: Readonly<Record<LocId, LocationData>> = Object.fromEntries(DATA.locations.map((l) => [l.id, l])) as Record<
  LocId,
  LocationData
>;
export const TEMPLE_BANNERS = LOC.temple.banners!;
export const VILLAGE_BANNERS = LOC.village.banners!;
/** What each Temple banner takes (Q-ACT-2, Q-R-2), by banner index; the loader checked every yield exists. */
export const TEMPLE_YIELDS: readonly CardYieldData[] = TEMPLE_BANNERS.map((b) =>
  isCardYield(b.yield) ? DATA.yields[b.yield] : fail(`Temple banner ${b.n}: yield ${b.yield} gives no cards`),
);
