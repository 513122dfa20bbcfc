import type { SeatInfo, Snapshot } from '../net/session.js';

/**
 * How long `seat` has been away on this browser's clock, or null while its player is here (or a bot
 * plays it, or nobody ever took it).
 */
export function awayFor(s: SeatInfo, now: number): number | null {
  if (s.kind !== 'human' || s.bot || s.connected || s.awaySince === undefined) return null;
  return Math.max(0, now - s.awaySince);
}

/**
 * Whether the viewer may hand `s` to a bot now: a seated player (spectators may not), another seat
 * than its own, whose player has been away for the game's away time, in a game without a clock
 * (with a clock the server hands a seat over by itself when its time runs out). The server checks
 * all of it again.
 */
export function canHandToBot(snap: Snapshot, s: SeatInfo, now: number): boolean {
  if (snap.seat === null || s.seat === snap.seat || snap.status !== 'active' || snap.view.result !== null) return false;
  if (snap.clocks !== null || snap.awayAfterMs === undefined) return false;
  const away = awayFor(s, now);
  return away !== null && away >= snap.awayAfterMs;
}

/** When `canHandToBot` next changes for `s` by the passing of time alone (ms from now), if it will. */
export function msUntilHandable(snap: Snapshot, s: SeatInfo, now: number): number | null {
  const away = awayFor(s, now);
  if (away === null || snap.awayAfterMs === undefined || away >= snap.awayAfterMs) return null;
  return snap.awayAfterMs - away;
}
