import type { TFunction } from 'i18next';
import type { RREvent, RRReason } from '../../../../src/games/relic-runners/events.js';
import type { LogEvent, SeatInfo } from '../../net/session.js';
import { seatName } from '../../game/names.js';
import { describeTableEvent } from '../../game/table-events.js';
import { toolName } from './choices.js';
import { relicName, siteName, trailName, type SiteColours } from './places.js';
import { tileTitle } from './tiles.js';

/** Events the server adds around the engine's (undo, a seat handed to a bot or taken back, a bot hurried). */
type SeatEvent = { readonly type: 'undo' | 'seatToBot' | 'seatReclaimed' | 'botHurried'; readonly seat: number };

/** Why VP or rations came, in words: a tile by its title (its code is for the rules help, not for sentences). */
export function reasonText(why: RRReason, t: TFunction): string {
  switch (why.kind) {
    case 'tool':
      return toolName(why.tool, why.level, t);
    case 'tile':
      return tileTitle(why.tile, t);
    case 'expedition':
      return t('log:why.expedition');
    case 'ivoryDiscard':
      return t('log:why.ivoryDiscard');
    case 'camp':
      // As the board and the move's line name it ("Base camp").
      return siteName('camp', t);
  }
}

/**
 * One public event as a sentence. Events carry no hidden values (blue tiles come with their size
 * only), so nothing here can leak; an unknown event type still gets a line naming its type. Places
 * are named as on the board (a temple with its colour when `colours` has it), tiles by their title.
 */
export function describeEvent(e: LogEvent, seats: readonly SeatInfo[], t: TFunction, colours?: SiteColours): string {
  const name = typeof e.seat === 'number' ? seatName(seats, e.seat, t) : '';
  const site = (id: string) => siteName(id, t, colours);
  const trail = (id: number) => trailName(id, t, colours);
  // The engine's and the server's events, as the wire carries them; anything else gets the default line.
  const ev = e as RREvent | SeatEvent;
  switch (ev.type) {
    case 'turn':
      return t('log:turn', { name, turn: ev.turn });
    case 'move':
      return t('log:move', { name, site: site(ev.to), trails: ev.trails.join(', '), count: ev.trails.length });
    case 'teleport':
      return t('log:teleport', { name, site: site(ev.to) });
    case 'explore':
      return t(`log:explore.${ev.how}`, { name, site: site(ev.site) });
    case 'ruinTile':
      return t('log:ruinTile', { name, site: site(ev.site) });
    case 'ivoryTaken':
      return t('log:ivoryTaken', { name, site: site(ev.site), title: tileTitle(ev.tile, t) });
    case 'blueTaken':
      return t('log:blueTaken', { name, site: site(ev.site), level: ev.level });
    case 'purpleTaken':
      return t('log:purpleTaken', { name, site: site(ev.site), title: tileTitle(ev.tile, t) });
    case 'blueRevealed':
      return t('log:blueRevealed', { name, level: ev.level, value: ev.value });
    case 'ivoryKept':
      return t('log:ivoryKept', { name, kept: tileTitle(ev.kept, t), discarded: tileTitle(ev.discarded, t) });
    case 'ivoryUsed':
      return t('log:ivoryUsed', { name, title: tileTitle(ev.tile, t) });
    case 'peek':
      return t('log:peek', { name, site: site(ev.site) });
    case 'vp':
      return t('log:vp', { name, count: ev.vp, why: reasonText(ev.why, t) });
    case 'rations':
      return t('log:rations', { name, count: ev.rations, why: reasonText(ev.why, t) });
    case 'token':
      return t(ev.coloured ? 'log:tokenColoured' : 'log:tokenGrey', { trail: trail(ev.trail) });
    case 'tokensReset':
      return t('log:tokensReset');
    case 'tool':
      return t('log:tool', { name, tool: toolName(ev.col, ev.level, t) });
    case 'step':
      return ev.to === 1
        ? t('log:stepIn', { name, tool: toolName(ev.col, 1, t) })
        : t('log:step', { name, tool: toolName(ev.col, ev.to, t) });
    case 'toolboxAdded':
      return t('log:toolboxAdded', { name });
    case 'pathway':
      return t('log:pathway', { name, trail: trail(ev.trail) });
    case 'pathwayMoved':
      return t('log:pathwayMoved', { name, from: trail(ev.from), to: trail(ev.trail) });
    case 'shrine':
      return t('log:shrine', { site: site(ev.site), relic: relicName(ev.relic, t) });
    case 'relicTaken':
      return t('log:relicTaken', { name, site: site(ev.site), relic: relicName(ev.relic, t) });
    case 'endTriggered':
      return t('log:endTriggered', { name });
    case 'gameEnd':
      return t('log:gameEnd');
    case 'undo':
      return t('log:undo', { name });
    case 'seatToBot':
    case 'seatReclaimed':
    case 'botHurried':
      return describeTableEvent(e, seats, t) ?? t('log:otherSeat', { name, type: e.type });
    default:
      return name ? t('log:otherSeat', { name, type: e.type }) : t('log:other', { type: e.type });
  }
}
