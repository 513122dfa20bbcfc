import type { TFunction } from 'i18next';
import type { RRView } from '../../game-types.js';
import type { SiteChoice, TrailChoice } from './choices.js';
import { routeSites } from './choices.js';
import { SITE_BY_ID } from './geometry.js';
import { routeDetail } from './outcome-labels.js';

type SiteView = RRView['sites'][number];

/** A site's name for titles and labels: "Base camp", "Ruin 3", "Purple temple 5". */
export function siteName(id: string, t: TFunction, colour?: SiteView['colour']): string {
  const g = SITE_BY_ID.get(id);
  if (!g) return id;
  if (g.kind === 'camp') return t('board:site.camp');
  if (g.kind === 'ruin') return t('board:site.ruin', { n: g.n });
  return colour ? t('board:site.templeColoured', { n: g.n, colour: t(`board:colour.${colour}`) }) : t('board:site.temple', { n: g.n });
}

/** Short label written under a site on the map ("R3", "T5"). */
export function siteShort(id: string, t: TFunction): string {
  const g = SITE_BY_ID.get(id)!;
  return t(`board:short.${g.kind}`, { n: g.n });
}

/** How a site choice gets there, for the route list: "direct", "via Ruin 3, Temple 5", "teleport". */
export function howLabel(c: SiteChoice, from: string, t: TFunction, colours: ReadonlyMap<string, SiteView['colour']>): string {
  if (c.t === 'teleport') return t('board:route.teleport');
  if (c.t === 'neighbour') return t('board:route.neighbour');
  const mid = routeSites(from, c.trails).slice(1, -1);
  const trails = t('board:route.trails', { count: c.trails.length });
  if (mid.length === 0) return `${t('board:route.direct')} · ${trails}`;
  return `${t('board:route.via', { sites: mid.map((s) => siteName(s, t, colours.get(s))).join(', ') })} · ${trails}`;
}

/** Label of a trail choice, for its button and its aria-label. */
export function trailChoiceLabel(c: TrailChoice, t: TFunction): string {
  switch (c.t) {
    case 'place':
      return c.ivory === 4
        ? t('board:act.place4', { id: c.trail })
        : c.ivory === 5
          ? t('board:act.place5', { id: c.trail })
          : t('board:act.place', { id: c.trail });
    case 'flip':
      return t('board:act.flip', { id: c.trail });
    case 'lift':
      return t('board:act.lift', { id: c.trail });
    case 'lay':
      return t('board:act.lay', { id: c.trail });
  }
}

/** Label of a site that, clicked, makes a choice (one option) or opens the route list (several). */
export function siteActionLabel(
  options: readonly SiteChoice[],
  site: string,
  t: TFunction,
  colour: SiteView['colour'],
  routes: RRView['routes'] = null,
): string {
  const name = siteName(site, t, colour);
  if (options.length > 1) return t('board:act.several', { site: name, count: options.length });
  const c = options[0]!;
  if (c.t === 'teleport') return t('board:act.teleport', { site: name });
  if (c.t === 'neighbour') return t('board:act.neighbour', { site: name });
  // The only route there: its consequences are told on the site itself.
  const detail = routeDetail(c, routes, t);
  return detail ? `${t('board:act.move', { site: name })} · ${detail}` : t('board:act.move', { site: name });
}
