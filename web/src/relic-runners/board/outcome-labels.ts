import type { TFunction } from 'i18next';
import { routeKey } from '../../../../src/games/relic-runners/choice.js';
import { outcomeOf } from '../../../../src/games/relic-runners/outcome.js';
import type { RRView } from '../../game-types.js';
import type { SiteChoice } from './choices.js';

/**
 * A move's consequences in words, from the engine's preview in the view (outcome.ts): trails on
 * own pathways (RR-MOVE-2), toolbox steps (RR-TOOL-2, RR-TOOL-4), the expedition's relic and VP
 * (RR-EXP-1) and whether it ends the game (RR-END-1), IV2-1 spent, IV3-6's flip first. Empty when there is no preview.
 */
export function routeDetail(c: SiteChoice, routes: RRView['routes'], t: TFunction): string {
  if (c.t !== 'move') return '';
  const p = routes?.[routeKey(c.trails)];
  if (!p) return '';
  const o = outcomeOf(p);
  const parts: string[] = [];
  if (o.familiar.length > 0) parts.push(t('explain:route.familiar', { count: o.familiar.length }));
  parts.push(o.steps > 0 ? t('explain:route.steps', { count: o.steps }) : t('explain:route.noSteps'));
  if (o.steps > o.flips.length) parts.push(t('explain:route.reset'));
  if (o.expedition) {
    const x = o.expedition;
    parts.push(t(x.endsGame ? 'explain:route.relicEnds' : 'explain:route.relic', { relic: t(`board:relic.${x.relic}`), vp: x.vp }));
  }
  if (o.spendsIv21) parts.push(t('explain:route.iv21'));
  if (o.flipFirst) parts.push(t('explain:route.flipFirst'));
  return parts.join(' · ');
}
