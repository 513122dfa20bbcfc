import type { TFunction } from 'i18next';
import type { LogEvent, SeatInfo } from '../../net/session.js';
import { seatName } from '../../game/names.js';
import { toolName } from './choices.js';
import { relicName, siteName, trailName } from './places.js';
import { tileTitle } from './tiles.js';

const num = (v: unknown): number => (typeof v === 'number' ? v : 0);
const str = (v: unknown): string => (typeof v === 'string' ? v : String(v ?? ''));

/** Why VP or rations came: tile names stay as they are, tools and the rest are put in words. */
export function reasonText(why: unknown, t: TFunction): string {
  const w = str(why);
  const tool = /^(Machete|Compass|Shovel) ([123])$/.exec(w);
  if (tool) return toolName(tool[1]!.toLowerCase(), Number(tool[2]), t);
  if (/^(IV[123]-[1-6]|PU-[1-8])$/.test(w)) return `${w} (${tileTitle(w, t)})`;
  const key = { expedition: 'expedition', 'ivory discard': 'ivoryDiscard', 'base camp': 'camp' }[w];
  return key ? t(`log:why.${key}`) : w;
}

/**
 * One public event as a sentence. Events carry no hidden values (blue tiles come with their size
 * only), so nothing here can leak; an unknown event type still gets a line naming its type.
 */
export function describeEvent(e: LogEvent, seats: readonly SeatInfo[], t: TFunction): string {
  const name = typeof e.seat === 'number' ? seatName(seats, e.seat, t) : '';
  const site = (v: unknown) => siteName(str(v), t);
  const trail = (v: unknown) => trailName(num(v), t);
  switch (e.type) {
    case 'turn':
      return t('log:turn', { name, turn: num(e.turn) });
    case 'move': {
      const trails = Array.isArray(e.trails) ? (e.trails as unknown[]).map(str) : [];
      return t('log:move', { name, site: site(e.to), trails: trails.join(', '), count: trails.length });
    }
    case 'teleport':
      return t('log:teleport', { name, site: site(e.to) });
    case 'explore':
      return t(`log:explore.${str(e.how) === 'machete' ? 'machete' : str(e.how) === 'neighbour' ? 'neighbour' : 'ration'}`, {
        name,
        site: site(e.site),
      });
    case 'ruinTile':
      return t('log:ruinTile', { name, site: site(e.site) });
    case 'ivoryTaken':
      return t('log:ivoryTaken', { name, site: site(e.site), tile: str(e.tile), title: tileTitle(str(e.tile), t) });
    case 'blueTaken':
      return t('log:blueTaken', { name, site: site(e.site), level: num(e.level) });
    case 'purpleTaken':
      return t('log:purpleTaken', { name, site: site(e.site), tile: str(e.tile), title: tileTitle(str(e.tile), t) });
    case 'blueRevealed':
      return t('log:blueRevealed', { name, level: num(e.level), value: num(e.value) });
    case 'ivoryKept':
      return t('log:ivoryKept', { name, kept: str(e.kept), discarded: str(e.discarded) });
    case 'ivoryUsed':
      return t('log:ivoryUsed', { name, tile: str(e.tile), title: tileTitle(str(e.tile), t) });
    case 'peek':
      return t('log:peek', { name, site: site(e.site) });
    case 'vp':
      return t('log:vp', { name, count: num(e.vp), why: reasonText(e.why, t) });
    case 'rations':
      return t('log:rations', { name, count: num(e.rations), why: reasonText(e.why, t) });
    case 'token':
      return t(e.coloured ? 'log:tokenColoured' : 'log:tokenGrey', { trail: trail(e.trail) });
    case 'tokensReset':
      return t('log:tokensReset');
    case 'tool':
      return t('log:tool', { name, tool: toolName(str(e.col), num(e.level), t) });
    case 'step':
      return num(e.to) === 1
        ? t('log:stepIn', { name, tool: toolName(str(e.col), 1, t) })
        : t('log:step', { name, tool: toolName(str(e.col), num(e.to), t) });
    case 'toolboxAdded':
      return t('log:toolboxAdded', { name });
    case 'pathway':
      return t('log:pathway', { name, trail: trail(e.trail) });
    case 'pathwayMoved':
      return t('log:pathwayMoved', { name, from: trail(e.from), to: trail(e.trail) });
    case 'shrine':
      return t('log:shrine', { site: site(e.site), relic: relicName(e.relic, t) });
    case 'relicTaken':
      return t('log:relicTaken', { name, site: site(e.site), relic: relicName(e.relic, t) });
    case 'endTriggered':
      return t('log:endTriggered', { name });
    case 'gameEnd':
      return t('log:gameEnd');
    case 'undo':
      return t('log:undo', { name });
    case 'seatToBot':
      return t('log:seatToBot', { name });
    case 'seatReclaimed':
      return t('log:seatReclaimed', { name });
    default:
      return name ? t('log:otherSeat', { name, type: e.type }) : t('log:other', { type: e.type });
  }
}
