import type { Seat } from '../../core/game.js';
import { TermSum, type Term } from '../heuristic.js';
import {
  BONUSES,
  CARDS,
  CARD_TYPES,
  DATA,
  SITES,
  TEMPLE_BANNERS,
  TEMPLE_YIELDS,
  UPGRADE,
  VILLAGE_BANNERS,
  typeIndex,
  type Bonus,
  type UpgradeId,
} from '../../games/quetzal/data.js';
import { setVp } from '../../games/quetzal/delivery.js';
import { automatonPick, figuresInHand } from '../../games/quetzal/rules.js';
import { scoreBreakdown } from '../../games/quetzal/scoring.js';
import { ADV, ARCH, AUTO, SIDE, STAND, bidSize, type Bid, type Frame, type Player, type State } from '../../games/quetzal/state.js';

/*
 * Quetzal position value: an estimate of a seat's final score, in VP. What is certain (track VP,
 * the VP of every upgrade got) plus what the position promises, weighed by the rounds left:
 *
 * - coins: 1 VP per 3 at the end (per 2 with the coins-to-VP upgrade), worth a little more while
 *   there are Temple banners, Harbour places and Village banners left to buy;
 * - the start marker (+2 at the end, less sure while Stele rounds remain);
 * - the discovery track: the rewards of the spaces the seat can still expect to reach;
 * - held upgrades: their effect over the rounds left;
 * - the hand: its best delivery (sets by type, card bonuses, set upgrades), tier by tier: the
 *   delivery under way, the delivery slots the seat holds this round (Harbour figures, ship bids,
 *   a bid it may still lose weighed by that chance), then later rounds' slots at a discount;
 * - claims made this round that have not resolved yet: Temple banners (the cards the seat would
 *   pick after the banners above it), excavation bids (known cards and bonus), the Stele, the
 *   Black Market, Village banners, pending upgrade draws;
 * - figures still to place this round.
 *
 * It reads only what a determinized sample holds, and treats every seat alike.
 */

/** Tunable weights, in VP. */
export const W = {
  /** Extra worth of a coin, over its end value, while purchases remain (first `coinCap` coins). */
  coinLive: 0.22,
  coinCap: 10,
  /** Start marker at the end; minus this much per Stele round left (it may change hands). */
  startMarker: 2,
  startDecay: 0.25,
  /** Discovery the seat can expect per round left, apart from its hand and claims. */
  discPerRound: 0.8,
  /** Per round left: worth of each permanent upgrade's effect. */
  effect: {
    reroll2: 0.45,
    rerollAll: 0.3,
    tabletCoins: 0.35,
    templeDiscount: 0.4,
    mixedSet: 1.1,
    extraCard: 0.7,
    coinsToVp: 0.15,
    jarSet: 0.7,
    templeDraw: 0.35,
    coinsToDiscovery: 0.3,
    weaponSet: 0.5,
    instantCoins: 0,
    instantDiscovery: 0,
  } satisfies Record<UpgradeId, number>,
  /** Chance that a delivery slot in a later round is had, and its worth after its costs. */
  laterDelivery: 0.75,
  /** Cards one later round's delivery takes. */
  laterCap: 6,
  /** Chance of still getting a slot this round for a seat with figures left and no slot yet. */
  thisRoundMaybe: 0.55,
  /** Chance of keeping an auction bid that another seat can still beat. */
  contested: 0.55,
  /** An unknown card drawn (Temple draw), before delivery odds. */
  unknownCard: 2.0,
  /** A figure still to place this round. */
  figure: 0.9,
  /** Wild faces are worth a little more than fixed ones. */
  wild: 0.1,
  /** Black Market win with a card to sell: the worth of the sale over the card. */
  blackMarket: 0.8,
};

/*
 * Hands are counted per (type, bonus) in flat arrays of NT * NB numbers, `slot(type, bonus)` with
 * both as indexes into CARD_TYPES and BONUSES: the value runs in every playout of a search, and
 * flat number arrays are what it can afford to fill, copy and compare there.
 */
const NT = CARD_TYPES.length;
const NB = BONUSES.length;
const SLOTS = NT * NB;
const slot = (type: number, bonus: number): number => type * NB + bonus;
const JAR = typeIndex('jar');
const WEAPON = typeIndex('weapon');
const TABLET = typeIndex('tablet');
const bonusIndex = (b: Bonus): number => BONUSES.indexOf(b);
const DISCOVERY = bonusIndex('discovery');
/** Bonus indexes, the VP bonus first: the order in which equal cards of a type are best taken, before weighing. */
const BONUS_ORDER_INIT = BONUSES.map((_, i) => i).reverse();
const TYPE_OF = CARDS.map((c) => typeIndex(c.type));
const BONUS_OF = CARDS.map((c) => bonusIndex(c.bonus));
const slotOf = (card: number): number => slot(TYPE_OF[card]!, BONUS_OF[card]!);
/** Average VP per card in a full set, by type: what another seat sees in a card. */
const SET_AVG = DATA.cards.types.map((t) => t.vp[2] / 3);
const ROUNDS = DATA.setup.rounds;
const DISC_MAX = DATA.discovery.max;
const START_VP = DATA.endScoring.startMarkerVp;
const COINS_PER_VP = DATA.endScoring.coinsPerVp;
const EXCAV = SITES.map((id) => DATA.excavation[id]);

/** Sum of the VP of every upgrade got. */
function upgradeVp(p: Player): number {
  let v = 0;
  for (const u of p.got) v += UPGRADE[u].vp;
  return v;
}

/** VP already certain: the track and the upgrades got (the exact final score once the game is over). */
export function banked(s: State, seat: Seat): number {
  if (s.over) return scoreBreakdown(s, seat).total;
  const p = s.players[seat]!;
  return p.vp + upgradeVp(p);
}

// ---------------------------------------------------------------- context

interface Ctx {
  readonly s: State;
  readonly seat: number;
  readonly p: Player;
  /** Whole rounds after the current one. */
  readonly fr: number;
  /** The current round's placement is still open (roll or place phase). */
  readonly placing: boolean;
  /** Rounds in which an effect still acts (a fraction for the current one). */
  readonly effRounds: number;
  /** Coin worth (VP per coin), live and at the end. */
  readonly cu: number;
  readonly cuEnd: number;
  /** Worth of one discovery step near where the seat is heading. */
  du: number;
  /** Worth of each card bonus, by index in BONUSES, for deliveries. */
  readonly bv: number[];
}

/** Whether the activation frame matching `pred` has yet to run (always, while placing). */
function pending(s: State, pred: (f: Frame) => boolean): boolean {
  if (s.phase === 'place') return true;
  if (s.phase !== 'activate') return false;
  for (let i = s.stack.length - 1; i >= 0; i--) if (pred(s.stack[i]!)) return true;
  return false;
}

/** Worth of an upgrade draw: its VP plus an average effect over the rounds left. */
function drawWorth(c: Ctx): number {
  return 1.3 + 0.45 * c.effRounds;
}

/** Worth of `x` (possibly fractional) discovery steps from space `d`: the rewards crossed. */
function discWorth(c: Ctx, d: number, x: number): number {
  if (x <= 0) return 0;
  const to = Math.min(DISC_MAX, d + x);
  let v = 0;
  for (const r of DATA.discovery.rewards) {
    if (r.space <= d) continue;
    if (r.space > Math.ceil(to)) break;
    const frac = r.space <= to ? 1 : to - Math.floor(to);
    const w = (r.vp ?? 0) + (r.coins ?? 0) * c.cu + (r.upgrade ?? 0) * drawWorth(c);
    v += frac * w;
  }
  return v;
}

function effectWorth(c: Ctx, up: UpgradeId): number {
  return (W.effect[up] ?? 0) * c.effRounds;
}

/** Worth of gaining upgrade `up` (VP, instant bonus or effect; a third permanent displaces the weakest). */
function gainWorth(c: Ctx, up: UpgradeId, held: readonly UpgradeId[]): number {
  const u = UPGRADE[up];
  const v = u.vp;
  if (u.instant) return v + (u.coins ?? 0) * c.cu + (u.discovery ?? 0) * c.du;
  if (held.includes(up)) return v;
  const e = effectWorth(c, up);
  if (held.length < 2) return v + e;
  const weakest = Math.min(...held.map((h) => effectWorth(c, h)));
  return v + Math.max(0, e - weakest);
}

// ---------------------------------------------------------------- deliveries

/** Scratch ordering of bonus indexes by worth, best first. */
let ORDER: number[] = BONUS_ORDER_INIT.slice();

/**
 * Best delivery of at most `cap` cards from `cnt` (counts per slot(type, bonus)), with `forced`
 * cards (same layout) always in; the cards taken are written to `take`. Scores sets by type,
 * bonuses by `bv`, and the set upgrades in `ups`.
 */
function bestDelivery(
  cnt: readonly number[],
  forced: readonly number[] | null,
  cap: number,
  ups: readonly UpgradeId[],
  bv: readonly number[],
  cu: number,
  take: number[],
): number {
  take.fill(0);
  if (cap <= 0 && !forced) return 0;
  ORDER = BONUS_ORDER_INIT.slice().sort((a, b) => bv[b]! - bv[a]!);
  const jarSet = ups.includes('jarSet');
  const weaponSet = ups.includes('weaponSet');
  const tabletCoins = ups.includes('tabletCoins');
  const mixed = ups.includes('mixedSet');
  // worth[t][k]: worth of k cards of type t (forced ones first, then the best bonuses).
  const worth: number[][] = [];
  const lo: number[] = [];
  let forcedTotal = 0;
  for (let t = 0; t < NT; t++) {
    let n = 0;
    let fc = 0;
    let fb = 0;
    for (let b = 0; b < NB; b++) {
      n += cnt[slot(t, b)]!;
      if (forced) {
        fc += forced[slot(t, b)]!;
        fb += forced[slot(t, b)]! * bv[b]!;
      }
    }
    forcedTotal += fc;
    lo.push(fc);
    const arr: number[] = new Array<number>(n + 1).fill(-Infinity);
    let bonus = fb;
    let k = fc;
    const add = (kk: number, bonusSum: number) => {
      let v = setVp(t, kk) + bonusSum;
      if (t === JAR && jarSet && kk >= 3) v += 3 + cu;
      if (t === WEAPON && weaponSet && kk >= 3) v += 2 + 2 * cu;
      if (t === TABLET && tabletCoins) v += 2 * kk * cu;
      arr[kk] = v;
    };
    add(k, bonus);
    for (const b of ORDER) {
      const free = cnt[slot(t, b)]! - (forced ? forced[slot(t, b)]! : 0);
      for (let i = 0; i < free; i++) {
        k++;
        bonus += bv[b]!;
        add(k, bonus);
      }
    }
    if (fc === 0) arr[0] = 0;
    worth.push(arr);
  }
  const capacity = Math.max(cap, forcedTotal);
  // The mixed-set upgrade wants a jar, a weapon and a tablet.
  const isMixedType = (t: number) => t === JAR || t === WEAPON || t === TABLET;
  const run = (needMixed: boolean): { v: number; ks: number[] } => {
    // dp over types; back[t][used] = k chosen for type t with `used` cards taken so far.
    let dp = new Array<number>(capacity + 1).fill(-Infinity);
    dp[0] = 0;
    const back: Int8Array[] = [];
    for (let t = 0; t < NT; t++) {
      const arr = worth[t]!;
      const min = Math.max(lo[t]!, needMixed && isMixedType(t) ? 1 : 0);
      const nd = new Array<number>(capacity + 1).fill(-Infinity);
      const bk = new Int8Array(capacity + 1).fill(-1);
      for (let used = 0; used <= capacity; used++) {
        const base = dp[used]!;
        if (base === -Infinity) continue;
        for (let k = min; k < arr.length && used + k <= capacity; k++) {
          const w = arr[k]!;
          if (w === -Infinity) continue;
          const v = base + w;
          if (v > nd[used + k]!) {
            nd[used + k] = v;
            bk[used + k] = k;
          }
        }
      }
      back.push(bk);
      dp = nd;
    }
    let bestUsed = -1;
    let v = -Infinity;
    for (let used = 0; used <= capacity; used++)
      if (dp[used]! > v) {
        v = dp[used]!;
        bestUsed = used;
      }
    const ks = new Array<number>(NT).fill(0);
    if (bestUsed < 0) return { v: -Infinity, ks };
    let used = bestUsed;
    for (let t = NT - 1; t >= 0; t--) {
      const k = back[t]![used]!;
      ks[t] = k;
      used -= k;
    }
    return { v: v + (needMixed ? 4 : 0), ks };
  };
  let r = run(false);
  if (mixed) {
    const m = run(true);
    if (m.v > r.v) r = m;
  }
  if (r.v === -Infinity) return 0;
  // Which cards: forced first, then the best bonuses.
  for (let t = 0; t < NT; t++) {
    let k = r.ks[t]!;
    if (forced)
      for (let b = 0; b < NB; b++) {
        const x = forced[slot(t, b)]!;
        take[slot(t, b)] = x;
        k -= x;
      }
    for (const b of ORDER) {
      if (k <= 0) break;
      const free = cnt[slot(t, b)]! - take[slot(t, b)]!;
      const x = Math.min(free, k);
      take[slot(t, b)]! += x;
      k -= x;
    }
  }
  return r.v;
}

const TAKE = new Array<number>(SLOTS).fill(0);

/**
 * Worth of a hand over the delivery tiers: each tier takes its best delivery out of what is left,
 * weighed by its chance. `cnt` is consumed.
 */
function handWorth(
  cnt: number[],
  tiers: readonly { cap: number; p: number; forced?: readonly number[]; ups: readonly UpgradeId[] }[],
  c: Ctx,
): number {
  let v = 0;
  for (const tier of tiers) {
    if (tier.cap <= 0 && !tier.forced) continue;
    let any = false;
    for (let i = 0; i < SLOTS; i++)
      if (cnt[i]! > 0) {
        any = true;
        break;
      }
    if (!any) break;
    const w = bestDelivery(cnt, tier.forced ?? null, tier.cap, tier.ups, c.bv, c.cu, TAKE);
    v += tier.p * w;
    for (let i = 0; i < SLOTS; i++) cnt[i]! -= TAKE[i]!;
  }
  return v;
}

// ---------------------------------------------------------------- claims this round

/** Worth another seat sees in a card bonus, by index in BONUSES (for guessing its Temple picks). */
const GENERIC_BONUS_WORTH: readonly number[] = BONUSES.map((b) => ({ none: 0, coin: 0.4, discovery: 0.6, vp: 1 })[b]);
/** Worth another seat sees in a card (for guessing its Temple picks). */
const genericWorth = (card: number): number => SET_AVG[TYPE_OF[card]!]! + GENERIC_BONUS_WORTH[BONUS_OF[card]!]!;

/** Worth of `card` to a hand with counts per type `n`: marginal set VP blended with the set average. */
function myWorth(c: Ctx, card: number, n: readonly number[]): number {
  const t = TYPE_OF[card]!;
  const marg = setVp(t, n[t]! + 1) - setVp(t, n[t]!);
  return 0.5 * marg + 0.5 * SET_AVG[t]! + c.bv[BONUS_OF[card]!]!;
}

/**
 * The cards `seat` can expect from the Temple banners still to resolve: banners top to bottom,
 * the automaton by its priority, other seats by the generic worth, the seat by its own. Adds them
 * to `cnt` and returns the number of unknown cards drawn.
 */
function templeClaims(c: Ctx, cnt: number[], typeN: number[]): number {
  const s = c.s;
  const top = s.stack[s.stack.length - 1];
  const queue: { seat: number; choose: number; draw: number }[] = [];
  if (top && top.k === 'take') queue.push({ seat: top.seat, choose: top.left, draw: 0 });
  let unknown = 0;
  for (const f of s.stack) {
    if (f.k === 'templeDraw' && f.seat === c.seat) unknown += c.p.ups.includes('templeDraw') ? 1.2 : 1;
  }
  for (let n = 1; n <= TEMPLE_BANNERS.length; n++) {
    const h = s.templeB[n - 1];
    if (h === null || h === undefined) continue;
    if (!pending(s, (f) => f.k === 'templeBanner' && f.n === n)) continue;
    const y = TEMPLE_YIELDS[n - 1]!;
    queue.push({ seat: h, choose: y.choose, draw: y.draw });
  }
  if (queue.length === 0) return unknown;
  let display: number[] | null = null;
  for (const q of queue) {
    if (q.seat === c.seat) unknown += q.draw * (c.p.ups.includes('templeDraw') ? 1.2 : 1);
    if (q.choose === 0) continue;
    // A copy of the display, made only once someone picks from it.
    display ??= s.temple.slice();
    for (let i = 0; i < q.choose; i++) {
      let best = -1;
      if (q.seat === AUTO) {
        best = automatonPick(display);
      } else {
        let bw = -Infinity;
        for (let j = 0; j < display.length; j++) {
          const card = display[j]!;
          if (card < 0) continue;
          const w = q.seat === c.seat ? myWorth(c, card, typeN) : genericWorth(card);
          if (w > bw) {
            bw = w;
            best = j;
          }
        }
      }
      if (best < 0) break;
      const card = display[best]!;
      display[best] = -1;
      if (q.seat === c.seat) {
        cnt[slotOf(card)]!++;
        typeN[TYPE_OF[card]!]!++;
      }
    }
  }
  return unknown;
}

/** Whether another seat still placing could beat `bid` this round. */
function beatable(s: State, seat: number, bid: Bid): boolean {
  if (s.phase !== 'place') return false;
  const need = bidSize(bid) + 1;
  for (let q = 0; q < s.seats; q++) {
    if (q === seat) continue;
    const o = s.players[q]!;
    const wild = o.fig[SIDE]! + o.fig[STAND]! + (o.leaderHome ? 1 : 0);
    const k = bid.kind === 'adv' ? o.fig[ADV]! : bid.kind === 'arch' ? o.fig[ARCH]! : Math.max(o.fig[ADV]!, o.fig[ARCH]!);
    if (k + wild >= need) return true;
  }
  return false;
}

// ---------------------------------------------------------------- the value

function context(s: State, seat: number): Ctx {
  const p = s.players[seat]!;
  const fr = ROUNDS - s.round;
  const placing = s.phase === 'roll' || s.phase === 'place';
  const effRounds = fr + (placing ? 0.7 : s.phase === 'activate' ? 0.4 : 0);
  const cuEnd = p.ups.includes('coinsToVp') ? 0.5 : 1 / COINS_PER_VP;
  const live = Math.min(1, (fr + (placing ? 1 : 0)) / 2);
  const cu = cuEnd + W.coinLive * live;
  // Bonus worths: a coin and a VP as such; discovery is set once the seat's prospects are known.
  const bv = BONUSES.map((b) => (b === 'coin' ? cu : b === 'vp' ? 1 : 0));
  const c: Ctx = { s, seat, p, fr, placing, effRounds, cu, cuEnd, du: 0, bv };
  return c;
}

function coinWorth(c: Ctx, coins: number): number {
  const live = c.cu - c.cuEnd;
  return coins * c.cuEnd + live * Math.min(coins, W.coinCap);
}

/** The value's terms, by index into KEYS. */
const T_VP = 0,
  T_START = 1,
  T_DISC = 2,
  T_CLAIMS = 3,
  T_CARDS = 4,
  T_MARKET = 5,
  T_UPGRADES = 6,
  T_COINS = 7,
  T_FIGURES = 8;
const KEYS = ['vp', 'start', 'discovery', 'claims', 'cards', 'blackMarket', 'upgrades', 'coins', 'figures'] as const;
const sum = new TermSum(KEYS);

/** Estimated final score of `seat`. */
export function value(s: State, seat: Seat): number {
  valueInto(s, seat);
  return sum.v;
}

/** `value` by term. */
export function terms(s: State, seat: Seat): Term[] {
  valueInto(s, seat);
  return sum.list();
}

/** Adds the value of `seat` in `s` to `sum`, term by term (the discovery tie-break last, as ever). */
function valueInto(s: State, seat: Seat): void {
  const p = s.players[seat]!;
  sum.reset();
  if (s.over) {
    sum.add(T_VP, scoreBreakdown(s, seat).total);
    sum.add(T_DISC, 0.001 * p.disc);
    return;
  }
  if (s.phase === 'final') {
    const b = scoreBreakdown(s, seat);
    const ex = p.ups.includes('coinsToVp') ? Math.floor(p.coins / 2) - b.coins : 0;
    sum.add(T_VP, b.total);
    sum.add(T_COINS, Math.max(0, ex));
    sum.add(T_DISC, 0.001 * p.disc);
    return;
  }
  const c = context(s, seat);
  sum.add(T_VP, p.vp + upgradeVp(p));

  // Discovery still to come: claims (Stele, Small Temple), later rounds; the hand's bonuses are
  // valued per step at the worth near where that leads.
  let disc = 0;
  let vpClaims = 0;
  let coinClaims = 0;
  let discClaimsP = 0;
  if (s.stele[0] === seat && pending(s, (f) => f.k === 'stele')) disc += 1;
  // Start marker.
  const startHolder =
    s.stele[0] !== null && s.stele[0] !== undefined && s.stele[0] >= 0 && pending(s, (f) => f.k === 'stele') ? s.stele[0] : s.start;
  if (startHolder === seat) sum.add(T_START, START_VP - W.startDecay * c.fr);

  // Hand counts.
  const cnt = new Array<number>(SLOTS).fill(0);
  const typeN = new Array<number>(NT).fill(0);
  for (const card of p.hand) {
    cnt[slotOf(card)]!++;
    typeN[TYPE_OF[card]!]!++;
  }
  // Excavation claims: certain ones join the hand, beatable ones are weighed apart.
  const contested: { cards: number[]; p: number }[] = [];
  SITES.forEach((id, i) => {
    const bid = s.bids[id];
    if (!bid || bid.seat !== seat) return;
    if (!pending(s, (f) => f.k === 'site' && f.site === i)) return;
    const cards = s.sites[i]!.filter((x) => x >= 0);
    const pw = beatable(s, seat, bid) ? W.contested : 1;
    const e = EXCAV[i]!;
    vpClaims += pw * e.vp;
    coinClaims += pw * e.coins;
    discClaimsP += pw * e.discovery;
    if (pw === 1) {
      for (const card of cards) {
        cnt[slotOf(card)]!++;
        typeN[TYPE_OF[card]!]!++;
      }
    } else contested.push({ cards, p: pw });
  });
  const unknown = templeClaims(c, cnt, typeN);
  for (const f of s.stack) {
    if (f.k === 'keep' && f.seat === seat) {
      let best = f.cards[0]!;
      for (const x of f.cards) if (myWorth(c, x, typeN) > myWorth(c, best, typeN)) best = x;
      cnt[slotOf(best)]!++;
      typeN[TYPE_OF[best]!]!++;
    }
  }

  // Discovery worth: the steps expected from claims, later rounds and (roughly) the hand.
  const laterDisc = W.discPerRound * c.fr;
  let handDisc = 0;
  for (let t = 0; t < NT; t++) handDisc += cnt[slot(t, DISCOVERY)]!;
  const expected = disc + discClaimsP + laterDisc + 0.6 * handDisc;
  c.du = Math.max(0.3, (discWorth(c, p.disc, expected + 2) - discWorth(c, p.disc, expected)) / 2);
  c.bv[DISCOVERY] = c.du;
  sum.add(T_DISC, discWorth(c, p.disc, disc + discClaimsP + laterDisc));
  sum.add(T_CLAIMS, vpClaims + coinClaims * c.cu);

  // Delivery tiers.
  const tiers: { cap: number; p: number; forced?: readonly number[]; ups: readonly UpgradeId[] }[] = [];
  const extra = p.ups.includes('extraCard') ? 1 : 0;
  const top = s.stack[s.stack.length - 1];
  if (top && top.k === 'deliver' && top.seat === seat) {
    const forced = new Array<number>(SLOTS).fill(0);
    for (const card of top.added) forced[slotOf(card)]!++;
    tiers.push({ cap: top.limit, p: 1, forced, ups: top.ups });
  }
  let sure = 0;
  let maybe = 0;
  let maybeP = 1;
  for (let i = 0; i < s.stack.length - 1; i++) {
    const f = s.stack[i]!;
    if (f.k === 'deliver' && f.seat === seat) sure += f.limit;
  }
  if (s.harbour[seat]! > 0 && pending(s, (f) => f.k === 'harbour')) sure += 3 * s.harbour[seat]! + extra;
  for (const loc of ['ship1', 'ship2'] as const) {
    const bid = s.bids[loc];
    if (!bid || bid.seat !== seat || !pending(s, (f) => f.k === 'ship' && f.loc === loc)) continue;
    if (beatable(s, seat, bid)) {
      maybe += 6 + extra;
      maybeP = W.contested;
    } else sure += 6 + extra;
  }
  if (sure > 0) tiers.push({ cap: sure, p: 1, ups: p.ups });
  if (maybe > 0) tiers.push({ cap: maybe, p: maybeP, ups: p.ups });
  const figs = figuresInHand(p);
  if (c.placing && figs > 0 && sure === 0) tiers.push({ cap: 3 + extra, p: W.thisRoundMaybe, ups: p.ups });
  const later = c.fr;
  if (later > 0) tiers.push({ cap: Math.round(later * (W.laterCap + extra)), p: W.laterDelivery, ups: p.ups });
  const anySlot = tiers.length > 0;

  // The contested excavations: their worth to the hand, weighed by the chance of keeping them.
  if (contested.length > 0) {
    const base = handWorth(cnt.slice(), tiers, c);
    const more = cnt.slice();
    for (const g of contested) for (const card of g.cards) more[slotOf(card)]!++;
    const withAll = handWorth(more, tiers, c);
    const pAvg = contested.reduce((a, g) => a + g.p, 0) / contested.length;
    sum.add(T_CARDS, base + pAvg * (withAll - base));
  } else {
    sum.add(T_CARDS, handWorth(cnt, tiers, c));
  }
  if (anySlot) sum.add(T_CARDS, unknown * W.unknownCard * (sure > 0 || top?.k === 'deliver' ? 0.9 : W.laterDelivery));

  // Black Market.
  const bm = s.bids.blackMarket;
  const selling = (bm && bm.seat === seat && pending(s, (f) => f.k === 'blackMarket')) || (top && top.k === 'sell' && top.seat === seat);
  if (selling && p.hand.length > 0)
    sum.add(T_MARKET, W.blackMarket * (beatable(s, seat, bm ?? { seat, team: 9, leader: false, kind: null }) ? W.contested : 1));

  // Upgrades: held effects, draws pending, Village banners, a pending drop.
  let held: UpgradeId[] = p.ups.slice();
  for (const f of s.stack) {
    if (f.k === 'drop' && f.seat === seat) {
      const three = [...held, f.up];
      three.sort((a, b) => effectWorth(c, b) - effectWorth(c, a));
      held = three.slice(0, 2);
    }
    if (f.k === 'upgradeDraw' && f.seat === seat) sum.add(T_UPGRADES, drawWorth(c));
  }
  for (const u of held) sum.add(T_UPGRADES, effectWorth(c, u));
  const display = s.village.filter((u): u is UpgradeId => u !== null);
  let taken = 0;
  for (let n = 1; n <= VILLAGE_BANNERS.length; n++) {
    const h = s.villageB[n - 1];
    if (h === null || h === undefined || h < 0) continue;
    const pend = pending(s, (f) => f.k === 'villageBanner' && f.n === n) || (top?.k === 'village' && top.seat === h && top.banner === n);
    if (!pend) continue;
    if (h !== seat) {
      taken++;
      continue;
    }
    const ws = display.map((u) => gainWorth(c, u, held)).sort((a, b) => b - a);
    const w = ws[Math.min(taken, ws.length - 1)];
    if (w !== undefined) sum.add(T_UPGRADES, w);
    taken++;
  }

  // Coins and figures.
  sum.add(T_COINS, coinWorth(c, p.coins));
  if (s.phase === 'place' || s.phase === 'roll') {
    sum.add(T_FIGURES, figs * W.figure + W.wild * (p.fig[SIDE]! + p.fig[STAND]!));
  }
  sum.add(T_DISC, 0.001 * p.disc);
}

/**
 * The cards the delivery under way should still take, by name (one entry per card), as the value
 * above plans it: the best delivery within the frame's limit with the cards added so far, later
 * slots left to the rest. Empty: deliver now. Null when no delivery of `seat` is under way.
 */
export function deliveryPlan(s: State, seat: Seat): string[] | null {
  const top = s.stack[s.stack.length - 1];
  if (!top || top.k !== 'deliver' || top.seat !== seat) return null;
  const p = s.players[seat]!;
  const c = context(s, seat);
  const laterDisc = W.discPerRound * c.fr;
  c.du = Math.max(0.3, (discWorth(c, p.disc, laterDisc + 2) - discWorth(c, p.disc, laterDisc)) / 2);
  c.bv[DISCOVERY] = c.du;
  const cnt = new Array<number>(SLOTS).fill(0);
  const forced = new Array<number>(SLOTS).fill(0);
  for (const card of p.hand) cnt[slotOf(card)]!++;
  for (const card of top.added) forced[slotOf(card)]!++;
  const take = new Array<number>(SLOTS).fill(0);
  bestDelivery(cnt, forced, top.limit, top.ups, c.bv, c.cu, take);
  const out: string[] = [];
  for (let i = 0; i < SLOTS; i++) {
    const n = take[i]! - forced[i]!;
    if (n <= 0) continue;
    const t = CARD_TYPES[Math.floor(i / NB)]!;
    const b = BONUSES[i % NB]!;
    for (let k = 0; k < n; k++) out.push(b === 'none' ? t : `${t}+${b}`);
  }
  return out;
}
