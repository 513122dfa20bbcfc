import type { Seat } from '../../core/game.js';
import type { Face } from './choice.js';
import type { AuctionId, Kind, LocId, SiteId, UpgradeId } from './data.js';

/*
 * Every public event the Quetzal rules emit. Events carry codes (ids of locations, cards by name,
 * upgrades) and numbers, never words: the client translates them. Card names ("jar",
 * "tablet+discovery") are codes too.
 */

/**
 * Why coins, VP or discovery came: a figure or the leader landing standing (Q-ROLL-1), a reward
 * of the discovery track (Q-DISC-1), a location, a delivery, an exchange, or the upgrade whose
 * effect it is (an instant tile, or a reroll upgrade whose rerolled figure stood).
 */
export type GainReason =
  'standingFigure' | 'standingLeader' | 'discovery' | 'camp' | 'stele' | SiteId | 'blackMarket' | 'delivery' | 'exchange' | UpgradeId;

/** What made figures roll again: a Camp placement (Q-PL-6) or a reroll upgrade (QD-7). */
export type RerollReason = 'camp' | 'reroll2' | 'rerollAll';

/** A rerolled figure's new face; the leader either stands ("leaderStands") or stays wild ("leader"). */
export type RerollResult = Face | 'leaderStands';

/** A card display as everyone sees it: card names, null for an empty space. */
export type Display = readonly (string | null)[];

export type QEvent =
  // ---- phase 1: roll (Q-ROLL-*)
  | {
      readonly type: 'roll';
      readonly seat: Seat;
      readonly adv: number;
      readonly arch: number;
      readonly side: number;
      readonly stand: number;
      readonly leaderStands: boolean;
      /** Coins the standing figures earned. */
      readonly coins: number;
      readonly reveals: true;
    }
  | {
      readonly type: 'reroll';
      readonly seat: Seat;
      readonly faces: readonly Face[];
      readonly results: readonly RerollResult[];
      readonly why: RerollReason;
      readonly reveals: true;
    }
  // ---- phase 2: place (Q-PL-*)
  | {
      readonly type: 'place';
      readonly seat: Seat;
      readonly loc: LocId;
      /** 1-based banner of a unique location, else null. */
      readonly banner: number | null;
      /** Kind the figures were placed as; null on free locations and for the leader alone. */
      readonly kind: Kind | null;
      readonly n: number;
      readonly leader: boolean;
      readonly cost: number;
    }
  /** A bid beaten: its figures go back to `seat` (`back` of them), or the automaton's are discarded (Q-2P-3). */
  | { readonly type: 'outbid'; readonly seat: Seat; readonly loc: AuctionId; readonly back: number }
  | { readonly type: 'outbid'; readonly seat?: undefined; readonly automaton: true; readonly loc: AuctionId; readonly back: 0 }
  /** The automaton's card of the round and where its figures went (Q-2P-1). */
  | {
      readonly type: 'automaton';
      readonly card: number;
      readonly temple: readonly number[];
      readonly site: SiteId;
      readonly siteKind: Kind;
      readonly last: 'ship1' | 'blackMarket';
      readonly lastKind: Kind;
      readonly reveals: true;
    }
  // ---- phase 3: activate (Q-ACT-*)
  | { readonly type: 'activate'; readonly round: number }
  | { readonly type: 'startMarker'; readonly seat: Seat }
  | { readonly type: 'take'; readonly seat: Seat; readonly card: string; readonly banner: number }
  /** Cards drawn face down from the deck: how many, never which. */
  | { readonly type: 'draw'; readonly seat: Seat; readonly n: 1 | 2; readonly reveals: true }
  /** The templeDraw upgrade's second card went under the deck. */
  | { readonly type: 'underDeck'; readonly seat: Seat }
  | { readonly type: 'automatonTemple'; readonly banner: number; readonly cards: readonly string[]; readonly reveals?: true }
  | { readonly type: 'excavate'; readonly seat: Seat; readonly site: SiteId; readonly cards: readonly string[] }
  | { readonly type: 'automatonSite'; readonly site: SiteId; readonly cards: readonly string[] }
  /** Black Market: the card sold, or null when the seat declined. */
  | { readonly type: 'sell'; readonly seat: Seat; readonly card: string | null }
  | {
      readonly type: 'deliver';
      readonly seat: Seat;
      readonly loc: LocId;
      readonly cards: readonly string[];
      readonly vp: number;
      readonly coins: number;
      readonly discovery: number;
    }
  // ---- gains (Q-DISC-1, Q-UP-*)
  | { readonly type: 'coins'; readonly seat: Seat; readonly n: number; readonly why: GainReason }
  | { readonly type: 'vp'; readonly seat: Seat; readonly n: number; readonly why: GainReason }
  | { readonly type: 'discovery'; readonly seat: Seat; readonly n: number; readonly to: number; readonly why: GainReason }
  | { readonly type: 'upgrade'; readonly seat: Seat; readonly up: UpgradeId; readonly from: 'stack' | 'village' }
  /** A held upgrade's second copy (`duplicate`), or the one of three permanents let go (`limit`), Q-UP-1. */
  | { readonly type: 'upgradeDiscarded'; readonly seat: Seat; readonly up: UpgradeId; readonly why: 'duplicate' | 'limit' }
  | { readonly type: 'exchange'; readonly seat: Seat; readonly up: 'coinsToVp' | 'coinsToDiscovery' }
  // ---- phase 4 and the end (Q-END-*)
  | { readonly type: 'round'; readonly round: number }
  | { readonly type: 'refill'; readonly temple: Display; readonly sites: readonly Display[] }
  | { readonly type: 'village'; readonly display: readonly (UpgradeId | null)[] }
  /** The discard pile became the new deck (QD-5). */
  | { readonly type: 'reshuffle'; readonly cards: number; readonly reveals: true }
  | { readonly type: 'end' };

export type QEventType = QEvent['type'];
