import { CARDS, CARD_TYPES, DATA, typeIndex, type Gain, type UpgradeId } from './data.js';

/*
 * What a delivery pays, as pure functions of the cards, the upgrades and the discovery marker. The
 * rules (applyDeliver, gainDiscovery) and the table's preview both use them, so the preview is the
 * engine's own arithmetic. No state, no RNG: the client imports this module without the engine.
 */

const JAR = typeIndex('jar');
const WEAPON = typeIndex('weapon');
const TABLET = typeIndex('tablet');

/** Delivery VP of n cards of one type (Q-DEL-1; the tables are Q-R-4): complete sets of 3 plus one remainder set. */
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

/** The upgrades that change what a delivery pays or holds (Q-R-6). */
export const DELIVERY_UPGRADES: readonly UpgradeId[] = ['tabletCoins', 'mixedSet', 'jarSet', 'weaponSet', 'extraCard'];

/** Score of delivering `cards` together with upgrades `ups` (Q-DEL-1, Q-DEL-2, Q-R-6). */
export function scoreDelivery(cards: readonly number[], ups: readonly UpgradeId[]): DeliveryScore {
  const perType = CARD_TYPES.map(() => 0);
  let vp = 0;
  let coins = 0;
  let discovery = 0;
  for (const card of cards) {
    const d = CARDS[card]!;
    perType[typeIndex(d.type)]!++;
    if (d.bonus === 'coin') coins++;
    else if (d.bonus === 'discovery') discovery++;
    else if (d.bonus === 'vp') vp++;
  }
  for (let type = 0; type < perType.length; type++) vp += setVp(type, perType[type]!);
  let upgradeVp = 0;
  let upgradeCoins = 0;
  const jar = perType[JAR]!;
  const weapon = perType[WEAPON]!;
  const tablet = perType[TABLET]!;
  // Q-UP-3: the delivery upgrades' effects (Q-R-6); Q-DEL-2: each at most once per delivery.
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

/** Where `n` discovery steps from space `from` end: the track stops at its last space (Q-DISC-1, Q-R-5). */
export const discoveryTo = (from: number, n: number): number => Math.max(from, Math.min(DATA.discovery.max, from + n));

/** The track's rewards on every space after `from` up to `to` (Q-DISC-1, Q-R-5), in track order. */
export function rewardsReached(from: number, to: number): readonly Gain[] {
  return DATA.discovery.rewards.filter((r) => r.space > from && r.space <= to);
}

/** What a delivery pays its seat, everything summed: VP, coins, discovery steps moved, upgrades drawn. */
export interface DeliveryPay {
  /** Card sets and VP bonuses, delivery upgrades and the discovery spaces reached. */
  readonly vp: number;
  /** Coin bonuses, delivery upgrades and the discovery spaces reached. */
  readonly coins: number;
  /** Steps the discovery marker moves (it stops at the track's end). */
  readonly discovery: number;
  /** Upgrades drawn for discovery spaces reached (which ones is hidden until drawn). */
  readonly upgrades: number;
}

/**
 * What delivering `cards` pays a seat whose discovery marker is on `disc`, scored with the
 * upgrades `ups` the delivery started with (QD-11): exactly what applying it gains, the upgrades
 * drawn on the way counted but not their (hidden) effects.
 */
export function deliveryPay(disc: number, cards: readonly number[], ups: readonly UpgradeId[]): DeliveryPay {
  const score = scoreDelivery(cards, ups);
  const to = discoveryTo(disc, score.discovery);
  let vp = score.vp + score.upgradeVp;
  let coins = score.coins + score.upgradeCoins;
  let upgrades = 0;
  for (const r of rewardsReached(disc, to)) {
    vp += r.vp ?? 0;
    coins += r.coins ?? 0;
    upgrades += r.upgrade ?? 0;
  }
  return { vp, coins, discovery: to - disc, upgrades };
}
