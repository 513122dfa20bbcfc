import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { handToBot } from '../net/api.js';
import type { SeatInfo, Snapshot } from '../net/session.js';
import { awayFor, canHandToBot, msUntilHandable } from './away.js';
import { seatName } from './names.js';

/** "Away" labels count minutes: redrawn this often, and at the moment the hand-over becomes possible. */
const TICK_MS = 15_000;

/** The time now, redrawn every TICK_MS and at `wakeIn` ms (when something changes by the time alone). */
function useNow(wakeIn: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setTimeout(() => setNow(Date.now()), Math.min(TICK_MS, wakeIn ?? TICK_MS) + 20);
    return () => clearTimeout(id);
  }, [now, wakeIn]);
  return now;
}

/**
 * A seat's presence in the seat list — "online", "away", "away for 3 min" — and, for the other
 * seated players once the seat has been away for the game's away time, the one-click button that
 * lets the game's bot play it until its player comes back.
 */
export function SeatPresence({ snap, seat, gameId, token }: { snap: Snapshot; seat: SeatInfo; gameId: string; token: string | null }) {
  const { t } = useTranslation('presence');
  const now = useNow(msUntilHandable(snap, seat, Date.now()));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const away = awayFor(seat, now);
  const minutes = away === null ? 0 : Math.floor(away / 60_000);
  const label =
    away === null
      ? t('lobby:game.online')
      : minutes < 1
        ? t('lobby:game.offline')
        : minutes < 120
          ? t('awayMinutes', { count: minutes })
          : t('awayHours', { count: Math.floor(minutes / 60) });
  const name = seatName(snap.seats, seat.seat, t);
  const hand = () => {
    if (!token) return;
    setBusy(true);
    setError(null);
    handToBot(gameId, seat.seat, token)
      .catch((e: unknown) => setError(e instanceof Error ? e.message : String(e)))
      .finally(() => setBusy(false));
  };
  return (
    <>
      <span className={`conn ${away === null ? 'on' : 'off'}`} data-testid={`presence-${seat.seat}`}>
        {label}
      </span>
      {token && canHandToBot(snap, seat, now) && (
        <button type="button" className="away-button" disabled={busy} onClick={hand} data-testid={`hand-to-bot-${seat.seat}`}>
          {t('handToBot', { name })}
        </button>
      )}
      {error && (
        <p className="form-error" role="alert">
          {t('handFailed', { message: error })}
        </p>
      )}
    </>
  );
}
