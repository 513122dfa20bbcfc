import type { TFunction } from 'i18next';
import type { SeatInfo } from '../net/session.js';
import { PlayerLink } from '../ratings/PlayerLink.js';
import { seatName } from './names.js';

/** A seat's display name (seatName), as a link to the player's profile when the seat is an account's. */
export function SeatNameLink({ seats, seat, className, t }: { seats: readonly SeatInfo[]; seat: number; className: string; t: TFunction }) {
  const name = seatName(seats, seat, t);
  const profile = seats.find((s) => s.seat === seat)?.profile;
  return profile ? (
    <PlayerLink name={profile} className={className}>
      {name}
    </PlayerLink>
  ) : (
    <span className={className}>{name}</span>
  );
}
