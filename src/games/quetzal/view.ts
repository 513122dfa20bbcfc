import type { Seat } from '../../core/game.js';
import type { AutomatonCard, Kind, LocId, LocKind, UpgradeId, Yield } from './data.js';
import type { QChoice } from './choice.js';
import { AUCTIONS, DATA, LOC_IDS, LOC, SITES, cardName, isAuction } from './data.js';
import { ADV, ARCH, AUTO, SIDE, STAND, bidSize, type State } from './state.js';
import { bannerCovered, decider, locCovered } from './rules.js';
import { scoreBreakdown, winners } from './scoring.js';

/*
 * What one seat (or a spectator, null) sees of a Quetzal game (Q-HID-1). Static board data
 * (names, costs, coordinates, card tables) is in data/quetzal.json (import DATA from data.ts);
 * the view carries only what changes. Cards are named "type" or "type+bonus".
 */

export type Phase = 'roll' | 'place' | 'activate' | 'final' | 'over';
/** Who holds a banner or a bid: a seat, or the two-player automaton. */
export type Holder = Seat | 'automaton';

export interface FiguresView {
  /** Team figures in hand by face (public: rolls are public). */
  readonly adv: number;
  readonly arch: number;
  readonly side: number;
  readonly stand: number;
  /** Whether the leader is in hand. */
  readonly leader: boolean;
  /** Team figures the seat owns (the leader not counted). */
  readonly team: number;
  /** Figures (leader included) standing on the board. */
  readonly placed: number;
}

export interface QPlayerView {
  readonly seat: Seat;
  readonly coins: number;
  /** VP on the score track (end bonuses come in the result). */
  readonly vp: number;
  readonly discovery: number;
  readonly startMarker: boolean;
  readonly handSize: number;
  /** The hand's cards, sorted by name: only for the viewer's own seat, else null. */
  readonly hand: readonly string[] | null;
  readonly figures: FiguresView;
  /** Permanent upgrades in the two slots. */
  readonly upgrades: readonly UpgradeId[];
  /** Every upgrade got (held or discarded), in order; each scores its VP at the end. */
  readonly got: readonly UpgradeId[];
  /** Reroll upgrades already used this round. */
  readonly usedThisRound: readonly UpgradeId[];
}

export interface BannerView {
  readonly n: number;
  readonly cost: number;
  readonly kind: Kind;
  readonly yield: Yield;
  readonly holder: Holder | null;
  /** Closed for players: covered in a two-player game (Q-2P-2). */
  readonly covered: boolean;
}

export interface BidView {
  readonly holder: Holder;
  /** Figures in the bid. */
  readonly n: number;
  /** Kind fixed by the bid; null for the leader alone (Q-PL-5). */
  readonly kind: Kind | null;
  readonly leader: boolean;
}

export interface LocationView {
  readonly id: LocId;
  readonly kind: LocKind;
  /** Unavailable in this game (a covered ship, Q-SET-6 / Q-2P-2). */
  readonly covered: boolean;
  /** Unique locations: their banners. */
  readonly banners: readonly BannerView[] | null;
  /** Auction locations: the highest bid, or null. */
  readonly bid: BidView | null;
  /** Free locations: figures per seat placed there this round. */
  readonly figures: readonly number[] | null;
  /** Excavation sites: their two face-up cards (null for an empty space). */
  readonly cards: readonly (string | null)[] | null;
}

export interface ScoreBreakdownView {
  readonly seat: Seat;
  /** VP on the track at the end. */
  readonly track: number;
  readonly startMarker: number;
  /** 1 VP per 3 coins. */
  readonly coins: number;
  readonly upgrades: number;
  readonly total: number;
  /** Tie-break (Q-END-3). */
  readonly discovery: number;
}

/** The decision under way, as much as the viewer may know of it. */
export interface PendingView {
  readonly kind: string;
  readonly seat: Seat;
  /** Location being activated, when there is one. */
  readonly loc: LocId | null;
  /** Temple banner (1-based) being resolved. */
  readonly banner: number | null;
  /** Delivery: cards allowed, and (for the deciding seat only) the cards added so far. */
  readonly limit: number | null;
  readonly added: readonly string[] | null;
  /** templeDraw keep: the two drawn cards, for the deciding seat only. */
  readonly drawn: readonly string[] | null;
  /** Temple picks still owed at this banner. */
  readonly picksLeft: number | null;
  /** drop: the three permanent upgrades to choose among (public). */
  readonly upgrades: readonly UpgradeId[] | null;
  /** Delivery: the upgrades it is scored with, those held when it started (QD-11; public). */
  readonly scoredWith: readonly UpgradeId[] | null;
}

export interface AutomatonView {
  /** The automaton card in play this round. */
  readonly card: AutomatonCard | null;
  /** Cards of the round deck not yet revealed. */
  readonly cardsLeft: number;
}

export interface QView {
  readonly game: 'quetzal';
  readonly viewer: Seat | null;
  readonly seats: number;
  /** 1..5. */
  readonly round: number;
  readonly phase: Phase;
  readonly startPlayer: Seat;
  readonly toAct: Seat | null;
  /** Kind of the pending decision (public), or null when the game is over. */
  readonly decision: string | null;
  readonly pending: PendingView | null;
  /** Legal choices, only for the seat that owes the decision. */
  readonly choices: readonly QChoice[] | null;
  readonly players: readonly QPlayerView[];
  /** Every location in data order (Q-ACT order). */
  readonly locations: readonly LocationView[];
  /** Temple display, 8 spaces (null: empty). */
  readonly temple: readonly (string | null)[];
  /** Village display (3 spaces, 2 in a two-player game; null: empty). */
  readonly village: readonly (UpgradeId | null)[];
  readonly deckSize: number;
  /** The public discard pile, oldest first. */
  readonly discard: readonly string[];
  readonly upgradeStackSize: number;
  /** Two-player automaton, else null. */
  readonly automaton: AutomatonView | null;
  readonly result: { readonly scores: readonly ScoreBreakdownView[]; readonly winners: readonly Seat[] } | null;
}

// ---------------------------------------------------------------- building a view

const holderOf = (h: number | null | undefined): Holder | null => (h === null || h === undefined ? null : h === AUTO ? 'automaton' : h);
const names = (cards: readonly number[]): string[] => cards.map(cardName).sort();
const slot = (c: number): string | null => (c < 0 ? null : cardName(c));

/** The state as one seat (or a spectator, null) may know it (Q-HID-1). */
export function viewOf(s: State, viewer: Seat | null): QView {
  const toAct = decider(s);
  const f = s.stack[s.stack.length - 1];
  const mine = viewer !== null && viewer === toAct;
  const onBoard = (q: number): number => {
    let n = s.camp[q]! + s.harbour[q]!;
    for (const h of [...s.stele, ...s.templeB, ...s.villageB]) if (h === q) n++;
    for (const a of AUCTIONS) {
      const b = s.bids[a];
      if (b && b.seat === q) n += bidSize(b);
    }
    return n;
  };
  const players: QPlayerView[] = s.players.map((p, seat) => ({
    seat,
    coins: p.coins,
    vp: p.vp,
    discovery: p.disc,
    startMarker: s.start === seat,
    handSize: p.hand.length,
    hand: viewer === seat ? names(p.hand) : null,
    figures: {
      adv: p.fig[ADV]!,
      arch: p.fig[ARCH]!,
      side: p.fig[SIDE]!,
      stand: p.fig[STAND]!,
      leader: p.leaderHome,
      team: p.team,
      placed: onBoard(seat),
    },
    upgrades: p.ups.slice(),
    got: p.got.slice(),
    usedThisRound: p.used.slice(),
  }));
  const locations: LocationView[] = LOC_IDS.map((id) => {
    const d = LOC[id];
    const banners =
      id === 'stele' || id === 'temple' || id === 'village'
        ? d.banners!.map((b) => ({
            n: b.n,
            cost: b.cost,
            kind: b.kind,
            yield: b.yield,
            holder: holderOf((id === 'stele' ? s.stele : id === 'temple' ? s.templeB : s.villageB)[b.n - 1]),
            covered: bannerCovered(s, id, b.n),
          }))
        : null;
    const auction = isAuction(id) ? s.bids[id] : undefined;
    const si = (SITES as readonly string[]).indexOf(id);
    return {
      id,
      kind: d.kind,
      covered: locCovered(s, id),
      banners,
      bid: auction ? { holder: holderOf(auction.seat)!, n: bidSize(auction), kind: auction.kind, leader: auction.leader } : null,
      figures: id === 'camp' ? s.camp.slice() : id === 'harbour' ? s.harbour.slice() : null,
      cards: si >= 0 ? s.sites[si]!.map(slot) : null,
    };
  });
  let pending: PendingView | null = null;
  if (f && toAct !== null) {
    const base = {
      kind: f.k,
      seat: toAct,
      loc: null,
      banner: null,
      limit: null,
      added: null,
      drawn: null,
      picksLeft: null,
      upgrades: null,
      scoredWith: null,
    };
    switch (f.k) {
      case 'take':
        pending = { ...base, loc: 'temple', banner: f.banner, picksLeft: f.left };
        break;
      case 'keep':
        pending = { ...base, loc: 'temple', banner: f.banner, drawn: mine ? names(f.cards) : null };
        break;
      case 'deliver':
        pending = { ...base, loc: f.loc, limit: f.limit, added: mine ? names(f.added) : null, scoredWith: f.ups.slice() };
        break;
      case 'village':
        pending = { ...base, loc: 'village', banner: f.banner };
        break;
      case 'sell':
        pending = { ...base, loc: 'blackMarket' };
        break;
      case 'camp':
        pending = { ...base, loc: 'camp' };
        break;
      case 'drop':
        pending = { ...base, upgrades: [...s.players[f.seat]!.ups, f.up] };
        break;
      default:
        pending = base;
    }
  }
  return {
    game: 'quetzal',
    viewer,
    seats: s.seats,
    round: s.round,
    phase: s.phase,
    startPlayer: s.start,
    toAct,
    decision: f && toAct !== null ? f.k : null,
    pending,
    choices: mine ? s.cache : null,
    players,
    locations,
    temple: s.temple.map(slot),
    village: s.village.slice(),
    deckSize: s.deck.length,
    discard: s.discard.map(cardName),
    upgradeStackSize: s.upStack.length,
    automaton: s.auto
      ? {
          card: s.auto.card === null ? null : DATA.automaton.cards[s.auto.card]!,
          cardsLeft: Math.max(0, DATA.automaton.cardsUsed - s.auto.drawn),
        }
      : null,
    result: s.over ? { scores: s.players.map((_, q) => scoreBreakdown(s, q)), winners: winners(s) } : null,
  };
}
