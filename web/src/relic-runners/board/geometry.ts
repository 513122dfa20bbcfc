import boardData from '../../../../src/games/relic-runners/data/board-standard.json';

/**
 * Static geometry of the standard board, computed once at module load: the board never changes
 * during a game, so every render only looks things up here.
 */

export type SiteKind = 'camp' | 'ruin' | 'temple';

export interface Point {
  readonly x: number;
  readonly y: number;
}

export interface SiteGeo extends Point {
  readonly id: string;
  readonly kind: SiteKind;
  /** The number in the id ("ruin-3" → 3), used for short labels; 0 for the camp. */
  readonly n: number;
}

export interface TrailGeo {
  readonly id: number;
  readonly a: string;
  readonly b: string;
  readonly river: boolean;
  readonly from: Point;
  readonly to: Point;
  readonly length: number;
  /** Unit normal (left of a→b), for parallel strokes. */
  readonly nx: number;
  readonly ny: number;
  /** SVG path of the trail's centre line: straight for land trails, wavy for rivers. */
  readonly d: string;
  readonly mid: Point;
}

export const SITES: readonly SiteGeo[] = boardData.locations.map((l) => ({
  id: l.id,
  kind: l.kind as SiteKind,
  x: l.x,
  y: l.y,
  n: Number(/(\d+)$/.exec(l.id)?.[1] ?? 0),
}));

export const SITE_BY_ID: ReadonlyMap<string, SiteGeo> = new Map(SITES.map((s) => [s.id, s]));

const f = (v: number): string => v.toFixed(1);

/** A sine-like wave along a→b made of quadratic curves, so rivers read as water at a glance. */
function wavyPath(a: Point, b: Point, nx: number, ny: number, length: number): string {
  const waves = Math.max(2, Math.round(length / 46));
  const amp = 7;
  const dx = (b.x - a.x) / (waves * 2);
  const dy = (b.y - a.y) / (waves * 2);
  let d = `M${f(a.x)},${f(a.y)}`;
  for (let i = 0; i < waves * 2; i++) {
    const side = i % 2 === 0 ? 1 : -1;
    const cx = a.x + dx * (i + 0.5) + nx * amp * 2 * side;
    const cy = a.y + dy * (i + 0.5) + ny * amp * 2 * side;
    d += ` Q${f(cx)},${f(cy)} ${f(a.x + dx * (i + 1))},${f(a.y + dy * (i + 1))}`;
  }
  return d;
}

export const TRAILS: readonly TrailGeo[] = boardData.trails.map((t) => {
  const from = SITE_BY_ID.get(t.a)!;
  const to = SITE_BY_ID.get(t.b)!;
  const length = Math.hypot(to.x - from.x, to.y - from.y);
  const nx = -(to.y - from.y) / length;
  const ny = (to.x - from.x) / length;
  return {
    id: t.id,
    a: t.a,
    b: t.b,
    river: t.river,
    from,
    to,
    length,
    nx,
    ny,
    d: t.river ? wavyPath(from, to, nx, ny, length) : `M${f(from.x)},${f(from.y)} L${f(to.x)},${f(to.y)}`,
    mid: { x: (from.x + to.x) / 2, y: (from.y + to.y) / 2 },
  };
});

export const TRAIL_BY_ID: ReadonlyMap<number, TrailGeo> = new Map(TRAILS.map((t) => [t.id, t]));

/** The part of the 0..1000 square the board shows, with room for markers around the outer sites. */
export const VIEW = { left: 60, top: 60, right: 940, bottom: 940 } as const;
export const VIEW_BOX = `${VIEW.left} ${VIEW.top} ${VIEW.right - VIEW.left} ${VIEW.bottom - VIEW.top}`;

export const SITE_R = 30;
export const EXPLORER_R = 15;

/** The point a fraction `t` along a trail, moved `off` units sideways. */
export function alongTrail(tr: TrailGeo, t: number, off = 0): Point {
  return {
    x: tr.from.x + (tr.to.x - tr.from.x) * t + tr.nx * off,
    y: tr.from.y + (tr.to.y - tr.from.y) * t + tr.ny * off,
  };
}

/** Sideways offset of stroke i of n sharing a trail, so every owner's pathway stays visible. */
export const laneOffset = (i: number, n: number, gap: number): number => (i - (n - 1) / 2) * gap;

/**
 * Where the i-th of n explorers on one site stands: in an arc above the site, so the stack height
 * and relic stay readable and no explorer hides another.
 */
export function explorerSpot(site: Point, i: number, n: number): Point {
  if (n === 1) return { x: site.x + 24, y: site.y - 26 };
  const step = 46;
  const a = ((-90 + (i - (n - 1) / 2) * step) * Math.PI) / 180;
  const r = SITE_R + 14;
  return { x: site.x + r * Math.cos(a), y: site.y + r * Math.sin(a) };
}
