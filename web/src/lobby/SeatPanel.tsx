import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { SeatPresence } from '../game/AwayButton.js';
import { seatStyle } from '../game/seat-style.js';
import { savedInvites, seatLink } from '../net/api.js';
import type { Connection } from '../net/server-session.js';
import type { Snapshot } from '../net/session.js';
import { SeatLinks, type SeatLinkItem } from './SeatLinks.js';
import { SeatMarker } from './SeatMarker.js';
import { SeatNameLink } from '../game/SeatNameLink.js';

/**
 * Beside the board of a server game: who sits where and who is online, this player's own seat link
 * and the invitations this browser holds, and the way to the replay.
 */
export function SeatPanel({
  id,
  snap,
  connection,
  notice,
  ownKey,
  onRetake,
  token = null,
  onReclaim,
}: {
  id: string;
  snap: Snapshot | null;
  connection: Connection;
  notice?: string | null;
  /** The key of this player's seat link, to continue on another device. */
  ownKey?: string | null;
  /** Takes back here the seat whose link was opened elsewhere. */
  onRetake?: () => void;
  /** This player's seat token: with it, a seat away for long enough can be handed to a bot. */
  token?: string | null;
  /** Takes this player's own seat back from the bot that plays it. */
  onReclaim?: () => void;
}) {
  const { t } = useTranslation('lobby');
  if (!snap) return null;
  const over = snap.status !== 'active' || snap.view.result !== null;
  const links: SeatLinkItem[] = [];
  if (!over && snap.seat !== null && ownKey) {
    links.push({
      seat: snap.seat,
      label: t('game.yourLink', { letter: seatStyle(snap.seat).letter }),
      url: seatLink(id, snap.seat, ownKey),
    });
  }
  // Invitations this browser was handed as the game's creator, for the seats nobody has taken yet.
  const free = new Set(snap.seats.filter((s) => s.kind === 'human' && !s.claimed).map((s) => s.seat));
  if (!over) {
    for (const i of savedInvites(id)) {
      if (free.has(i.seat) && i.seat !== snap.seat)
        links.push({ seat: i.seat, label: t('inviteFor', { letter: seatStyle(i.seat).letter }), url: seatLink(id, i.seat, i.key) });
    }
  }
  return (
    <section className="seat-panel" aria-labelledby="seat-panel-title" data-testid="seat-panel">
      {connection === 'reconnecting' && (
        <p className="notice" role="status">
          {t('common:connection.lost')}
        </p>
      )}
      {notice && (
        <div className="notice" role="status">
          <p>{notice}</p>
          {onRetake && (
            <button type="button" onClick={onRetake} data-testid="retake-seat">
              {t('game.retake')}
            </button>
          )}
        </div>
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
              <SeatNameLink seats={snap.seats} seat={s.seat} className="seat-name" t={t} />
              {s.seat === snap.seat && <span className="you">({t('you')})</span>}
              {state === 'bot' ? (
                <>
                  <span className="conn on">{t('game.botPlays')}</span>
                  {s.seat === snap.seat &&
                    s.kind === 'human' &&
                    !over &&
                    // A seat whose clock is empty stays with the bot to the end: there is nothing to take back.
                    (outOfTime(snap, s.seat) ? (
                      <span className="notice" data-testid="out-of-time">
                        {t('presence:outOfTime')}
                      </span>
                    ) : (
                      onReclaim && (
                        <button type="button" className="away-button" onClick={onReclaim} data-testid="reclaim-seat">
                          {t('presence:reclaim')}
                        </button>
                      )
                    ))}
                </>
              ) : state === 'free' ? (
                <span className="conn off">{t('game.free')}</span>
              ) : (
                <SeatPresence snap={snap} seat={s} gameId={id} token={token} />
              )}
            </li>
          );
        })}
      </ul>
      {links.length > 0 && (
        <div className="invites">
          <h2>{t('game.links')}</h2>
          <SeatLinks links={links} />
        </div>
      )}
    </section>
  );
}

/** Whether the seat's clock is empty (the server then keeps the seat with the bot to the end of the game). */
function outOfTime(snap: Snapshot, seat: number): boolean {
  const left = snap.clocks?.[seat];
  return typeof left === 'number' && left <= 0;
}
