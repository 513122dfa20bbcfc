import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { handToBot } from '../net/api.js';
import type { SeatInfo, Snapshot } from '../net/session.js';
import { awayFor, canHandToBot, msUntilHandable } from './away.js';
import { seatName } from './names.js';

/** "Away" labels count minutes: redrawn this often, and at the moment the hand-over becomes possible. */
const TICK_MS = 15_000;

/** The time now, redrawn every `tick` ms and at `wakeIn` ms (when something changes by the time alone). */
function useNow(wakeIn: number | null, tick = TICK_MS): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setTimeout(() => setNow(Date.now()), Math.min(tick, wakeIn ?? tick) + 20);
    return () => clearTimeout(id);
  }, [now, wakeIn, tick]);
  return now;
}

/** Hands `seat` to the game's bot with this player's token; busy while asked, the refusal if any. */
function useHandToBot(gameId: string, seat: number, token: string | null) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const hand = () => {
    if (!token) return;
    setBusy(true);
    setError(null);
    handToBot(gameId, seat, token)
      .catch((e: unknown) => setError(e instanceof Error ? e.message : String(e)))
      .finally(() => setBusy(false));
  };
  return { busy, error, hand };
}

/** "2:05": minutes and seconds left, rounded up. */
function clock(ms: number): string {
  const s = Math.ceil(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/**
 * Under the status bar, where the players look: each other seat whose player is away, with the
 * time left before a bot may play it, counted down by the second, then the button that lets it.
 * Only for seated players of a game without a clock (with one, the server hands a seat over itself).
 */
export function AwayCountdowns({ snap, gameId, token }: { snap: Snapshot; gameId: string; token: string | null }) {
  const away = snap.seats.filter((s) => {
    if (snap.seat === null || s.seat === snap.seat || snap.status !== 'active' || snap.view.result !== null) return false;
    return snap.clocks === null && snap.awayAfterMs !== undefined && awayFor(s, Date.now()) !== null;
  });
  if (away.length === 0 || !token) return null;
  return (
    <div className="away-countdowns" data-testid="away-countdowns">
      {away.map((s) => (
        <AwayCountdown key={s.seat} snap={snap} seat={s} gameId={gameId} token={token} />
      ))}
    </div>
  );
}

function AwayCountdown({ snap, seat, gameId, token }: { snap: Snapshot; seat: SeatInfo; gameId: string; token: string }) {
  const { t } = useTranslation('presence');
  const left = msUntilHandable(snap, seat, Date.now());
  const now = useNow(left, 1000);
  const { busy, error, hand } = useHandToBot(gameId, seat.seat, token);
  const name = seatName(snap.seats, seat.seat, t);
  const ready = canHandToBot(snap, seat, now);
  const wait = msUntilHandable(snap, seat, now);
  return (
    <p className="away-countdown" data-testid={`away-countdown-${seat.seat}`}>
      <span role={ready ? 'status' : undefined}>
        {ready ? t('countdown.ready', { name }) : t('countdown.wait', { name, time: clock(wait ?? 0) })}
      </span>
      {ready && (
        <button type="button" className="away-button" disabled={busy} onClick={hand} data-testid={`away-hand-${seat.seat}`}>
          {t('handToBot', { name })}
        </button>
      )}
      {error && (
        <span className="form-error" role="alert">
          {t('handFailed', { message: error })}
        </span>
      )}
    </p>
  );
}

/**
 * A seat's presence in the seat list — "online", "away", "away for 3 min" — and, for the other
 * seated players once the seat has been away for the game's away time, the one-click button that
 * lets the game's bot play it until its player comes back.
 */
export function SeatPresence({ snap, seat, gameId, token }: { snap: Snapshot; seat: SeatInfo; gameId: string; token: string | null }) {
  const { t } = useTranslation('presence');
  const now = useNow(msUntilHandable(snap, seat, Date.now()));
  const { busy, error, hand } = useHandToBot(gameId, seat.seat, token);
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
