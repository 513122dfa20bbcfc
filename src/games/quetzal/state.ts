import type { PlayRngState } from '../../core/rng.js';
import type { AuctionId, Kind, LocId, UpgradeId } from './data.js';
import type { QChoice } from './choice.js';

export interface Options {
  /** Seat holding the start player marker at setup (Q-SET-3); default 0. */
  readonly startSeat: number;
}

/** The automaton's seat number in banners and bids (Q-2P-1). */
export const AUTO = -1;

/*
 * Packed state. A search copies and hashes states millions of times (clone()/s and hash()/s in
 * bench/engine.ts), so the state keeps small arrays of numbers where objects would cost more
 * allocations: figures in hand by face (`Player.fig`, indexed by ADV…STAND), cards as ids into
 * CARDS (data.ts) with -1 for an empty space, banner holders as seats with AUTO for the automaton,
 * excavation sites by their index in SITES. Frames are plain JSON and part of the hash, so their
 * shape is the one recorded hashes were made with.
 */

/** Team figure faces in hand: index into Player.fig. */
export const ADV = 0;
export const ARCH = 1;
export const SIDE = 2;
export const STAND = 3;
export const TEAM_FACES = ['adv', 'arch', 'side', 'stand'] as const;

export interface Player {
  coins: number;
  vp: number;
  disc: number;
  /** Card ids in hand, in the order got. */
  hand: number[];
  /** The hand cards others have not seen (drawn face down); the rest were taken face up. */
  secret: number[];
  /** Team figures owned. */
  team: number;
  /** Team figures in hand by face: adv, arch, side, stand. */
  fig: number[];
  leaderHome: boolean;
  /** Permanent upgrades slotted (at most 2). */
  ups: UpgradeId[];
  /** Every upgrade got, held or discarded. */
  got: UpgradeId[];
  /** Reroll upgrades used this round. */
  used: UpgradeId[];
}

export interface Bid {
  /** Seat, or AUTO. */
  readonly seat: number;
  /** Team figures in the bid. */
  readonly team: number;
  readonly leader: boolean;
  /** Kind fixed by the bid; null for the leader alone. */
  readonly kind: Kind | null;
}

export const bidSize = (b: Bid): number => b.team + (b.leader ? 1 : 0);

/**
 * Pending work, last element on top. Decision frames (marked D) wait for a choice of `seat`;
 * the others run automatically when on top. Frames are never mutated once pushed.
 */
export type Frame =
  | { readonly k: 'roll' }
  | { readonly k: 'rerollUp'; readonly seat: number; readonly up: 'reroll2' | 'rerollAll' } // D
  | { readonly k: 'placeTurn' }
  | { readonly k: 'place'; readonly seat: number } // D
  | { readonly k: 'camp'; readonly seat: number } // D
  | { readonly k: 'stele' }
  | { readonly k: 'templeBanner'; readonly n: number }
  | { readonly k: 'take'; readonly seat: number; readonly banner: number; readonly left: number } // D
  | { readonly k: 'templeDraw'; readonly seat: number; readonly banner: number }
  | { readonly k: 'keep'; readonly seat: number; readonly banner: number; readonly cards: readonly number[] } // D
  | { readonly k: 'site'; readonly site: number }
  | { readonly k: 'blackMarket' }
  | { readonly k: 'sell'; readonly seat: number } // D
  | { readonly k: 'villageBanner'; readonly n: number }
  | { readonly k: 'village'; readonly seat: number; readonly banner: number } // D
  | { readonly k: 'harbour' }
  | { readonly k: 'ship'; readonly loc: 'ship1' | 'ship2' }
  | {
      readonly k: 'deliver';
      readonly seat: number;
      readonly loc: LocId;
      readonly limit: number;
      /** Card ids added so far. */
      readonly added: readonly number[];
      /** Upgrades held when the delivery started (QD-11). */
      readonly ups: readonly UpgradeId[];
    } // D
  | { readonly k: 'upgradeDraw'; readonly seat: number }
  | { readonly k: 'drop'; readonly seat: number; readonly up: UpgradeId } // D
  | { readonly k: 'returnFigures' }
  | { readonly k: 'prepare' }
  | { readonly k: 'final'; readonly seat: number } // D
  | { readonly k: 'end' };

export type FrameKind = Frame['k'];
/** The frames marked D above: they wait for a choice of their seat. */
export const DECISION_KINDS = ['rerollUp', 'place', 'camp', 'take', 'keep', 'sell', 'village', 'deliver', 'drop', 'final'] as const;
export type DecisionKind = (typeof DECISION_KINDS)[number];
export type DecisionFrame = Extract<Frame, { readonly k: DecisionKind }>;
/** The frames that run by themselves when on top. */
export type AutoFrame = Exclude<Frame, DecisionFrame>;
export type FrameOf<K extends FrameKind> = Extract<Frame, { readonly k: K }>;

const DECISIONS: ReadonlySet<FrameKind> = new Set<FrameKind>(DECISION_KINDS);
export const isDecision = (f: Frame): f is DecisionFrame => DECISIONS.has(f.k);

export interface State {
  readonly opts: Options;
  readonly seats: number;
  /** 1..5 (Q-SET-3). */
  round: number;
  phase: 'roll' | 'place' | 'activate' | 'final' | 'over';
  /** Holder of the start player marker. */
  start: number;
  players: Player[];
  /** Face-down deck, top card last. */
  deck: number[];
  /** Public discard pile, oldest first. */
  discard: number[];
  /** Temple display, 8 spaces, -1 empty. */
  temple: number[];
  /** Excavation sites quarry, smallTemple, ruins: 2 spaces each, -1 empty. */
  sites: number[][];
  /** Village display (3 or 2 spaces), null empty. */
  village: (UpgradeId | null)[];
  /** Face-down upgrade stack, top last. */
  upStack: UpgradeId[];
  /** Banner holders (seat, AUTO, or null) of the unique locations. */
  stele: (number | null)[];
  templeB: (number | null)[];
  villageB: (number | null)[];
  /** Highest bid per auction location. */
  bids: Record<AuctionId, Bid | null>;
  /** Figures per seat at the Camp and the Harbour Master's Office. */
  camp: number[];
  harbour: number[];
  /** Two-player automaton: remaining deck (top last) and the card in play; null otherwise. */
  auto: { deck: number[]; card: number | null; drawn: number } | null;
  /** The seeded generator of rolls (public draws) and reshuffles (hidden ones); never shown. */
  rng: PlayRngState;
  /** Per seat: cards it put under the deck that are still there (it knows where they are). */
  bottomKnown: number[][];
  /** Seat owing the decision on top, or of the placement turn. */
  cur: number;
  turnNo: number;
  stack: Frame[];
  over: boolean;
  /** Legal choices of the pending decision (not part of the hash). */
  cache: readonly QChoice[];
}

export function clonePlayer(p: Player): Player {
  return {
    coins: p.coins,
    vp: p.vp,
    disc: p.disc,
    hand: p.hand.slice(),
    secret: p.secret.slice(),
    team: p.team,
    fig: p.fig.slice(),
    leaderHome: p.leaderHome,
    ups: p.ups.slice(),
    got: p.got.slice(),
    used: p.used.slice(),
  };
}

export function cloneState(s: State): State {
  return {
    opts: s.opts,
    seats: s.seats,
    round: s.round,
    phase: s.phase,
    start: s.start,
    players: s.players.map(clonePlayer),
    deck: s.deck.slice(),
    discard: s.discard.slice(),
    temple: s.temple.slice(),
    sites: s.sites.map((x) => x.slice()),
    village: s.village.slice(),
    upStack: s.upStack.slice(),
    stele: s.stele.slice(),
    templeB: s.templeB.slice(),
    villageB: s.villageB.slice(),
    bids: { ...s.bids },
    camp: s.camp.slice(),
    harbour: s.harbour.slice(),
    auto: s.auto ? { deck: s.auto.deck.slice(), card: s.auto.card, drawn: s.auto.drawn } : null,
    rng: s.rng,
    bottomKnown: s.bottomKnown.map((x) => x.slice()),
    cur: s.cur,
    turnNo: s.turnNo,
    stack: s.stack.slice(),
    over: s.over,
    cache: s.cache,
  };
}

/** Every field that matters, in a fixed order: what the state hash is of (as its JSON: core/hash.ts hashJson). */
export function hashedFields(s: State): unknown[] {
  return [
    s.opts,
    s.seats,
    s.round,
    s.phase,
    s.start,
    s.players,
    s.deck,
    s.discard,
    s.temple,
    s.sites,
    s.village,
    s.upStack,
    s.stele,
    s.templeB,
    s.villageB,
    s.bids,
    s.camp,
    s.harbour,
    s.auto,
    s.rng,
    s.bottomKnown,
    s.cur,
    s.turnNo,
    s.stack,
    s.over,
  ];
}
