import type { TFunction } from 'i18next';
import boardData from '../../../../src/games/relic-runners/data/board-standard.json';

/** Trail ends by trail id, from the board data: enough to name a trail and follow a route. */
const TRAIL_ENDS = new Map<number, { readonly a: string; readonly b: string; readonly river: boolean }>(
  boardData.trails.map((tr) => [tr.id, { a: tr.a, b: tr.b, river: tr.river }]),
);

/** A temple's colour by site id, from the view: the log names places as the board does. */
export type SiteColours = ReadonlyMap<string, 'ivory' | 'blue' | 'purple' | null>;

/**
 * "temple-3" → "Temple 3" (or "Purple temple 3" when its colour is known), "ruin-2" → "Ruin 2",
 * "camp" → "Base camp" (ids are data, names are words).
 */
export function siteName(id: string, t: TFunction, colours?: SiteColours): string {
  const m = /^(temple|ruin)-(\d+)$/.exec(id);
  const colour = colours?.get(id);
  if (m && m[1] === 'temple' && colour) return t('board:site.templeColoured', { n: Number(m[2]), colour: t(`board:colour.${colour}`) });
  if (m) return t(`game:site.${m[1]}`, { n: Number(m[2]) });
  if (id === 'camp') return t('game:site.camp');
  return id;
}

/** Where a route of trails starting at `from` ends (the move choice lists trails only). */
export function routeEnd(from: string, trails: readonly number[]): string {
  let at = from;
  for (const id of trails) {
    const tr = TRAIL_ENDS.get(id);
    if (!tr) return at;
    at = tr.a === at ? tr.b : tr.a;
  }
  return at;
}

/** "Trail 12 (Ruin 1 – Temple 3)", so a trail can be found without the board's numbers. */
export function trailName(id: number, t: TFunction, colours?: SiteColours): string {
  const tr = TRAIL_ENDS.get(id);
  if (!tr) return t('game:trail.plain', { id });
  return t(tr.river ? 'game:trail.river' : 'game:trail.ends', { id, a: siteName(tr.a, t, colours), b: siteName(tr.b, t, colours) });
}

export const RELIC_COLOURS = ['green', 'ivory', 'blue', 'purple'] as const;
export type RelicColourName = (typeof RELIC_COLOURS)[number];

/** Relic colour from an event (an index into green, ivory, blue, purple) or a name. */
export function relicName(r: unknown, t: TFunction): string {
  const name = typeof r === 'number' ? RELIC_COLOURS[r] : typeof r === 'string' ? r : undefined;
  return name ? t(`game:relic.${name}`) : t('game:relic.unknown');
}
