/**
 * Pure helpers of the Quetzal table: where each placement goes, how choices are grouped for the
 * panel. No React, no engine rules: only the static data and the view, so they are tested without
 * a DOM. What a delivery pays is the engine's own deliveryPay (delivery.ts).
 */
import { CARD_TYPES, LOC, UPGRADE, type CardType, type LocId } from '../../../src/games/quetzal/data.js';
import type { QChoice, QView } from '../game-types.js';

export type PlaceChoice = Extract<QChoice, { t: 'place' }>;

/** A place a figure can go: a location, or one banner of a unique location. */
export interface Target {
  readonly loc: LocId;
  readonly banner: number | null;
}

export const targetKey = (t: Target): string => (t.banner === null ? t.loc : `${t.loc}#${t.banner}`);
export const targetOf = (c: PlaceChoice): Target => ({ loc: c.loc, banner: c.banner ?? null });

/** The view's legal placements, grouped by where they go, in board order. */
export function placeTargets(view: QView): Map<string, PlaceChoice[]> {
  const out = new Map<string, PlaceChoice[]>();
  for (const c of view.choices ?? []) {
    if (c.t !== 'place') continue;
    const k = targetKey(targetOf(c));
    const list = out.get(k);
    if (list) list.push(c);
    else out.set(k, [c]);
  }
  return out;
}

/** Figures a placement puts down (leader counted). */
export const figureCount = (c: PlaceChoice): number => c.adv + c.arch + c.wild + (c.leader ? 1 : 0);

/**
 * Placements of one target, smallest first, then by kind, then using up fixed faces before wild
 * ones: the order a player reads a chooser in.
 */
export function sortPlacements(cs: readonly PlaceChoice[]): PlaceChoice[] {
  const kindRank = (c: PlaceChoice) => (c.as === 'adv' ? 0 : c.as === 'arch' ? 1 : 2);
  return cs
    .slice()
    .sort(
      (a, b) =>
        figureCount(a) - figureCount(b) ||
        kindRank(a) - kindRank(b) ||
        a.wild - b.wild ||
        Number(a.leader) - Number(b.leader) ||
        b.adv - a.adv,
    );
}

/** Coins a placement costs the viewer (Q-PL-3, Q-PL-4; the Temple discount of Q-R-6). */
export function placementCost(c: PlaceChoice, upgrades: readonly string[]): number {
  const loc = LOC[c.loc];
  if (c.loc === 'harbour') return (loc.costPerFigure ?? 2) * figureCount(c);
  if (c.banner === undefined || !loc.banners) return 0;
  const cost = loc.banners[c.banner - 1]!.cost;
  return c.loc === 'temple' && upgrades.includes('templeDiscount') ? Math.max(0, cost - 1) : cost;
}

/** "jar+coin" → its type and bonus. */
export function parseCard(name: string): { type: CardType; bonus: 'none' | 'coin' | 'discovery' | 'vp' } {
  const [type, bonus] = name.split('+') as [CardType, ('coin' | 'discovery' | 'vp') | undefined];
  return { type, bonus: bonus ?? 'none' };
}

/** Cards of a hand (or any list) by type, in the data's type order, for compact display. */
export function byType(cards: readonly string[]): { type: CardType; names: string[] }[] {
  return CARD_TYPES.map((type) => ({ type, names: cards.filter((c) => parseCard(c).type === type) })).filter((g) => g.names.length > 0);
}

/** Names with counts: ["jar","jar","tablet+vp"] → [["jar",2],["tablet+vp",1]]. */
export function counted(names: readonly string[]): [string, number][] {
  const m = new Map<string, number>();
  for (const n of names) m.set(n, (m.get(n) ?? 0) + 1);
  return [...m.entries()];
}

export const upgradeVp = (up: string): number => UPGRADE[up as keyof typeof UPGRADE]?.vp ?? 0;

/** Short label of a reroll choice's faces, grouped: ["side","side","leader"] → [["side",2],["leader",1]]. */
export const faceGroups = (faces: readonly string[]): [string, number][] => counted(faces);
