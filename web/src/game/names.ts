import type { TFunction } from 'i18next';
import { BOT_LEVELS } from '../../../src/bots/levels.js';
import type { SeatInfo } from '../net/session.js';
import { seatStyle } from './seat-style.js';

const LEVELS: readonly string[] = BOT_LEVELS.map((l) => l.key);

/**
 * A seat's display name: the player's name, else "Player A"; a bot is "Bot B (greedy)", so two bots
 * of one level stay apart and the letter matches the seat's marker on the board.
 */
export function seatName(seats: readonly SeatInfo[], seat: number, t: TFunction): string {
  const s = seats.find((x) => x.seat === seat);
  const letter = seatStyle(seat).letter;
  if (s?.kind === 'bot') {
    const spec = (s.bot ?? s.name ?? '').split(':')[0]!;
    const level = LEVELS.includes(spec) ? t(`common:botLevel.${spec}`) : spec || t('common:bot');
    return t('common:botSeat', { letter, level });
  }
  return s?.name ?? t('common:player', { letter });
}
