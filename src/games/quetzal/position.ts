import { InvalidInput } from '../../core/errors.js';
import { silentRecorder } from '../../core/events.js';
import { createRng, shuffle } from '../../core/rng.js';
import {
  AUCTIONS,
  CARDS,
  DATA,
  SITES,
  UPGRADE_IDS,
  UPGRADE_TILES,
  type AuctionId,
  type Kind,
  type SiteId,
  type UpgradeId,
} from './data.js';
import { automatonPlace, beginActivation, settle } from './rules.js';
import { emptyBids, parseOptions, setupState } from './setup.js';
import { AUTO, type Options, type State } from './state.js';
import type { QEvent } from './events.js';

/** A banner or bid holder: a seat or the automaton. */
export type SpecHolder = number | 'automaton';

export interface QSeatSpec {
  readonly coins?: number;
  readonly vp?: number;
  readonly discovery?: number;
  /** Hand cards by name ("jar", "tablet+discovery"). */
  readonly hand?: readonly string[];
  /** Figures in hand (default: none). */
  readonly figures?: {
    readonly adv?: number;
    readonly arch?: number;
    readonly side?: number;
    readonly stand?: number;
    readonly leader?: boolean;
  };
  /** Team figures owned (default: the setup's number). */
  readonly team?: number;
  readonly upgrades?: readonly UpgradeId[];
  /** Upgrades got; default: the held ones. */
  readonly got?: readonly UpgradeId[];
}

export interface QBidSpec {
  readonly holder: SpecHolder;
  readonly team?: number;
  readonly leader?: boolean;
  readonly kind?: Kind | null;
}

/**
 * A position to test from, without playing up to it. Cards are named "type" or "type+bonus";
 * cards not placed anywhere go to the deck under `deck` (shuffled by the seed), or to the
 * discard pile with `restToDiscard`.
 */
export interface QPositionSpec {
  readonly seats: number;
  readonly options?: Partial<Options>;
  readonly seed?: number;
  readonly round?: number;
  /** Holder of the start player marker (default options.startSeat). */
  readonly start?: number;
  readonly players?: readonly QSeatSpec[];
  /** Temple display, 8 spaces (null empty); default the setup's. */
  readonly temple?: readonly (string | null)[];
  readonly sites?: Partial<Record<SiteId, readonly (string | null)[]>>;
  readonly village?: readonly (UpgradeId | null)[];
  /** Top of the deck, top first. */
  readonly deck?: readonly string[];
  readonly restToDiscard?: boolean;
  readonly discard?: readonly string[];
  /** Top of the upgrade stack, top first; the rest follows in setup order. */
  readonly upgradeStack?: readonly UpgradeId[];
  readonly emptyUpgradeStack?: boolean;
  readonly stele?: SpecHolder;
  readonly templeBanners?: Readonly<Record<number, SpecHolder>>;
  readonly villageBanners?: Readonly<Record<number, SpecHolder>>;
  readonly bids?: Partial<Record<AuctionId, QBidSpec>>;
  readonly camp?: readonly number[];
  readonly harbour?: readonly number[];
  /** Two players: automaton card id (1..10) to place; default none placed. */
  readonly automatonCard?: number;
  /** Where the game resumes: the placement turn of `current`, phase 3, or phase 1. */
  readonly phase: 'place' | 'activate' | 'roll';
  readonly current?: number;
}

const holder = (h: SpecHolder): number => (h === 'automaton' ? AUTO : h);

export function buildPosition(spec: QPositionSpec): State {
  const opts = parseOptions({ ...(spec.options ?? {}) }, spec.seats);
  const s = setupState(opts, spec.seats, createRng(spec.seed ?? 1));
  // Building a position is no move: its events are nobody's news.
  const rec = silentRecorder<QEvent>();
  const pool = CARDS.map((_, i) => i);
  const take = (name: string): number => {
    const i = pool.findIndex((c) => CARDS[c]!.name === name);
    if (i < 0) throw new InvalidInput(`no card "${name}" left (names: jar, jar+coin, tablet+discovery, …)`);
    return pool.splice(i, 1)[0]!;
  };
  const slotOf = (n: string | null): number => (n === null ? -1 : take(n));
  const reserve = (c: number) => {
    if (c >= 0) pool.splice(pool.indexOf(c), 1);
  };
  // Display cards not named in the spec stay as the setup dealt them; they are set aside first.
  if (spec.temple === undefined) s.temple.forEach(reserve);
  SITES.forEach((id, i) => {
    if (spec.sites?.[id] === undefined) s.sites[i]!.forEach(reserve);
  });
  if (spec.temple) s.temple = spec.temple.map(slotOf);
  SITES.forEach((id, i) => {
    if (spec.sites?.[id]) s.sites[i] = spec.sites[id].map(slotOf);
  });
  const hands = s.players.map((_, q) => (spec.players?.[q]?.hand ?? []).map(take));
  const discard = (spec.discard ?? []).map(take);
  const deckTop = (spec.deck ?? []).map(take);
  const rest = shuffle(createRng(spec.seed ?? 1), pool);
  s.discard = spec.restToDiscard ? [...discard, ...rest] : discard;
  s.deck = spec.restToDiscard ? deckTop.slice().reverse() : [...rest, ...deckTop.slice().reverse()];
  if (spec.village) s.village = spec.village.slice();
  s.players.forEach((p, q) => {
    const ps = spec.players?.[q] ?? {};
    p.hand = hands[q]!;
    // Hand cards of a built position count as unseen by the others.
    p.secret = p.hand.slice();
    if (ps.coins !== undefined) p.coins = ps.coins;
    if (ps.vp !== undefined) p.vp = ps.vp;
    if (ps.discovery !== undefined) p.disc = ps.discovery;
    if (ps.team !== undefined) p.team = ps.team;
    const f = ps.figures ?? {};
    p.fig = [f.adv ?? 0, f.arch ?? 0, f.side ?? 0, f.stand ?? 0];
    p.leaderHome = f.leader ?? false;
    p.ups = (ps.upgrades ?? []).slice();
    p.got = (ps.got ?? ps.upgrades ?? []).slice();
    for (const u of [...p.ups, ...p.got]) if (!UPGRADE_IDS.includes(u)) throw new InvalidInput(`unknown upgrade "${u}"`);
  });
  // Upgrade stack: named top, then the other tiles not shown anywhere.
  const tiles = UPGRADE_TILES.slice();
  const drop = (u: UpgradeId) => {
    const i = tiles.indexOf(u);
    if (i >= 0) tiles.splice(i, 1);
  };
  for (const u of s.village) if (u) drop(u);
  for (const p of s.players) for (const u of p.got) drop(u);
  for (const u of spec.upgradeStack ?? []) drop(u);
  s.upStack = spec.emptyUpgradeStack ? [] : [...tiles, ...(spec.upgradeStack ?? []).slice().reverse()];
  // The board.
  s.round = spec.round ?? 1;
  s.start = spec.start ?? opts.startSeat;
  s.stele = [spec.stele === undefined ? null : holder(spec.stele)];
  s.templeB = [1, 2, 3, 4, 5].map((n) => (spec.templeBanners?.[n] === undefined ? null : holder(spec.templeBanners[n])));
  s.villageB = [1, 2, 3].map((n) => (spec.villageBanners?.[n] === undefined ? null : holder(spec.villageBanners[n])));
  s.bids = emptyBids();
  for (const a of AUCTIONS) {
    const b = spec.bids?.[a];
    if (!b) continue;
    const team = b.team ?? (b.leader ? 0 : 1);
    s.bids[a] = {
      seat: holder(b.holder),
      team,
      leader: b.leader ?? false,
      kind: b.kind === undefined ? (team > 0 ? 'adv' : null) : b.kind,
    };
  }
  s.camp = spec.camp ? spec.camp.slice() : new Array<number>(s.seats).fill(0);
  s.harbour = spec.harbour ? spec.harbour.slice() : new Array<number>(s.seats).fill(0);
  if (s.auto) {
    s.auto.deck = DATA.automaton.cards.map((_, i) => i).filter((i) => i !== s.auto!.card);
    s.auto.deck.push(s.auto.card!);
    s.auto.card = null;
    s.auto.drawn = 0;
    if (spec.automatonCard !== undefined) {
      const i = spec.automatonCard - 1;
      s.auto.deck = s.auto.deck.filter((x) => x !== i);
      s.auto.deck.push(i);
      automatonPlace(s, rec);
    }
  }
  s.stack = [];
  if (spec.phase === 'roll') s.stack.push({ k: 'roll' });
  else if (spec.phase === 'place') {
    s.phase = 'place';
    s.cur = ((spec.current ?? s.start) + s.seats - 1) % s.seats;
    s.stack.push({ k: 'placeTurn' });
  } else {
    beginActivation(s, rec);
  }
  s.cache = settle(s, rec);
  return s;
}
