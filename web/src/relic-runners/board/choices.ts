import type { RRChoice } from '../../game-types.js';
import { SITE_BY_ID, TRAIL_BY_ID, type Point } from './geometry.js';

/**
 * Pure logic behind the board's decisions: which sites and trails offer which choices, and the
 * path a move route walks. No React here, so it is unit tested on its own.
 */

export type MoveChoice = Extract<RRChoice, { t: 'move' }>;
export type SiteChoice = MoveChoice | Extract<RRChoice, { t: 'teleport' | 'neighbour' }>;
export type TrailChoice = Extract<RRChoice, { t: 'place' | 'flip' | 'lift' | 'lay' }>;

/** The other end of a trail seen from `at`; throws if the trail does not touch `at`. */
export function otherEnd(trail: number, at: string): string {
  const tr = TRAIL_BY_ID.get(trail);
  if (!tr) throw new Error(`unknown trail ${trail}`);
  if (tr.a === at) return tr.b;
  if (tr.b === at) return tr.a;
  throw new Error(`trail ${trail} does not touch ${at}`);
}

/** Every location a route passes, from the start to the destination (start included). */
export function routeSites(from: string, trails: readonly number[]): string[] {
  const out = [from];
  let at = from;
  for (const t of trails) {
    at = otherEnd(t, at);
    out.push(at);
  }
  return out;
}

/** Where a move ends. */
export function moveDestination(from: string, trails: readonly number[]): string {
  const sites = routeSites(from, trails);
  return sites[sites.length - 1]!;
}

/** The route's corner points on the board, for drawing it. */
export function routePoints(from: string, trails: readonly number[]): Point[] {
  return routeSites(from, trails).map((id) => SITE_BY_ID.get(id)!);
}

/** The site a site-choice leads to. */
export function siteOf(c: SiteChoice, from: string): string {
  switch (c.t) {
    case 'move':
      return moveDestination(from, c.trails);
    case 'teleport':
      return c.to;
    case 'neighbour':
      return c.site;
  }
}

/**
 * Legal choices that are made by clicking a site, grouped by the site (move routes by their
 * destination, teleports and neighbour explorations by their target). Within a site, shorter
 * routes come first: that is the order a player would usually think of them.
 */
export function choicesBySite(choices: readonly RRChoice[], from: string): Map<string, SiteChoice[]> {
  const out = new Map<string, SiteChoice[]>();
  for (const c of choices) {
    if (c.t !== 'move' && c.t !== 'teleport' && c.t !== 'neighbour') continue;
    const site = siteOf(c, from);
    let list = out.get(site);
    if (!list) out.set(site, (list = []));
    list.push(c);
  }
  const len = (c: SiteChoice) => (c.t === 'move' ? c.trails.length : 0);
  for (const list of out.values()) list.sort((x, y) => len(x) - len(y));
  return out;
}

/** Legal choices made by clicking a trail, grouped by the trail id. */
export function choicesByTrail(choices: readonly RRChoice[]): Map<number, TrailChoice[]> {
  const out = new Map<number, TrailChoice[]>();
  for (const c of choices) {
    if (c.t !== 'place' && c.t !== 'flip' && c.t !== 'lift' && c.t !== 'lay') continue;
    let list = out.get(c.trail);
    if (!list) out.set(c.trail, (list = []));
    list.push(c);
  }
  return out;
}

/**
 * A polyline through `points`, every corner moved `off` units sideways (miter join, capped), so
 * that several routes over the same trails are drawn side by side instead of on top of each other.
 */
export function offsetPolyline(points: readonly Point[], off: number): Point[] {
  if (off === 0 || points.length < 2) return points.slice();
  const normals: Point[] = [];
  for (let i = 0; i + 1 < points.length; i++) {
    const a = points[i]!;
    const b = points[i + 1]!;
    const len = Math.hypot(b.x - a.x, b.y - a.y) || 1;
    normals.push({ x: -(b.y - a.y) / len, y: (b.x - a.x) / len });
  }
  return points.map((p, i) => {
    const n1 = normals[Math.max(0, i - 1)]!;
    const n2 = normals[Math.min(normals.length - 1, i)]!;
    let mx = n1.x + n2.x;
    let my = n1.y + n2.y;
    const ml = Math.hypot(mx, my);
    if (ml < 1e-6) return { x: p.x + n1.x * off, y: p.y + n1.y * off };
    mx /= ml;
    my /= ml;
    // Miter length grows as the corner sharpens; cap it so a hairpin does not shoot off.
    const scale = Math.min(2, 1 / Math.max(0.5, mx * n2.x + my * n2.y));
    return { x: p.x + mx * off * scale, y: p.y + my * off * scale };
  });
}

/** SVG path data through points. */
export const polylinePath = (pts: readonly Point[]): string =>
  pts.map((p, i) => `${i === 0 ? 'M' : 'L'}${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(' ');

/** The point halfway along a polyline, where a route's number is written. */
export function polylineMiddle(pts: readonly Point[]): Point {
  const seg: number[] = [];
  let total = 0;
  for (let i = 0; i + 1 < pts.length; i++) {
    const l = Math.hypot(pts[i + 1]!.x - pts[i]!.x, pts[i + 1]!.y - pts[i]!.y);
    seg.push(l);
    total += l;
  }
  let left = total / 2;
  for (let i = 0; i < seg.length; i++) {
    if (left <= seg[i]! || i === seg.length - 1) {
      const t = seg[i]! === 0 ? 0 : Math.min(1, left / seg[i]!);
      return { x: pts[i]!.x + (pts[i + 1]!.x - pts[i]!.x) * t, y: pts[i]!.y + (pts[i + 1]!.y - pts[i]!.y) * t };
    }
    left -= seg[i]!;
  }
  return pts[0]!;
}

/** Owners of every trail (seat numbers, in seat order), from the players' pathway lists. */
export function trailOwners(players: readonly { readonly seat: number; readonly pathways: readonly number[] }[]): Map<number, number[]> {
  const out = new Map<number, number[]>();
  for (const p of players) {
    for (const t of p.pathways) {
      let list = out.get(t);
      if (!list) out.set(t, (list = []));
      list.push(p.seat);
    }
  }
  return out;
}

/** Explorers standing on each site (seat numbers). */
export function explorersBySite(players: readonly { readonly seat: number; readonly at: string }[]): Map<string, number[]> {
  const out = new Map<string, number[]>();
  for (const p of players) {
    let list = out.get(p.at);
    if (!list) out.set(p.at, (list = []));
    list.push(p.seat);
  }
  return out;
}
