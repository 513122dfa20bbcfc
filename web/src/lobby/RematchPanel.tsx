import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { seatName } from '../game/names.js';
import type { Snapshot } from '../net/session.js';

/**
 * The rematch under a finished server game's scores: a player offers it, answers another's offer
 * (accept or decline) or withdraws their own, and sees whom it waits for; once everyone accepted,
 * a link to the new table (the page goes there by itself when it saw the offer through).
 */
export function RematchPanel({ snap, answer }: { snap: Snapshot; answer: (accept: boolean) => Promise<void> }) {
  const { t } = useTranslation('lobby');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!snap.view.result) return null;
  const offer = snap.rematch;
  // A seat whose player ran out of time stays the bot's: it accepts at once, and its player only watches.
  const me = snap.seat !== null && !snap.seats.find((s) => s.seat === snap.seat)?.bot ? snap.seat : null;
  const names = (seats: readonly number[]) => seats.map((s) => seatName(snap.seats, s, t)).join(', ');
  const send = (accept: boolean) => {
    setBusy(true);
    setError(null);
    answer(accept)
      .catch((e: unknown) => setError(e instanceof Error ? e.message : String(e)))
      .finally(() => setBusy(false));
  };
  const open = offer !== undefined && offer.next === undefined && offer.waiting.length > 0;
  const button = (accept: boolean, label: string, testid: string, secondary = false) => (
    <button type="button" className={secondary ? 'secondary' : undefined} disabled={busy} onClick={() => send(accept)} data-testid={testid}>
      {label}
    </button>
  );
  let body;
  if (offer?.next) {
    body = (
      <>
        <p>{t('rematch.started')}</p>
        <div className="actions">
          <Link href={`/game/${offer.next.game}`} className="button-link" data-testid="rematch-go">
            {t(me === null ? 'rematch.watch' : 'rematch.go')}
          </Link>
        </div>
      </>
    );
  } else if (open && me !== null && offer.waiting.includes(me)) {
    body = (
      <>
        <p>{t('rematch.asked')}</p>
        <div className="actions">
          {button(true, t('rematch.accept'), 'rematch-accept')}
          {button(false, t('rematch.decline'), 'rematch-decline', true)}
        </div>
      </>
    );
  } else if (open) {
    body = (
      <>
        <p>{t('rematch.offered', { names: names(offer.waiting) })}</p>
        {me !== null && <div className="actions">{button(false, t('rematch.withdraw'), 'rematch-withdraw', true)}</div>}
      </>
    );
  } else {
    const declined = offer?.declined[0];
    body = (
      <>
        {declined !== undefined && <p>{t('rematch.declined', { name: seatName(snap.seats, declined, t) })}</p>}
        {me !== null && (
          <>
            <p className="hint">{t('rematch.offerHint')}</p>
            <div className="actions">{button(true, t('rematch.offer'), 'rematch-offer')}</div>
          </>
        )}
      </>
    );
  }
  return (
    <section
      className="rematch"
      aria-label={t('rematch.title')}
      data-testid="rematch"
      data-state={offer?.next ? 'started' : open ? 'open' : 'none'}
    >
      <div role="status" aria-live="polite">
        {body}
      </div>
      {error && (
        <p className="form-error" role="alert">
          {t('failed', { message: error })}
        </p>
      )}
    </section>
  );
}
