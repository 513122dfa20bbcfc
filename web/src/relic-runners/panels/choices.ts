import type { TFunction } from 'i18next';
import type { RRChoice } from '../../../../src/games/relic-runners/choice.js';
import type { RRView } from '../../../../src/games/relic-runners/view.js';
import { routeEnd, siteName, trailName } from './places.js';
import { tileIcon } from './tile-icons.js';
import { tileText, tileTitle } from './tiles.js';

export type ChoiceKind = RRChoice['t'];
export type Column = 'machete' | 'compass' | 'shovel';
export const COLUMNS: readonly Column[] = ['machete', 'compass', 'shovel'];

/** Choices made by pointing at the board (sites and trails); the rest are buttons in the panel. */
const SPATIAL: ReadonlySet<ChoiceKind> = new Set<ChoiceKind>(['move', 'teleport', 'neighbour', 'place', 'flip', 'lift', 'lay']);
export const isSpatial = (c: RRChoice): boolean => SPATIAL.has(c.t);

/** Choices made on a progression table (use a toolbox, move one up a step). */
export const isTable = (c: RRChoice): boolean => c.t === 'tool' || c.t === 'step';

const sameChoice = (a: RRChoice, b: RRChoice): boolean => JSON.stringify(a) === JSON.stringify(b);

/** The legal choice equal to `c`, if any (so a table cell is offered only when legal). */
export function findChoice(choices: readonly RRChoice[] | null, c: RRChoice): RRChoice | undefined {
  return choices?.find((x) => x.t === c.t && sameChoice(x, c));
}

/** "Machete 2". */
export function toolName(col: string, level: number, t: TFunction): string {
  return t('game:tool.name', { tool: t(`game:col.${col}`), level });
}

/** What a toolbox at (col, level) does, in words. */
export function toolAction(col: string, level: number, t: TFunction): string {
  return t(`game:toolAction.${col}${level}`);
}

/** A tile a player looks at: ivory/purple by its name and title, blue by size and value. */
export function tileLabel(name: string, t: TFunction): string {
  const blue = /^B([123]):(\d)$/.exec(name);
  if (blue) return t('game:blueTile', { level: Number(blue[1]), value: Number(blue[2]) });
  const icon = tileIcon(name);
  return icon ? `${icon} ${tileTitle(name, t)} (${name})` : `${name} · ${tileTitle(name, t)}`;
}

/** The one-line instruction for a pending decision of the viewer. */
export function instruction(view: RRView, t: TFunction): string {
  const d = view.decision ?? 'none';
  if (d === 'steps' && view.stepsLeft !== null) return t('game:decision.stepsLeft', { count: view.stepsLeft });
  // Say only what is on offer: a toolbox or an exploration may not be possible now.
  const has = (k: ChoiceKind) => view.choices?.some((c) => c.t === k) ?? false;
  if (d === 'move' && !has('tool')) return t('game:decision.moveOnly');
  if (d === 'post' && !has('tool')) return t('game:decision.postExplore');
  if (d === 'post' && !has('explore')) return t('game:decision.postTool');
  return t(`game:decision.${d}`, { defaultValue: t('game:decision.other') });
}

/** What to point at on the board for the spatial choices on offer. */
export function boardHint(choices: readonly RRChoice[], t: TFunction): string | null {
  const kinds = new Set(choices.filter(isSpatial).map((c) => c.t));
  if (kinds.size === 0) return null;
  if (kinds.has('move') || kinds.has('teleport')) return t('game:hint.destination');
  if (kinds.has('neighbour')) return t('game:hint.site');
  if (kinds.has('flip')) return t('game:hint.token');
  if (kinds.has('lift')) return t('game:hint.lift');
  return t('game:hint.trail');
}

/** A choice in words, as its button says it. `view` supplies the mover's position and peeked tiles. */
export function choiceLabel(c: RRChoice, view: RRView, t: TFunction): string {
  const me = view.players[view.toAct ?? view.current];
  switch (c.t) {
    case 'move': {
      const to = routeEnd(me?.at ?? 'camp', c.trails);
      return t('game:choice.move', { site: siteName(to, t), trails: c.trails.join(', '), count: c.trails.length });
    }
    case 'teleport':
      return t('game:choice.teleport', { site: siteName(c.to, t) });
    case 'neighbour':
      return t('game:choice.neighbour', { site: siteName(c.site, t) });
    case 'place':
      return t(c.ivory === 4 ? 'game:choice.place4' : c.ivory === 5 ? 'game:choice.place5' : 'game:choice.place', {
        trail: trailName(c.trail, t),
      });
    case 'flip':
      return t('game:choice.flip', { trail: trailName(c.trail, t) });
    case 'lift':
      return t('game:choice.lift', { trail: trailName(c.trail, t) });
    case 'lay':
      return t('game:choice.lay', { trail: trailName(c.trail, t) });
    case 'tool':
      return t('game:choice.tool', { tool: toolName(c.col, c.level, t), action: toolAction(c.col, c.level, t) });
    case 'step':
      return c.level === 0
        ? t('game:choice.stepIn', { tool: toolName(c.col, 1, t) })
        : t('game:choice.step', { from: toolName(c.col, c.level, t), to: toolName(c.col, c.level + 1, t) });
    case 'explore': {
      // RR-EXPL-6: a purple temple's top tile lies face up, so exploring says what it will do.
      const top = view.sites.find((x) => x.id === me?.at)?.top;
      return top ? t('explain:exploreTop', { title: tileLabel(top, t), text: tileText(top, t) }) : t('game:choice.explore');
    }
    case 'end':
      return t('game:choice.end');
    case 'pass':
      // D-18, D-21: in a placement, passing keeps IV2-5 and places nothing.
      return t(view.decision === 'place' ? 'game:choice.placeNothing' : 'game:choice.pass');
    case 'refill':
      return t(c.use ? 'game:choice.refillYes' : 'game:choice.refillNo');
    case 'relic':
      // RR-EXP-1: the VP come from the engine's preview of the pending relic (view.relicOffer).
      if (c.take && view.relicOffer) return t('explain:relic.take', { vp: view.relicOffer.vp });
      return t(c.take ? 'game:choice.relicYes' : 'game:choice.relicNo');
    case 'peek':
      return t(c.use ? 'game:choice.peekYes' : 'game:choice.peekNo');
    case 'extra':
      return t(c.use ? 'game:choice.extraYes' : 'game:choice.extraNo');
    case 'bonus':
      return t(c.pick === 'toolbox' ? 'game:choice.bonusToolbox' : 'game:choice.bonusVp');
    case 'keep': {
      const name = view.keep?.find((n) => n.endsWith(`-${c.effect}`)) ?? `#${c.effect}`;
      return t('game:choice.keep', { tile: tileLabel(name, t) });
    }
    case 'pick': {
      const name = view.peek?.tiles[c.depth];
      const tile = name ? tileLabel(name, t) : '?';
      return c.depth === 0 ? t('game:choice.pickTop', { tile }) : t('game:choice.pick', { tile, depth: c.depth + 1 });
    }
  }
}

/** The move choices grouped by where they end, so a long list reads as destinations then routes. */
export function movesByDestination(choices: readonly RRChoice[], from: string): { site: string; choices: RRChoice[] }[] {
  const groups = new Map<string, RRChoice[]>();
  for (const c of choices) {
    const site = c.t === 'move' ? routeEnd(from, c.trails) : c.t === 'teleport' ? c.to : c.t === 'neighbour' ? c.site : null;
    if (site === null) continue;
    const list = groups.get(site) ?? [];
    list.push(c);
    groups.set(site, list);
  }
  return [...groups].map(([site, cs]) => ({ site, choices: cs }));
}
