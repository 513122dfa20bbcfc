import type { TFunction } from 'i18next';
import type { LogEvent, SeatInfo } from '../net/session.js';
import { seatName } from './names.js';

/**
 * The server's own events, the same in every game: a seat handed to a bot (and why: its clock ran
 * out, or its player was away for the game's away time) or taken back by its player. Null for any
 * other event.
 */
export function describeTableEvent(e: LogEvent, seats: readonly SeatInfo[], t: TFunction): string | null {
  const name = typeof e.seat === 'number' ? seatName(seats, e.seat, t) : '';
  switch (e.type) {
    case 'seatToBot': {
      const reason = (e as { reason?: unknown }).reason;
      return reason === 'clock' || reason === 'away' ? t(`presence:toBot.${reason}`, { name }) : t('log:seatToBot', { name });
    }
    case 'seatReclaimed':
      return t('log:seatReclaimed', { name });
    default:
      return null;
  }
}
