import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { seatName } from '../game/names.js';
import { seatStyle } from '../game/seat-style.js';
import { seatLink } from '../net/api.js';
import type { Connection } from '../net/server-session.js';
import type { Snapshot } from '../net/session.js';
import { CopyLink } from './CopyLink.js';
import { SeatMarker } from './SeatMarker.js';

/** Beside the board of a server game: who sits where and who is online, invitations, and the way to the replay. */
export function SeatPanel({ id, snap, connection, notice }: { id: string; snap: Snapshot | null; connection: Connection; notice?: string | null }) {
  const { t } = useTranslation('lobby');
  if (!snap) return null;
  const over = snap.status !== 'active' || snap.view.result !== null;
  const unclaimed = snap.seats.filter((s) => s.kind === 'human' && !s.claimed);
  return (
    <section className="seat-panel" aria-labelledby="seat-panel-title" data-testid="seat-panel">
      {connection === 'reconnecting' && (
        <p className="notice" role="status">
          {t('common:connection.lost')}
        </p>
      )}
      {notice && (
        <p className="notice" role="status">
          {notice}
        </p>
      )}
      {snap.seat === null && (
        <p className="notice" data-testid="spectator-notice">
          {t('game.spectator')}
        </p>
      )}
      {over && (
        <p>
          <Link href={`/replay/${id}`} className="button-link" data-testid="replay-link">
            {t('game.replay')}
          </Link>
        </p>
      )}
      <h2 id="seat-panel-title">{t('game.seats')}</h2>
      <ul>
        {snap.seats.map((s) => {
          const state = s.kind === 'bot' || s.bot ? 'bot' : !s.claimed ? 'free' : s.connected ? 'on' : 'off';
          return (
            <li key={s.seat} data-testid={`seat-${s.seat}`}>
              <SeatMarker seat={s.seat} size={20} />
              <span className="seat-name">{seatName(snap.seats, s.seat, t)}</span>
              {s.seat === snap.seat && <span className="you">({t('you')})</span>}
              {state === 'bot' ? (
                <span className="conn on">{t('game.botPlays')}</span>
              ) : state === 'free' ? (
                <span className="conn off">{t('game.free')}</span>
              ) : (
                <span className={`conn ${state}`}>{state === 'on' ? t('game.online') : t('game.offline')}</span>
              )}
            </li>
          );
        })}
      </ul>
      {!over && unclaimed.length > 0 && (
        <div className="invites">
          <h2>{t('game.invite')}</h2>
          {unclaimed.map((s) => (
            <CopyLink key={s.seat} label={t('inviteFor', { letter: seatStyle(s.seat).letter })} url={seatLink(id, s.seat)} testId={`share-${s.seat}`} />
          ))}
        </div>
      )}
    </section>
  );
}
