import type { EventRecorder } from '../../core/events.js';
import { rngFromState, shuffle, type Rng } from '../../core/rng.js';
import type { Face, QChoice } from './choice.js';
import type { GainReason, QEvent, RerollReason, RerollResult } from './events.js';
import {
  AUCTIONS,
  CARDS,
  CARD_TYPES,
  DATA,
  LOC,
  SITES,
  TEMPLE_BANNERS,
  UPGRADE,
  VILLAGE_BANNERS,
  cardName,
  type Kind,
  type LocId,
  type UpgradeId,
} from './data.js';
import { ADV, ARCH, AUTO, DECISIONS, SIDE, STAND, bidSize, type Bid, type Frame, type Player, type State } from './state.js';

/** Where the rules write the public events of the choice being applied. */
export type Rec = EventRecorder<QEvent>;

/*
 * The game as a stack of frames (state.ts). `settle` runs automatic frames until a decision is
 * owed and caches its choices; `play` applies one of them. Everything here mutates the state it is
 * given and is deterministic: randomness comes from the generator kept in the state.
 */

// ---------------------------------------------------------------- small queries

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
export const figuresInHand = (p: Player): number => p.fig[0]! + p.fig[1]! + p.fig[2]! + p.fig[3]! + (p.leaderHome ? 1 : 0);
export const holds = (p: Player, up: UpgradeId): boolean => p.ups.includes(up);
export function templeCost(p: Player, n: number): number {
  return Math.max(0, TEMPLE_BANNERS[n - 1]!.cost - (holds(p, 'templeDiscount') ? 1 : 0));
}
/** The seat owing the decision on top, or null. */
export function decider(s: State): number | null {
  if (s.over) return null;
  const f = s.stack[s.stack.length - 1];
  return f && 'seat' in f ? f.seat : null;
}

function withRng<T>(s: State, f: (r: Rng) => T): T {
  const r = rngFromState(s.rng);
  const out = f(r);
  s.rng = r.state();
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
  const to = Math.min(DATA.discovery.max, p.disc + n);
  if (to <= p.disc) return;
  const from = p.disc;
  p.disc = to;
  if (rec.loud) rec.push({ type: 'discovery', seat, n: to - from, to, why });
  let draws = 0;
  for (const r of DATA.discovery.rewards) {
    if (r.space <= from || r.space > to) continue;
    gainVp(s, rec, seat, r.vp ?? 0, 'discovery');
    gainCoins(s, rec, seat, r.coins ?? 0, 'discovery');
    draws += r.upgrade ?? 0;
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
    withRng(s, (r) => shuffle(r, s.deck));
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
  const fill = (arr: number[]) => {
    for (let i = 0; i < arr.length; i++) {
      if (arr[i] !== -1) continue;
      const c = drawCard(s, rec);
      if (c === null) return;
      arr[i] = c;
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

/** Delivery VP of n cards of one type (Q-DEL-1): complete sets of 3 plus one remainder set. */
export function setVp(type: number, n: number): number {
  const vp = DATA.cards.types[type]!.vp;
  return Math.floor(n / 3) * vp[2] + (n % 3 === 0 ? 0 : vp[(n % 3) - 1]!);
}

export interface DeliveryScore {
  readonly vp: number;
  readonly coins: number;
  readonly discovery: number;
  readonly upgradeVp: number;
  readonly upgradeCoins: number;
}

/** Score of delivering `cards` together with upgrades `ups` (Q-DEL-1, Q-DEL-2, Q-R-6). */
export function scoreDelivery(cards: readonly number[], ups: readonly UpgradeId[]): DeliveryScore {
  const n = [0, 0, 0, 0, 0];
  let vp = 0;
  let coins = 0;
  let discovery = 0;
  for (const c of cards) {
    const d = CARDS[c]!;
    n[CARD_TYPES.indexOf(d.type)]!++;
    if (d.bonus === 'coin') coins++;
    else if (d.bonus === 'discovery') discovery++;
    else if (d.bonus === 'vp') vp++;
  }
  for (let t = 0; t < 5; t++) vp += setVp(t, n[t]!);
  let upgradeVp = 0;
  let upgradeCoins = 0;
  const [jar, weapon, tablet] = [n[0]!, n[1]!, n[2]!];
  if (ups.includes('tabletCoins')) upgradeCoins += 2 * tablet;
  if (ups.includes('mixedSet') && jar > 0 && weapon > 0 && tablet > 0) upgradeVp += 4;
  if (ups.includes('jarSet') && jar >= 3) {
    upgradeCoins += 1;
    upgradeVp += 3;
  }
  if (ups.includes('weaponSet') && weapon >= 3) {
    upgradeCoins += 2;
    upgradeVp += 2;
  }
  return { vp, coins, discovery, upgradeVp, upgradeCoins };
}

// ---------------------------------------------------------------- figures

function rollTeam(s: State, rec: Rec, r: Rng, p: Player, seat: number, why: GainReason): number {
  const w = DATA.roll.team;
  const x = r.int(100);
  const f = x < w.adv ? ADV : x < w.adv + w.arch ? ARCH : x < w.adv + w.arch + w.side ? SIDE : STAND;
  p.fig[f]!++;
  if (f === STAND) gainCoins(s, rec, seat, 1, why);
  return f;
}
function rollLeader(s: State, rec: Rec, r: Rng, seat: number, why: GainReason): boolean {
  const stands = r.int(100) < DATA.roll.leader.stand;
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
  withRng(s, (r) => {
    for (let i = 0; i < p.team; i++) rollTeam(s, rec, r, p, seat, 'standingFigure');
    const ls = rollLeader(s, rec, r, seat, 'standingLeader');
    if (rec.loud)
      rec.push({
        type: 'roll',
        seat,
        adv: p.fig[ADV]!,
        arch: p.fig[ARCH]!,
        side: p.fig[SIDE]!,
        stand: p.fig[STAND]!,
        leaderStands: ls,
        coins: p.coins - before,
        reveals: true,
      });
  });
}

/** Rerolls figures in hand by face; a standing figure keeps the coin it earned (QD-7). */
export function rerollFaces(s: State, rec: Rec, seat: number, faces: readonly Face[], why: RerollReason): void {
  const p = s.players[seat]!;
  const results: RerollResult[] = [];
  withRng(s, (r) => {
    for (const f of faces) {
      if (f === 'leader') {
        results.push(rollLeader(s, rec, r, seat, why) ? 'leaderStands' : 'leader');
      } else {
        p.fig[FACES.indexOf(f)]!--;
        results.push(FACES[rollTeam(s, rec, r, p, seat, why)]!);
      }
    }
  });
  if (rec.loud) rec.push({ type: 'reroll', seat, faces: faces.slice(), results, why, reveals: true });
}

function takeFigures(p: Player, c: Extract<QChoice, { t: 'place' }>): void {
  p.fig[ADV]! -= c.adv;
  p.fig[ARCH]! -= c.arch;
  let w = c.wild;
  const side = Math.min(w, p.fig[SIDE]!);
  p.fig[SIDE]! -= side;
  w -= side;
  p.fig[STAND]! -= w;
  if (c.leader) p.leaderHome = false;
}

// ---------------------------------------------------------------- choices

function placeObj(
  loc: LocId,
  banner: number | undefined,
  as: Kind | undefined,
  adv: number,
  arch: number,
  wild: number,
  leader: boolean,
): QChoice {
  const o: Record<string, unknown> = { t: 'place', loc };
  if (banner !== undefined) o.banner = banner;
  if (as !== undefined) o.as = as;
  o.adv = adv;
  o.arch = arch;
  o.wild = wild;
  o.leader = leader;
  return o as unknown as QChoice;
}

/** Legal placements (Q-PL-*): each a location, a banner where needed, and the figures sent. */
export function placeChoices(s: State, seat: number): QChoice[] {
  const p = s.players[seat]!;
  const out: QChoice[] = [];
  const wild = p.fig[SIDE]! + p.fig[STAND]!;
  const L = p.leaderHome;
  const lead = L ? [false, true] : [false];
  const free = (loc: LocId, costPer: number) => {
    for (let a = 0; a <= p.fig[ADV]!; a++)
      for (let r = 0; r <= p.fig[ARCH]!; r++)
        for (let w = 0; w <= wild; w++)
          for (const l of lead) {
            const n = a + r + w + (l ? 1 : 0);
            if (n === 0 || n * costPer > p.coins) continue;
            out.push(placeObj(loc, undefined, undefined, a, r, w, l));
          }
  };
  // One figure of the banner's kind: a figure showing it if any, else a wild team figure; or the leader.
  const single = (loc: LocId, n: number, k: Kind) => {
    if (p.fig[KIND_INDEX[k]]! > 0) out.push(placeObj(loc, n, k, k === 'adv' ? 1 : 0, k === 'arch' ? 1 : 0, 0, false));
    else if (wild > 0) out.push(placeObj(loc, n, k, 0, 0, 1, false));
    if (L) out.push(placeObj(loc, n, k, 0, 0, 0, true));
  };
  free('camp', 0);
  if (s.start !== seat && s.stele[0] === null) single('stele', 1, 'arch');
  TEMPLE_BANNERS.forEach((b) => {
    if (s.templeB[b.n - 1] === null && templeCost(p, b.n) <= p.coins) single('temple', b.n, b.kind);
  });
  for (const loc of AUCTIONS) {
    if (locCovered(s, loc)) continue;
    const bid = s.bids[loc];
    if (bid && bid.seat === seat) continue; // QD-10
    const min = bid ? bidSize(bid) + 1 : 1;
    const kinds: readonly Kind[] = LOC[loc].figures === 'adv' ? ['adv'] : bid && bid.kind ? [bid.kind] : ['adv', 'arch'];
    if (!bid && L) out.push(placeObj(loc, undefined, LOC[loc].figures === 'adv' ? 'adv' : undefined, 0, 0, 0, true));
    for (const k of kinds) {
      const fk = p.fig[KIND_INDEX[k]]!;
      for (let x = 0; x <= fk; x++)
        for (let z = 0; z <= wild; z++) {
          if (z > 0 && x < fk) continue; // a wild figure is never sent while a figure showing the kind stays home
          if (x + z === 0) continue;
          for (const l of lead) {
            if (x + z + (l ? 1 : 0) < min) continue;
            out.push(placeObj(loc, undefined, k, k === 'adv' ? x : 0, k === 'arch' ? x : 0, z, l));
          }
        }
    }
  }
  VILLAGE_BANNERS.forEach((b) => {
    if (!bannerCovered(s, 'village', b.n) && s.villageB[b.n - 1] === null && b.cost <= p.coins) single('village', b.n, b.kind);
  });
  free('harbour', LOC.harbour.costPerFigure ?? 2);
  return out;
}

function faceChoices(p: Player, max: number): QChoice[] {
  const have = [p.fig[0]!, p.fig[1]!, p.fig[2]!, p.fig[3]!, p.leaderHome ? 1 : 0];
  const out: QChoice[] = [{ t: 'reroll', faces: [] }];
  for (let i = 0; i < 5; i++) {
    if (have[i]! === 0) continue;
    out.push({ t: 'reroll', faces: [FACES[i]!] });
  }
  if (max >= 2) {
    for (let i = 0; i < 5; i++)
      for (let j = i; j < 5; j++) {
        if (i === j ? have[i]! < 2 : have[i]! === 0 || have[j]! === 0) continue;
        out.push({ t: 'reroll', faces: [FACES[i]!, FACES[j]!] });
      }
  }
  return out;
}

/** Distinct card names among ids, in first-seen order sorted by name for stability. */
function names(cards: readonly number[]): string[] {
  const set = new Set<string>();
  for (const c of cards) if (c >= 0) set.add(cardName(c));
  return [...set].sort();
}

function mainChoices(s: State, f: Frame): QChoice[] {
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
      const h = s.players[f.seat]!.hand;
      return h.length === 0 ? [] : [{ t: 'sell', card: null }, ...names(h).map((card) => ({ t: 'sell' as const, card }))];
    }
    case 'village':
      return [...new Set(s.village.filter((u): u is UpgradeId => u !== null))].sort().map((up) => ({ t: 'village', up }));
    case 'drop':
      return [...s.players[f.seat]!.ups, f.up].map((up) => ({ t: 'drop', up }));
    case 'deliver': {
      const out: QChoice[] = [{ t: 'deliver' }];
      if (f.added.length < f.limit) {
        const left = s.players[f.seat]!.hand.filter((c) => !f.added.includes(c));
        for (const card of names(left)) out.push({ t: 'add', card });
      }
      return out;
    }
    case 'final':
      return [{ t: 'done' }];
    default:
      return [];
  }
}

function exchangeChoices(s: State, seat: number): QChoice[] {
  const p = s.players[seat]!;
  const out: QChoice[] = [];
  if (holds(p, 'coinsToVp') && p.coins >= 2) out.push({ t: 'exchange', up: 'coinsToVp' });
  if (holds(p, 'coinsToDiscovery') && p.coins >= 3 && p.disc < DATA.discovery.max) out.push({ t: 'exchange', up: 'coinsToDiscovery' });
  return out;
}

// ---------------------------------------------------------------- automatic frames

function pushAll(s: State, frames: Frame[]): void {
  for (let i = frames.length - 1; i >= 0; i--) s.stack.push(frames[i]!);
}

/** The automaton places its 6 figures from the top card of its deck (Q-2P-1). */
export function automatonPlace(s: State, rec: Rec): void {
  const a = s.auto;
  if (!a) return;
  const id = a.deck.pop();
  if (id === undefined) return;
  a.card = id;
  a.drawn++;
  const c = DATA.automaton.cards[id]!;
  for (const b of c.temple) s.templeB[b - 1] = AUTO;
  s.bids[c.site] = { seat: AUTO, team: 3, leader: false, kind: c.siteKind };
  if (c.last === 'blackMarket') s.bids.blackMarket = { seat: AUTO, team: 1, leader: false, kind: 'adv' };
  else s.bids.ship1 = { seat: AUTO, team: 1, leader: false, kind: c.lastKind };
  if (rec.loud)
    rec.push({
      type: 'automaton',
      card: c.id,
      temple: c.temple.slice(),
      site: c.site,
      siteKind: c.siteKind,
      last: c.last === 'ship' ? 'ship1' : 'blackMarket',
      lastKind: c.lastKind,
      reveals: true,
    });
}

/** The automaton's pick from the Temple display (Q-R-7): type priority, then bonus priority. */
export function automatonPick(s: State): number {
  let best = -1;
  let key = Infinity;
  s.temple.forEach((c, i) => {
    if (c < 0) return;
    const d = CARDS[c]!;
    const k = DATA.automaton.priorityTypes.indexOf(d.type) * 10 + DATA.automaton.priorityBonus.indexOf(d.bonus);
    if (k < key) {
      key = k;
      best = i;
    }
  });
  return best;
}

function automatonTemple(s: State, rec: Rec, n: number): void {
  const y = DATA.yields[TEMPLE_BANNERS[n - 1]!.yield as 'choose2'];
  const took: number[] = [];
  for (let i = 0; i < y.choose; i++) {
    const slot = automatonPick(s);
    if (slot < 0) break;
    took.push(s.temple[slot]!);
    s.temple[slot] = -1;
  }
  for (let i = 0; i < y.draw; i++) {
    const c = drawCard(s, rec);
    if (c !== null) took.push(c);
  }
  s.discard.push(...took);
  if (rec.loud) rec.push({ type: 'automatonTemple', banner: n, cards: took.map(cardName), reveals: took.length > 0 ? true : undefined });
}

function startDelivery(s: State, seat: number, loc: LocId, limit: number): Frame | null {
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

function runAuto(s: State, rec: Rec, f: Frame): void {
  switch (f.k) {
    case 'roll': {
      s.phase = 'roll';
      const order = fromStart(s);
      for (const q of order) rollAll(s, rec, q);
      const frames: Frame[] = [];
      // QD-7: after all first rolls, reroll upgrades in seat order from the start player.
      for (const q of order) {
        const p = s.players[q]!;
        if (holds(p, 'rerollAll')) frames.push({ k: 'rerollUp', seat: q, up: 'rerollAll' });
        if (holds(p, 'reroll2')) frames.push({ k: 'rerollUp', seat: q, up: 'reroll2' });
      }
      s.cur = (s.start + s.seats - 1) % s.seats;
      s.stack.push({ k: 'placeTurn' });
      pushAll(s, frames);
      return;
    }
    case 'placeTurn': {
      s.phase = 'place';
      for (let i = 1; i <= s.seats; i++) {
        const q = (s.cur + i) % s.seats;
        if (figuresInHand(s.players[q]!) > 0) {
          s.cur = q;
          s.turnNo++;
          s.stack.push({ k: 'place', seat: q });
          return;
        }
      }
      // Everyone placed everything: phase 3 (Q-ACT-*).
      beginActivation(s, rec);
      return;
    }
    case 'stele': {
      const h = s.stele[0];
      if (h === null || h === undefined || h < 0) return;
      s.start = h;
      if (rec.loud) rec.push({ type: 'startMarker', seat: h });
      gainDiscovery(s, rec, h, 1, 'stele');
      return;
    }
    case 'templeBanner': {
      const h = s.templeB[f.n - 1];
      if (h === null || h === undefined) return;
      if (h === AUTO) return automatonTemple(s, rec, f.n);
      const y = DATA.yields[TEMPLE_BANNERS[f.n - 1]!.yield as 'choose2'];
      if (y.draw > 0) s.stack.push({ k: 'templeDraw', seat: h, banner: f.n });
      if (y.choose > 0) s.stack.push({ k: 'take', seat: h, banner: f.n, left: y.choose });
      return;
    }
    case 'templeDraw': {
      const p = s.players[f.seat]!;
      const twice = holds(p, 'templeDraw');
      const a = drawCard(s, rec);
      if (a === null) return;
      const b = twice ? drawCard(s, rec) : null;
      if (b === null) {
        p.hand.push(a);
        p.secret.push(a);
        if (rec.loud) rec.push({ type: 'draw', seat: f.seat, n: 1, reveals: true });
        return;
      }
      if (rec.loud) rec.push({ type: 'draw', seat: f.seat, n: 2, reveals: true });
      s.stack.push({ k: 'keep', seat: f.seat, banner: f.banner, cards: [a, b] });
      return;
    }
    case 'site': {
      const id = SITES[f.site]!;
      const bid = s.bids[id];
      if (!bid) return;
      const cards = s.sites[f.site]!.filter((c) => c >= 0);
      s.sites[f.site] = s.sites[f.site]!.map(() => -1);
      if (bid.seat === AUTO) {
        s.discard.push(...cards);
        if (rec.loud) rec.push({ type: 'automatonSite', site: id, cards: cards.map(cardName) });
        return;
      }
      s.players[bid.seat]!.hand.push(...cards);
      if (rec.loud) rec.push({ type: 'excavate', seat: bid.seat, site: id, cards: cards.map(cardName) });
      const bonus = DATA.excavation[id];
      gainVp(s, rec, bid.seat, bonus.vp, id);
      gainCoins(s, rec, bid.seat, bonus.coins, id);
      gainDiscovery(s, rec, bid.seat, bonus.discovery, id);
      return;
    }
    case 'blackMarket': {
      const bid = s.bids.blackMarket;
      if (bid && bid.seat >= 0) s.stack.push({ k: 'sell', seat: bid.seat });
      return;
    }
    case 'villageBanner': {
      const h = s.villageB[f.n - 1];
      if (h === null || h === undefined || h < 0) return;
      s.stack.push({ k: 'village', seat: h, banner: f.n });
      return;
    }
    case 'harbour': {
      const frames: Frame[] = [];
      for (const q of fromStart(s)) {
        const n = s.harbour[q]!;
        if (n === 0) continue;
        const d = startDelivery(s, q, 'harbour', 3 * n);
        if (d) frames.push(d);
      }
      pushAll(s, frames);
      return;
    }
    case 'ship': {
      const bid = s.bids[f.loc];
      if (!bid || bid.seat < 0) return;
      const d = startDelivery(s, bid.seat, f.loc, 6);
      if (d) s.stack.push(d);
      return;
    }
    case 'upgradeDraw': {
      const u = s.upStack.pop();
      if (u === undefined) return; // QD-12
      gainUpgrade(s, rec, f.seat, u, 'stack');
      return;
    }
    case 'returnFigures': {
      // Q-ACT-9
      s.stele = [null];
      s.templeB = s.templeB.map(() => null);
      s.villageB = s.villageB.map(() => null);
      for (const a of AUCTIONS) s.bids[a] = null;
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
        for (const q of fromStart(s)) {
          const p = s.players[q]!;
          if (holds(p, 'coinsToVp') || holds(p, 'coinsToDiscovery')) frames.push({ k: 'final', seat: q });
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
    default:
      throw new Error(`frame ${f.k} is a decision`);
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
    if (!DECISIONS.has(f.k)) {
      s.stack.pop();
      runAuto(s, rec, f);
      continue;
    }
    const seat = (f as { seat: number }).seat;
    const main = mainChoices(s, f);
    const ex = exchangeChoices(s, seat);
    if (main.length === 0 || (f.k === 'final' && ex.length === 0)) {
      s.stack.pop();
      continue;
    }
    return ex.length === 0 ? main : [...main, ...ex];
  }
}

// ---------------------------------------------------------------- playing a choice

/** A hand card of that name, preferring one taken face up (others already know of it). */
function pickCard(p: Player, name: string, exclude: readonly number[] = []): number {
  let found = -1;
  for (const c of p.hand) {
    if (exclude.includes(c) || cardName(c) !== name) continue;
    if (!p.secret.includes(c)) return c;
    if (found < 0) found = c;
  }
  return found;
}

function removeFromHand(p: Player, c: number): void {
  p.hand.splice(p.hand.indexOf(c), 1);
  const i = p.secret.indexOf(c);
  if (i >= 0) p.secret.splice(i, 1);
}

function applyPlace(s: State, rec: Rec, seat: number, c: Extract<QChoice, { t: 'place' }>): void {
  const p = s.players[seat]!;
  const n = c.adv + c.arch + c.wild + (c.leader ? 1 : 0);
  const loc = c.loc;
  let cost = 0;
  if (loc === 'temple') cost = templeCost(p, c.banner!);
  else if (loc === 'village') cost = VILLAGE_BANNERS[c.banner! - 1]!.cost;
  else if (loc === 'harbour') cost = (LOC.harbour.costPerFigure ?? 2) * n;
  takeFigures(p, c);
  p.coins -= cost;
  const kind = c.as ?? null;
  if (rec.loud) rec.push({ type: 'place', seat, loc, banner: c.banner ?? null, kind, n, leader: c.leader, cost });
  if (loc === 'stele') s.stele[0] = seat;
  else if (loc === 'temple') s.templeB[c.banner! - 1] = seat;
  else if (loc === 'village') s.villageB[c.banner! - 1] = seat;
  else if (loc === 'camp' || loc === 'harbour') s[loc][seat]! += n;
  else {
    const a = loc;
    const prev = s.bids[a];
    if (prev) {
      if (prev.seat === AUTO) {
        // Q-2P-3: the automaton's figures are discarded for the round.
        if (rec.loud) rec.push({ type: 'outbid', automaton: true, loc, back: 0 });
      } else {
        const q = s.players[prev.seat]!;
        // Q-PL-5: team figures come back showing the bid's kind; QD-8: the leader stays wild.
        if (prev.team > 0) q.fig[KIND_INDEX[prev.kind!]]! += prev.team;
        if (prev.leader) q.leaderHome = true;
        if (rec.loud) rec.push({ type: 'outbid', seat: prev.seat, loc, back: bidSize(prev) });
      }
    }
    const bid: Bid = { seat, team: c.adv + c.arch + c.wild, leader: c.leader, kind };
    s.bids[a] = bid;
  }
  s.stack.push({ k: 'placeTurn' });
  if (loc === 'camp') {
    // Q-PL-6, QD-2
    gainCoins(s, rec, seat, n, 'camp');
    s.stack.push({ k: 'camp', seat });
  }
}

function applyDeliver(s: State, rec: Rec, f: Extract<Frame, { k: 'deliver' }>): void {
  const p = s.players[f.seat]!;
  if (f.added.length === 0) {
    if (rec.loud) rec.push({ type: 'deliver', seat: f.seat, loc: f.loc, cards: [], vp: 0, coins: 0, discovery: 0 });
    return;
  }
  for (const c of f.added) removeFromHand(p, c);
  s.discard.push(...f.added);
  const sc = scoreDelivery(f.added, f.ups);
  if (rec.loud)
    rec.push({
      type: 'deliver',
      seat: f.seat,
      loc: f.loc,
      cards: f.added.map(cardName),
      vp: sc.vp + sc.upgradeVp,
      coins: sc.coins + sc.upgradeCoins,
      discovery: sc.discovery,
    });
  gainVp(s, rec, f.seat, sc.vp + sc.upgradeVp, 'delivery');
  gainCoins(s, rec, f.seat, sc.coins + sc.upgradeCoins, 'delivery');
  gainDiscovery(s, rec, f.seat, sc.discovery, 'delivery');
}

/** Plays a legal choice `c` of the decision on top. */
export function play(s: State, c: QChoice, rec: Rec): void {
  const f = s.stack[s.stack.length - 1]!;
  const seat = (f as { seat: number }).seat;
  const p = s.players[seat]!;
  if (c.t === 'exchange') {
    if (c.up === 'coinsToVp') {
      p.coins -= 2;
      if (rec.loud) rec.push({ type: 'exchange', seat, up: c.up });
      gainVp(s, rec, seat, 1, 'exchange');
    } else {
      p.coins -= 3;
      if (rec.loud) rec.push({ type: 'exchange', seat, up: c.up });
      gainDiscovery(s, rec, seat, 1, 'exchange');
    }
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
        for (let i = 0; i < 4; i++) for (let k = 0; k < p.fig[i]!; k++) faces.push(FACES[i]!);
        if (p.leaderHome) faces.push('leader');
        rerollFaces(s, rec, seat, faces, 'rerollAll');
        p.used.push('rerollAll');
      }
      return;
    case 'take': {
      const i = s.temple.findIndex((x) => x >= 0 && cardName(x) === c.card);
      const card = s.temple[i]!;
      s.temple[i] = -1;
      p.hand.push(card);
      const tf = f as Extract<Frame, { k: 'take' }>;
      if (rec.loud) rec.push({ type: 'take', seat, card: c.card, banner: tf.banner });
      if (tf.left > 1) s.stack.push({ k: 'take', seat, banner: tf.banner, left: tf.left - 1 });
      return;
    }
    case 'keep': {
      const kf = f as Extract<Frame, { k: 'keep' }>;
      const i = kf.cards.findIndex((x) => cardName(x) === c.card);
      const kept = kf.cards[i]!;
      const other = kf.cards[1 - i]!;
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
      gainCoins(s, rec, seat, 7, 'blackMarket');
      return;
    }
    case 'village': {
      const i = s.village.indexOf(c.up);
      s.village[i] = null;
      gainUpgrade(s, rec, seat, c.up, 'village');
      return;
    }
    case 'drop': {
      const df = f as Extract<Frame, { k: 'drop' }>;
      if (c.up !== df.up) p.ups[p.ups.indexOf(c.up)] = df.up;
      if (rec.loud) rec.push({ type: 'upgradeDiscarded', seat, up: c.up, why: 'limit' });
      return;
    }
    case 'add': {
      const df = f as Extract<Frame, { k: 'deliver' }>;
      const card = pickCard(p, c.card, df.added);
      s.stack.push({ ...df, added: [...df.added, card] });
      return;
    }
    case 'deliver':
      return applyDeliver(s, rec, f as Extract<Frame, { k: 'deliver' }>);
    case 'done':
      return;
  }
}
