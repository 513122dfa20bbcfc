import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Snapshot } from '../net/session.js';
import { SHOWN_FROM_MS, timeLeft } from './time-left.js';

/**
 * In a game with a turn-based clock (an hour or more left to the seat to act), how long the seat
 * to act has before its time runs out and the bot takes it: " · 2 days left". Counted from when
 * this page received the clocks, read again each minute.
 */
export function TurnClock({ snap }: { snap: Snapshot }) {
  const { t, i18n } = useTranslation('ratings');
  const acting = snap.view.toAct;
  const left = acting === null ? null : (snap.clocks?.[acting] ?? null);
  // The clocks tell the time left when they were sent: a new array is a new reading.
  const receivedAt = useMemo(() => Date.now(), [snap.clocks]); // eslint-disable-line react-hooks/exhaustive-deps
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(id);
  }, []);
  if (left === null || left < SHOWN_FROM_MS || snap.view.result) return null;
  return (
    <span className="turn-clock" data-testid="turn-clock">
      {' · '}
      {t('waiting.timeLeft', { time: timeLeft(i18n.language, receivedAt + left, Math.max(now, receivedAt)) })}
    </span>
  );
}
