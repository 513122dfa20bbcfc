import type { TFunction } from 'i18next';
import type { LogEvent, SeatInfo } from '../net/session.js';
import { seatName } from './names.js';

/**
 * The server's own events, the same in every game: a seat handed to a bot (and why: its clock ran
 * out, or its player was away for the game's away time), taken back by its player, a bot whose
 * search the busy server ended early, or the rematch begun at a new table. Null for any other event.
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
    case 'rematch':
      return t('log:rematch');
    case 'botHurried': {
      const { thoughtMs, budgetMs } = e as { thoughtMs?: unknown; budgetMs?: unknown };
      if (typeof thoughtMs !== 'number' || typeof budgetMs !== 'number') return null;
      // A bot's own seat is named for the bot; a person's seat is played for them.
      const key = seats.find((s) => s.seat === e.seat)?.kind === 'bot' ? 'log:botHurried' : 'log:botHurriedFor';
      return t(key, { name, thought: thoughtMs / 1000, budget: budgetMs / 1000 });
    }
    default:
      return null;
  }
}
