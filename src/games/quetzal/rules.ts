import type { EventRecorder } from '../../core/events.js';
import { playRng, playStateAfter, shuffle, type DrawKind, type Rng } from '../../core/rng.js';
import type { Face, PlaceChoice, QChoice } from './choice.js';
import type { GainReason, QEvent, RerollReason, RerollResult } from './events.js';
import {
  AUCTIONS,
  CARDS,
  DATA,
  TEMPLE_YIELDS,
  LOC,
  LOC_IDS,
  SITES,
  TEMPLE_BANNERS,
  UPGRADE,
  VILLAGE_BANNERS,
  cardName,
  type Kind,
  type LocId,
  type UpgradeId,
} from './data.js';
import { discoveryTo, rewardsReached, scoreDelivery } from './delivery.js';
import {
  ADV,
  ARCH,
  AUTO,
  SIDE,
  STAND,
  TEAM_FACES,
  bidSize,
  isDecision,
  type AutoFrame,
  type Bid,
  type DecisionFrame,
  type Frame,
  type FrameOf,
  type Player,
  type State,
} from './state.js';

/** Where the rules write the public events of the choice being applied. */
export type Rec = EventRecorder<QEvent>;

/*
 * The game as a stack of frames (state.ts). `settle` runs automatic frames until a decision is
 * owed and caches its choices; `play` applies one of them. Everything here mutates the state it is
 * given and is deterministic: randomness comes from the generator kept in the state.
 */

// ---------------------------------------------------------------- small queries

/** Every face a figure in hand can show; the team faces come first, at their index in Player.fig. */
export const FACES: readonly Face[] = ['adv', 'arch', 'side', 'stand', 'leader'];
const KIND_INDEX: Readonly<Record<Kind, number>> = { adv: ADV, arch: ARCH };

/** Ship 2 is covered with 2 or 3 players (Q-SET-6, Q-2P-2). */
export function locCovered(s: State, loc: LocId): boolean {
  return loc === 'ship2' && DATA.setup.coveredShip[String(s.seats)] === 'ship2';
}
/** Village banner 3 is covered in a two-player game (Q-2P-2, QD-14). */
export function bannerCovered(s: State, loc: LocId, n: number): boolean {
  return loc === 'village' && s.seats === 2 && DATA.twoPlayer.coveredVillageBanners.includes(n);
}
export function villageSize(s: State): number {
  return s.seats === 2 ? DATA.twoPlayer.villageDisplay : DATA.setup.villageDisplay;
}
/** Seats in order from the start player marker (Q-ACT-8, QD-3). */
export function fromStart(s: State): number[] {
  return Array.from({ length: s.seats }, (_, i) => (s.start + i) % s.seats);
}
export const figuresInHand = (p: Player): number => p.fig[ADV]! + p.fig[ARCH]! + p.fig[SIDE]! + p.fig[STAND]! + (p.leaderHome ? 1 : 0);
export const holds = (p: Player, up: UpgradeId): boolean => p.ups.includes(up);
/** Cost of Temple banner n (Q-R-2); the templeDiscount upgrade takes 1 off, never below 0 (Q-UP-3). */
export function templeCost(p: Player, n: number): number {
  return Math.max(0, TEMPLE_BANNERS[n - 1]!.cost - (holds(p, 'templeDiscount') ? 1 : 0));
}
/** The seat owing the decision on top, or null. */
export function decider(s: State): number | null {
  if (s.over) return null;
  const f = s.stack[s.stack.length - 1];
  return f && isDecision(f) ? f.seat : null;
}

/** Draws of one kind from the state's generator: dice are public, reshuffles hidden (their streams are apart under seeding 3). */
function withRng<T>(s: State, kind: DrawKind, use: (rng: Rng) => T): T {
  const rng = playRng(s.rng, kind);
  const out = use(rng);
  s.rng = playStateAfter(s.rng, kind, rng);
  return out;
}

// ---------------------------------------------------------------- gains

export function gainCoins(s: State, rec: Rec, seat: number, n: number, why: GainReason): void {
  if (n <= 0) return;
  s.players[seat]!.coins += n;
  if (rec.loud) rec.push({ type: 'coins', seat, n, why });
}
export function gainVp(s: State, rec: Rec, seat: number, n: number, why: GainReason): void {
  if (n <= 0) return;
  s.players[seat]!.vp += n;
  if (rec.loud) rec.push({ type: 'vp', seat, n, why });
}

/** Discovery (Q-DISC-1, Q-R-5): the reward of every space reached or crossed; the track stops at its end. */
export function gainDiscovery(s: State, rec: Rec, seat: number, n: number, why: GainReason): void {
  const p = s.players[seat]!;
  const from = p.disc;
  const to = discoveryTo(from, n);
  if (to <= from) return;
  p.disc = to;
  if (rec.loud) rec.push({ type: 'discovery', seat, n: to - from, to, why });
  let draws = 0;
  for (const reward of rewardsReached(from, to)) {
    gainVp(s, rec, seat, reward.vp ?? 0, 'discovery');
    gainCoins(s, rec, seat, reward.coins ?? 0, 'discovery');
    draws += reward.upgrade ?? 0;
  }
  for (let i = 0; i < draws; i++) s.stack.push({ k: 'upgradeDraw', seat });
}

/** An upgrade reaches a player (Q-UP-1): instant bonus, slot, duplicate or a third permanent. */
export function gainUpgrade(s: State, rec: Rec, seat: number, up: UpgradeId, from: 'stack' | 'village'): void {
  const p = s.players[seat]!;
  const u = UPGRADE[up];
  p.got.push(up);
  if (rec.loud) rec.push({ type: 'upgrade', seat, up, from });
  if (u.instant) {
    gainCoins(s, rec, seat, u.coins ?? 0, up);
    gainDiscovery(s, rec, seat, u.discovery ?? 0, up);
    return;
  }
  if (p.ups.includes(up)) {
    if (rec.loud) rec.push({ type: 'upgradeDiscarded', seat, up, why: 'duplicate' });
    return;
  }
  if (p.ups.length < 2) {
    p.ups.push(up);
    return;
  }
  s.stack.push({ k: 'drop', seat, up });
}

// ---------------------------------------------------------------- cards

/** Top card of the deck; an empty deck is replaced by the shuffled discard pile (QD-5). */
export function drawCard(s: State, rec: Rec): number | null {
  if (s.deck.length === 0) {
    if (s.discard.length === 0) return null;
    s.deck = s.discard;
    s.discard = [];
    withRng(s, 'hidden', (rng) => shuffle(rng, s.deck));
    for (const k of s.bottomKnown) k.length = 0;
    if (rec.loud) rec.push({ type: 'reshuffle', cards: s.deck.length, reveals: true });
  }
  const c = s.deck.pop()!;
  for (const k of s.bottomKnown) {
    const i = k.indexOf(c);
    if (i >= 0) k.splice(i, 1);
  }
  return c;
}

/** Fills every empty artifact space (Q-END-2, QD-5). */
export function refillCards(s: State, rec: Rec): void {
  const fill = (spaces: number[]) => {
    for (let i = 0; i < spaces.length; i++) {
      if (spaces[i] !== -1) continue;
      const card = drawCard(s, rec);
      if (card === null) return;
      spaces[i] = card;
    }
  };
  fill(s.temple);
  for (const site of s.sites) fill(site);
  if (rec.loud)
    rec.push({
      type: 'refill',
      temple: s.temple.map((c) => (c < 0 ? null : cardName(c))),
      sites: s.sites.map((x) => x.map((c) => (c < 0 ? null : cardName(c)))),
    });
}

/** Refills the Village display from the upgrade stack; skipped once the stack is empty (QD-12). */
export function refillVillage(s: State, rec: Rec): void {
  for (let i = 0; i < s.village.length; i++) {
    if (s.village[i] !== null) continue;
    const u = s.upStack.pop();
    if (u === undefined) break;
    s.village[i] = u;
  }
  if (rec.loud) rec.push({ type: 'village', display: s.village.slice() });
}

// ---------------------------------------------------------------- figures

/**
 * One team figure rolled into the hand with the state's seeded generator (Q-ROLL-2; Q-R-1 weights
 * out of 100); returns the index of its face.
 */
function rollTeam(s: State, rec: Rec, rng: Rng, p: Player, seat: number, why: GainReason): number {
  const w = DATA.roll.team;
  const roll = rng.int(100);
  const face = roll < w.adv ? ADV : roll < w.adv + w.arch ? ARCH : roll < w.adv + w.arch + w.side ? SIDE : STAND;
  p.fig[face]!++;
  if (face === STAND) gainCoins(s, rec, seat, 1, why);
  return face;
}
function rollLeader(s: State, rec: Rec, rng: Rng, seat: number, why: GainReason): boolean {
  const stands = rng.int(100) < DATA.roll.leader.stand;
  if (stands) gainCoins(s, rec, seat, 1, why);
  return stands;
}

/** Phase 1 for one seat (Q-ROLL-1): every figure rolled, +1 coin per standing figure. */
function rollAll(s: State, rec: Rec, seat: number): void {
  const p = s.players[seat]!;
  p.fig = [0, 0, 0, 0];
  p.leaderHome = true;
  p.used = [];
  const before = p.coins;
  withRng(s, 'public', (rng) => {
    for (let i = 0; i < p.team; i++) rollTeam(s, rec, rng, p, seat, 'standingFigure');
    const leaderStands = rollLeader(s, rec, rng, seat, 'standingLeader');
    if (rec.loud)
      rec.push({
        type: 'roll',
        seat,
        adv: p.fig[ADV]!,
        arch: p.fig[ARCH]!,
        side: p.fig[SIDE]!,
        stand: p.fig[STAND]!,
        leaderStands,
        coins: p.coins - before,
        reveals: true,
      });
  });
}

/** Rerolls figures in hand by face; a standing figure keeps the coin it earned (QD-7). */
export function rerollFaces(s: State, rec: Rec, seat: number, faces: readonly Face[], why: RerollReason): void {
  const p = s.players[seat]!;
  const results: RerollResult[] = [];
  withRng(s, 'public', (rng) => {
    for (const face of faces) {
      if (face === 'leader') {
        results.push(rollLeader(s, rec, rng, seat, why) ? 'leaderStands' : 'leader');
      } else {
        p.fig[FACES.indexOf(face)]!--;
        results.push(FACES[rollTeam(s, rec, rng, p, seat, why)]!);
      }
    }
  });
  if (rec.loud) rec.push({ type: 'reroll', seat, faces: faces.slice(), results, why, reveals: true });
}

/** The placed figures leave the hand; a wild one becomes the kind it is placed as (Q-PL-2), recorded in the bid. */
function takeFigures(p: Player, c: PlaceChoice): void {
  p.fig[ADV]! -= c.adv;
  p.fig[ARCH]! -= c.arch;
  // Wild figures: those on their side first, then standing ones.
  const side = Math.min(c.wild, p.fig[SIDE]!);
  p.fig[SIDE]! -= side;
  p.fig[STAND]! -= c.wild - side;
  if (c.leader) p.leaderHome = false;
}

// ---------------------------------------------------------------- choices

/**
 * Every place choice made so far, by its fields packed in one number: placeChoices hands out the
 * same frozen object for the same placement each time. A search lists the placements at every node
 * of every iteration, and keys its tree by choice: one object per placement lets it key each once
 * (src/bots/ismcts.ts) instead of serializing dozens of fresh objects per node. At most a few
 * thousand exist (locations × banners × kinds × figure counts).
 */
const PLACE_CHOICES = new Map<number, PlaceChoice>();
const KIND_CODE: Readonly<Record<Kind, number>> = { adv: 1, arch: 2 };

/** A place choice, its optional fields left out rather than undefined (choices are compared as JSON). */
function placeChoice(
  loc: LocId,
  banner: number | undefined,
  as: Kind | undefined,
  adv: number,
  arch: number,
  wild: number,
  leader: boolean,
): PlaceChoice {
  // Figure counts stay below 8 (at most 6 team figures), banners below 8.
  const code =
    (((((LOC_IDS.indexOf(loc) * 8 + (banner ?? 0)) * 3 + (as === undefined ? 0 : KIND_CODE[as])) * 8 + adv) * 8 + arch) * 8 + wild) * 2 +
    (leader ? 1 : 0);
  let c = PLACE_CHOICES.get(code);
  if (c === undefined) {
    const fresh: PlaceChoice =
      banner !== undefined
        ? as === undefined
          ? { t: 'place', loc, banner, adv, arch, wild, leader }
          : { t: 'place', loc, banner, as, adv, arch, wild, leader }
        : as === undefined
          ? { t: 'place', loc, adv, arch, wild, leader }
          : { t: 'place', loc, as, adv, arch, wild, leader };
    c = Object.freeze(fresh);
    PLACE_CHOICES.set(code, c);
  }
  return c;
}

/** Legal placements (Q-PL-*): each a location, a banner where needed, and the figures sent. */
export function placeChoices(s: State, seat: number): QChoice[] {
  const p = s.players[seat]!;
  const out: QChoice[] = [];
  const wild = p.fig[SIDE]! + p.fig[STAND]!;
  const leaderHome = p.leaderHome;
  const withLeader = leaderHome ? [false, true] : [false];
  // Q-PL-4: free locations take any mix of figures, as often as wanted, within the coins (no debt, Q-PL-1).
  const free = (loc: LocId, costPer: number) => {
    for (let adv = 0; adv <= p.fig[ADV]!; adv++)
      for (let arch = 0; arch <= p.fig[ARCH]!; arch++)
        for (let w = 0; w <= wild; w++)
          for (const leader of withLeader) {
            const n = adv + arch + w + (leader ? 1 : 0);
            if (n === 0 || n * costPer > p.coins) continue;
            out.push(placeChoice(loc, undefined, undefined, adv, arch, w, leader));
          }
  };
  // Q-PL-3: one figure of the banner's kind on a free banner: a figure showing it if any, else a
  // wild team figure; or the leader.
  const single = (loc: LocId, banner: number, kind: Kind) => {
    if (p.fig[KIND_INDEX[kind]]! > 0) out.push(placeChoice(loc, banner, kind, kind === 'adv' ? 1 : 0, kind === 'arch' ? 1 : 0, 0, false));
    else if (wild > 0) out.push(placeChoice(loc, banner, kind, 0, 0, 1, false));
    if (leaderHome) out.push(placeChoice(loc, banner, kind, 0, 0, 0, true));
  };
  free('camp', 0); // Q-PL-1: the Camp is always open
  if (s.start !== seat && s.stele[0] === null) single('stele', 1, 'arch'); // Q-PL-7
  // QD-9: only a held banner is closed; the same seat may take several banners of a location.
  TEMPLE_BANNERS.forEach((b) => {
    if (s.templeB[b.n - 1] === null && templeCost(p, b.n) <= p.coins) single('temple', b.n, b.kind);
  });
  for (const loc of AUCTIONS) {
    if (locCovered(s, loc)) continue;
    const bid = s.bids[loc];
    if (bid && bid.seat === seat) continue; // QD-10
    const min = bid ? bidSize(bid) + 1 : 1;
    const kinds: readonly Kind[] = LOC[loc].figures === 'adv' ? ['adv'] : bid && bid.kind ? [bid.kind] : ['adv', 'arch'];
    if (!bid && leaderHome) out.push(placeChoice(loc, undefined, LOC[loc].figures === 'adv' ? 'adv' : undefined, 0, 0, 0, true));
    for (const kind of kinds) {
      const showing = p.fig[KIND_INDEX[kind]]!;
      for (let x = 0; x <= showing; x++)
        for (let w = 0; w <= wild; w++) {
          if (w > 0 && x < showing) continue; // a wild figure is never sent while a figure showing the kind stays home
          if (x + w === 0) continue;
          for (const leader of withLeader) {
            if (x + w + (leader ? 1 : 0) < min) continue;
            out.push(placeChoice(loc, undefined, kind, kind === 'adv' ? x : 0, kind === 'arch' ? x : 0, w, leader));
          }
        }
    }
  }
  // Village banners cost and kind: Q-R-8.
  VILLAGE_BANNERS.forEach((b) => {
    if (!bannerCovered(s, 'village', b.n) && s.villageB[b.n - 1] === null && b.cost <= p.coins) single('village', b.n, b.kind);
  });
  free('harbour', LOC.harbour.costPerFigure ?? 2);
  return out;
}

/** Rerolls of up to `max` figures in hand, by face (FACES order), declining included. */
function faceChoices(p: Player, max: number): QChoice[] {
  const have = [p.fig[ADV]!, p.fig[ARCH]!, p.fig[SIDE]!, p.fig[STAND]!, p.leaderHome ? 1 : 0];
  const out: QChoice[] = [{ t: 'reroll', faces: [] }];
  for (let i = 0; i < FACES.length; i++) {
    if (have[i]! === 0) continue;
    out.push({ t: 'reroll', faces: [FACES[i]!] });
  }
  if (max >= 2) {
    for (let i = 0; i < FACES.length; i++)
      for (let j = i; j < FACES.length; j++) {
        if (i === j ? have[i]! < 2 : have[i]! === 0 || have[j]! === 0) continue;
        out.push({ t: 'reroll', faces: [FACES[i]!, FACES[j]!] });
      }
  }
  return out;
}

/** Distinct card names among ids, in first-seen order sorted by name for stability. */
function names(cards: readonly number[]): string[] {
  const set = new Set<string>();
  for (const card of cards) if (card >= 0) set.add(cardName(card));
  return [...set].sort();
}

/** The choices of decision `f` itself, before the exchanges its seat may add (QD-13). */
function mainChoices(s: State, f: DecisionFrame): QChoice[] {
  switch (f.k) {
    case 'rerollUp':
      return f.up === 'reroll2'
        ? faceChoices(s.players[f.seat]!, 2)
        : [
            { t: 'rerollAll', use: false },
            { t: 'rerollAll', use: true },
          ];
    case 'place':
      return placeChoices(s, f.seat);
    case 'camp':
      return figuresInHand(s.players[f.seat]!) > 0 ? faceChoices(s.players[f.seat]!, 1) : [];
    case 'take':
      return names(s.temple).map((card) => ({ t: 'take', card }));
    case 'keep':
      return names(f.cards).map((card) => ({ t: 'keep', card }));
    case 'sell': {
      const hand = s.players[f.seat]!.hand;
      return hand.length === 0 ? [] : [{ t: 'sell', card: null }, ...names(hand).map((card) => ({ t: 'sell' as const, card }))];
    }
    case 'village':
      return [...new Set(s.village.filter((u): u is UpgradeId => u !== null))].sort().map((up) => ({ t: 'village', up }));
    case 'drop':
      return [...s.players[f.seat]!.ups, f.up].map((up) => ({ t: 'drop', up }));
    case 'deliver': {
      const out: QChoice[] = [{ t: 'deliver' }];
      if (f.added.length < f.limit) {
        const left = s.players[f.seat]!.hand.filter((card) => !f.added.includes(card));
        for (const card of names(left)) out.push({ t: 'add', card });
      }
      return out;
    }
    case 'final':
      return [{ t: 'done' }];
  }
}

/** Coins each exchange upgrade takes for its 1 VP or 1 discovery (Q-R-6). */
const EXCHANGE_COINS = { coinsToVp: 2, coinsToDiscovery: 3 } as const;

/** Q-UP-2, QD-13: the exchange upgrades, offered with every decision of their holder. */
function exchangeChoices(s: State, seat: number): QChoice[] {
  const p = s.players[seat]!;
  const out: QChoice[] = [];
  if (holds(p, 'coinsToVp') && p.coins >= EXCHANGE_COINS.coinsToVp) out.push({ t: 'exchange', up: 'coinsToVp' });
  if (holds(p, 'coinsToDiscovery') && p.coins >= EXCHANGE_COINS.coinsToDiscovery && p.disc < DATA.discovery.max)
    out.push({ t: 'exchange', up: 'coinsToDiscovery' });
  return out;
}

// ---------------------------------------------------------------- automatic frames

function pushAll(s: State, frames: Frame[]): void {
  for (let i = frames.length - 1; i >= 0; i--) s.stack.push(frames[i]!);
}

/** The automaton places its 6 figures from the top card of its deck (Q-2P-1). */
export function automatonPlace(s: State, rec: Rec): void {
  const auto = s.auto;
  if (!auto) return;
  const id = auto.deck.pop();
  if (id === undefined) return;
  auto.card = id;
  auto.drawn++;
  const card = DATA.automaton.cards[id]!;
  for (const banner of card.temple) s.templeB[banner - 1] = AUTO;
  s.bids[card.site] = { seat: AUTO, team: 3, leader: false, kind: card.siteKind };
  if (card.last === 'blackMarket') s.bids.blackMarket = { seat: AUTO, team: 1, leader: false, kind: 'adv' };
  else s.bids.ship1 = { seat: AUTO, team: 1, leader: false, kind: card.lastKind };
  if (rec.loud)
    rec.push({
      type: 'automaton',
      card: card.id,
      temple: card.temple.slice(),
      site: card.site,
      siteKind: card.siteKind,
      last: card.last === 'ship' ? 'ship1' : 'blackMarket',
      lastKind: card.lastKind,
      reveals: true,
    });
}

/** The automaton's pick from the Temple display (Q-R-7): type priority, then bonus priority. */
export function automatonPick(temple: readonly number[]): number {
  let best = -1;
  let bestRank = Infinity;
  temple.forEach((card, i) => {
    if (card < 0) return;
    const d = CARDS[card]!;
    const rank = DATA.automaton.priorityTypes.indexOf(d.type) * 10 + DATA.automaton.priorityBonus.indexOf(d.bonus);
    if (rank < bestRank) {
      bestRank = rank;
      best = i;
    }
  });
  return best;
}

/** Q-2P-4: the automaton's Temple banner: it picks by priority, draws on a draw banner, discards all. */
function automatonTemple(s: State, rec: Rec, banner: number): void {
  const y = TEMPLE_YIELDS[banner - 1]!;
  const took: number[] = [];
  for (let i = 0; i < y.choose; i++) {
    const slot = automatonPick(s.temple);
    if (slot < 0) break;
    took.push(s.temple[slot]!);
    s.temple[slot] = -1;
  }
  for (let i = 0; i < y.draw; i++) {
    const card = drawCard(s, rec);
    if (card !== null) took.push(card);
  }
  s.discard.push(...took);
  if (rec.loud) rec.push({ type: 'automatonTemple', banner, cards: took.map(cardName), reveals: took.length > 0 ? true : undefined });
}

/** Cards a delivery may take: per Harbour figure (QD-4), and per ship (Q-ACT-7). */
const HARBOUR_CARDS_PER_FIGURE = 3;
const SHIP_CARDS = 6;
/** What the Black Market pays for a card (Q-ACT-4). */
const BLACK_MARKET_COINS = 7;

/** A delivery of the upgrades held now (QD-11); extraCard allows one more card (Q-UP-3). */
function startDelivery(s: State, seat: number, loc: LocId, limit: number): FrameOf<'deliver'> | null {
  const p = s.players[seat]!;
  if (p.hand.length === 0) return null;
  return { k: 'deliver', seat, loc, limit: limit + (holds(p, 'extraCard') ? 1 : 0), added: [], ups: p.ups.slice() };
}

/** Phase 3: every location in activation order, then figures back and the next round (Q-ACT-*). */
export function beginActivation(s: State, rec: Rec): void {
  s.phase = 'activate';
  if (rec.loud) rec.push({ type: 'activate', round: s.round });
  pushAll(s, [
    { k: 'stele' },
    ...TEMPLE_BANNERS.map((b): Frame => ({ k: 'templeBanner', n: b.n })),
    ...SITES.map((_, i): Frame => ({ k: 'site', site: i })),
    { k: 'blackMarket' },
    ...VILLAGE_BANNERS.map((b): Frame => ({ k: 'villageBanner', n: b.n })),
    { k: 'harbour' },
    { k: 'ship', loc: 'ship1' },
    { k: 'ship', loc: 'ship2' },
    { k: 'returnFigures' },
    { k: 'prepare' },
  ]);
}

function runAuto(s: State, rec: Rec, f: AutoFrame): void {
  switch (f.k) {
    case 'roll': {
      s.phase = 'roll';
      const order = fromStart(s);
      for (const seat of order) rollAll(s, rec, seat);
      const frames: Frame[] = [];
      // QD-7: after all first rolls, reroll upgrades in seat order from the start player.
      for (const seat of order) {
        const p = s.players[seat]!;
        if (holds(p, 'rerollAll')) frames.push({ k: 'rerollUp', seat, up: 'rerollAll' });
        if (holds(p, 'reroll2')) frames.push({ k: 'rerollUp', seat, up: 'reroll2' });
      }
      s.cur = (s.start + s.seats - 1) % s.seats;
      s.stack.push({ k: 'placeTurn' });
      pushAll(s, frames);
      return;
    }
    case 'placeTurn': {
      // Q-PL-1: clockwise from the start player, skipping seats with no figures in hand.
      s.phase = 'place';
      for (let i = 1; i <= s.seats; i++) {
        const seat = (s.cur + i) % s.seats;
        if (figuresInHand(s.players[seat]!) > 0) {
          s.cur = seat;
          s.turnNo++;
          s.stack.push({ k: 'place', seat });
          return;
        }
      }
      // Everyone placed everything: phase 3 (Q-ACT-*).
      beginActivation(s, rec);
      return;
    }
    case 'stele': {
      // Q-ACT-1: the start player marker and 1 discovery.
      const holder = s.stele[0];
      if (holder === null || holder === undefined || holder < 0) return;
      s.start = holder;
      if (rec.loud) rec.push({ type: 'startMarker', seat: holder });
      gainDiscovery(s, rec, holder, 1, 'stele');
      return;
    }
    case 'templeBanner': {
      // Q-ACT-2: each banner top to bottom takes its yield (Q-R-2).
      const holder = s.templeB[f.n - 1];
      if (holder === null || holder === undefined) return;
      if (holder === AUTO) return automatonTemple(s, rec, f.n);
      const y = TEMPLE_YIELDS[f.n - 1]!;
      if (y.draw > 0) s.stack.push({ k: 'templeDraw', seat: holder, banner: f.n });
      if (y.choose > 0) s.stack.push({ k: 'take', seat: holder, banner: f.n, left: y.choose });
      return;
    }
    case 'templeDraw': {
      const p = s.players[f.seat]!;
      const twice = holds(p, 'templeDraw'); // Q-UP-3: draw one more, keep one, the other under the deck
      const first = drawCard(s, rec);
      if (first === null) return;
      const second = twice ? drawCard(s, rec) : null;
      if (second === null) {
        p.hand.push(first);
        p.secret.push(first);
        if (rec.loud) rec.push({ type: 'draw', seat: f.seat, n: 1, reveals: true });
        return;
      }
      if (rec.loud) rec.push({ type: 'draw', seat: f.seat, n: 2, reveals: true });
      s.stack.push({ k: 'keep', seat: f.seat, banner: f.banner, cards: [first, second] });
      return;
    }
    case 'site': {
      // Q-ACT-3: sites in order; the winner takes the cards and the bonus, unwon cards stay.
      const id = SITES[f.site]!;
      const bid = s.bids[id];
      if (!bid) return;
      const cards = s.sites[f.site]!.filter((card) => card >= 0);
      s.sites[f.site] = s.sites[f.site]!.map(() => -1);
      if (bid.seat === AUTO) {
        // Q-2P-4: a site the automaton holds loses its cards.
        s.discard.push(...cards);
        if (rec.loud) rec.push({ type: 'automatonSite', site: id, cards: cards.map(cardName) });
        return;
      }
      s.players[bid.seat]!.hand.push(...cards);
      if (rec.loud) rec.push({ type: 'excavate', seat: bid.seat, site: id, cards: cards.map(cardName) });
      const bonus = DATA.excavation[id]; // Q-R-3
      gainVp(s, rec, bid.seat, bonus.vp, id);
      gainCoins(s, rec, bid.seat, bonus.coins, id);
      gainDiscovery(s, rec, bid.seat, bonus.discovery, id);
      return;
    }
    case 'blackMarket': {
      // Q-ACT-4 (the automaton's figure there does nothing, Q-2P-4).
      const bid = s.bids.blackMarket;
      if (bid && bid.seat >= 0) s.stack.push({ k: 'sell', seat: bid.seat });
      return;
    }
    case 'villageBanner': {
      // Q-ACT-5: banners top to bottom, each takes a face-up upgrade still there.
      const holder = s.villageB[f.n - 1];
      if (holder === null || holder === undefined || holder < 0) return;
      s.stack.push({ k: 'village', seat: holder, banner: f.n });
      return;
    }
    case 'harbour': {
      // Q-ACT-6, QD-4: one delivery per seat with figures there, in seat order from the start player.
      const frames: Frame[] = [];
      for (const seat of fromStart(s)) {
        const figures = s.harbour[seat]!;
        if (figures === 0) continue;
        const delivery = startDelivery(s, seat, 'harbour', HARBOUR_CARDS_PER_FIGURE * figures);
        if (delivery) frames.push(delivery);
      }
      pushAll(s, frames);
      return;
    }
    case 'ship': {
      // Q-ACT-7: ship 1, then ship 2.
      const bid = s.bids[f.loc];
      if (!bid || bid.seat < 0) return;
      const delivery = startDelivery(s, bid.seat, f.loc, SHIP_CARDS);
      if (delivery) s.stack.push(delivery);
      return;
    }
    case 'upgradeDraw': {
      const up = s.upStack.pop();
      if (up === undefined) return; // QD-12
      gainUpgrade(s, rec, f.seat, up, 'stack');
      return;
    }
    case 'returnFigures': {
      // Q-ACT-9
      s.stele = [null];
      s.templeB = s.templeB.map(() => null);
      s.villageB = s.villageB.map(() => null);
      for (const auction of AUCTIONS) s.bids[auction] = null;
      s.camp = s.camp.map(() => 0);
      s.harbour = s.harbour.map(() => 0);
      for (const p of s.players) {
        p.fig = [0, 0, 0, 0];
        p.leaderHome = false;
      }
      return;
    }
    case 'prepare': {
      if (s.round >= DATA.setup.rounds) {
        // Q-END-1: the game ends at once; QD-13's final exchange window first.
        s.phase = 'final';
        const frames: Frame[] = [];
        for (const seat of fromStart(s)) {
          const p = s.players[seat]!;
          if (holds(p, 'coinsToVp') || holds(p, 'coinsToDiscovery')) frames.push({ k: 'final', seat });
        }
        s.stack.push({ k: 'end' });
        pushAll(s, frames);
        return;
      }
      s.round++;
      if (rec.loud) rec.push({ type: 'round', round: s.round });
      refillCards(s, rec);
      refillVillage(s, rec);
      automatonPlace(s, rec);
      s.stack.push({ k: 'roll' });
      return;
    }
    case 'end': {
      s.over = true;
      s.phase = 'over';
      if (rec.loud) rec.push({ type: 'end' });
      return;
    }
  }
}

/** Runs automatic frames until a decision is owed; returns its choices (empty at the end). */
export function settle(s: State, rec: Rec): readonly QChoice[] {
  for (;;) {
    const f = s.stack[s.stack.length - 1];
    if (!f) {
      if (!s.over) throw new Error('quetzal: empty stack before the end');
      return [];
    }
    if (!isDecision(f)) {
      s.stack.pop();
      runAuto(s, rec, f);
      continue;
    }
    const main = mainChoices(s, f);
    const exchanges = exchangeChoices(s, f.seat);
    if (main.length === 0 || (f.k === 'final' && exchanges.length === 0)) {
      s.stack.pop();
      continue;
    }
    return exchanges.length === 0 ? main : [...main, ...exchanges];
  }
}

// ---------------------------------------------------------------- playing a choice

/** A hand card of that name, preferring one taken face up (others already know of it). */
function pickCard(p: Player, name: string, exclude: readonly number[] = []): number {
  let found = -1;
  for (const card of p.hand) {
    if (exclude.includes(card) || cardName(card) !== name) continue;
    if (!p.secret.includes(card)) return card;
    if (found < 0) found = card;
  }
  return found;
}

function removeFromHand(p: Player, card: number): void {
  p.hand.splice(p.hand.indexOf(card), 1);
  const i = p.secret.indexOf(card);
  if (i >= 0) p.secret.splice(i, 1);
}

function applyPlace(s: State, rec: Rec, seat: number, c: PlaceChoice): void {
  const p = s.players[seat]!;
  const figures = c.adv + c.arch + c.wild + (c.leader ? 1 : 0);
  const loc = c.loc;
  let cost = 0; // the Stele costs nothing (QD-6), nor do auctions
  if (loc === 'temple') cost = templeCost(p, c.banner!);
  else if (loc === 'village') cost = VILLAGE_BANNERS[c.banner! - 1]!.cost;
  else if (loc === 'harbour') cost = (LOC.harbour.costPerFigure ?? 2) * figures;
  takeFigures(p, c);
  p.coins -= cost;
  const kind = c.as ?? null;
  if (rec.loud) rec.push({ type: 'place', seat, loc, banner: c.banner ?? null, kind, n: figures, leader: c.leader, cost });
  if (loc === 'stele') s.stele[0] = seat;
  else if (loc === 'temple') s.templeB[c.banner! - 1] = seat;
  else if (loc === 'village') s.villageB[c.banner! - 1] = seat;
  else if (loc === 'camp' || loc === 'harbour') s[loc][seat]! += figures;
  else {
    const prev = s.bids[loc];
    if (prev) {
      if (prev.seat === AUTO) {
        // Q-2P-3: the automaton's figures are discarded for the round.
        if (rec.loud) rec.push({ type: 'outbid', automaton: true, loc, back: 0 });
      } else {
        const outbid = s.players[prev.seat]!;
        // Q-PL-5: team figures come back showing the bid's kind; QD-8: the leader stays wild.
        if (prev.team > 0) outbid.fig[KIND_INDEX[prev.kind!]]! += prev.team;
        if (prev.leader) outbid.leaderHome = true;
        if (rec.loud) rec.push({ type: 'outbid', seat: prev.seat, loc, back: bidSize(prev) });
      }
    }
    const bid: Bid = { seat, team: c.adv + c.arch + c.wild, leader: c.leader, kind };
    s.bids[loc] = bid;
  }
  s.stack.push({ k: 'placeTurn' });
  if (loc === 'camp') {
    // Q-PL-6, QD-2
    gainCoins(s, rec, seat, figures, 'camp');
    s.stack.push({ k: 'camp', seat });
  }
}

function applyDeliver(s: State, rec: Rec, f: FrameOf<'deliver'>): void {
  const p = s.players[f.seat]!;
  if (f.added.length === 0) {
    if (rec.loud) rec.push({ type: 'deliver', seat: f.seat, loc: f.loc, cards: [], vp: 0, coins: 0, discovery: 0 });
    return;
  }
  for (const card of f.added) removeFromHand(p, card);
  s.discard.push(...f.added);
  const score = scoreDelivery(f.added, f.ups);
  if (rec.loud)
    rec.push({
      type: 'deliver',
      seat: f.seat,
      loc: f.loc,
      cards: f.added.map(cardName),
      vp: score.vp + score.upgradeVp,
      coins: score.coins + score.upgradeCoins,
      discovery: score.discovery,
    });
  gainVp(s, rec, f.seat, score.vp + score.upgradeVp, 'delivery');
  gainCoins(s, rec, f.seat, score.coins + score.upgradeCoins, 'delivery');
  gainDiscovery(s, rec, f.seat, score.discovery, 'delivery');
}

/** A choice that its decision never offers: a broken cache or stack, never a player's mistake. */
function mismatch(f: Frame, c: QChoice): Error {
  return new Error(`quetzal: a "${c.t}" choice on a "${f.k}" decision`);
}

/** Plays a legal choice `c` of the decision on top. */
export function play(s: State, c: QChoice, rec: Rec): void {
  const f = s.stack[s.stack.length - 1];
  if (!f || !isDecision(f)) throw new Error('quetzal: no decision is pending');
  const seat = f.seat;
  const p = s.players[seat]!;
  if (c.t === 'exchange') {
    // QD-13: the decision stays on top.
    p.coins -= EXCHANGE_COINS[c.up];
    if (rec.loud) rec.push({ type: 'exchange', seat, up: c.up });
    if (c.up === 'coinsToVp') gainVp(s, rec, seat, 1, 'exchange');
    else gainDiscovery(s, rec, seat, 1, 'exchange');
    return;
  }
  s.stack.pop();
  switch (c.t) {
    case 'place':
      return applyPlace(s, rec, seat, c);
    case 'reroll':
      if (c.faces.length > 0) rerollFaces(s, rec, seat, c.faces, f.k === 'camp' ? 'camp' : 'reroll2');
      if (f.k === 'rerollUp') p.used.push('reroll2');
      return;
    case 'rerollAll':
      if (c.use) {
        const faces: Face[] = [];
        for (let face = 0; face < TEAM_FACES.length; face++) for (let k = 0; k < p.fig[face]!; k++) faces.push(FACES[face]!);
        if (p.leaderHome) faces.push('leader');
        rerollFaces(s, rec, seat, faces, 'rerollAll');
        p.used.push('rerollAll');
      }
      return;
    case 'take': {
      if (f.k !== 'take') throw mismatch(f, c);
      const i = s.temple.findIndex((x) => x >= 0 && cardName(x) === c.card);
      const card = s.temple[i]!;
      s.temple[i] = -1;
      p.hand.push(card);
      if (rec.loud) rec.push({ type: 'take', seat, card: c.card, banner: f.banner });
      if (f.left > 1) s.stack.push({ k: 'take', seat, banner: f.banner, left: f.left - 1 });
      return;
    }
    case 'keep': {
      if (f.k !== 'keep') throw mismatch(f, c);
      const i = f.cards.findIndex((x) => cardName(x) === c.card);
      const kept = f.cards[i]!;
      const other = f.cards[1 - i]!;
      p.hand.push(kept);
      p.secret.push(kept);
      s.deck.unshift(other);
      s.bottomKnown[seat]!.push(other);
      if (rec.loud) rec.push({ type: 'underDeck', seat });
      return;
    }
    case 'sell': {
      if (c.card === null) {
        if (rec.loud) rec.push({ type: 'sell', seat, card: null });
        return;
      }
      const card = pickCard(p, c.card);
      removeFromHand(p, card);
      s.discard.push(card);
      if (rec.loud) rec.push({ type: 'sell', seat, card: c.card });
      gainCoins(s, rec, seat, BLACK_MARKET_COINS, 'blackMarket');
      return;
    }
    case 'village': {
      const i = s.village.indexOf(c.up);
      s.village[i] = null;
      gainUpgrade(s, rec, seat, c.up, 'village');
      return;
    }
    case 'drop': {
      if (f.k !== 'drop') throw mismatch(f, c);
      if (c.up !== f.up) p.ups[p.ups.indexOf(c.up)] = f.up;
      if (rec.loud) rec.push({ type: 'upgradeDiscarded', seat, up: c.up, why: 'limit' });
      return;
    }
    case 'add': {
      if (f.k !== 'deliver') throw mismatch(f, c);
      const card = pickCard(p, c.card, f.added);
      s.stack.push({ ...f, added: [...f.added, card] });
      return;
    }
    case 'deliver':
      if (f.k !== 'deliver') throw mismatch(f, c);
      return applyDeliver(s, rec, f);
    case 'done':
      return;
  }
}
