import type { TFunction } from 'i18next';
import type { SeatInfo } from '../net/session.js';
import { seatStyle } from './seat-style.js';

/** A seat's display name: the player's name, else "Player A" (the letter matches the seat's marker). */
export function seatName(seats: readonly SeatInfo[], seat: number, t: TFunction): string {
  const s = seats.find((x) => x.seat === seat);
  const base = s?.name ?? t('common:player', { letter: seatStyle(seat).letter });
  return s?.kind === 'bot' ? `${base} (${t('common:bot')})` : base;
}
