import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useSignedIn } from '../account/signed-in.js';
import { useWaitingGames } from '../account/waiting-games.js';
import { useWaitingNotify } from '../account/waiting-notify.js';
import { seatStyle } from '../game/seat-style.js';
import { timeLeft } from '../game/time-left.js';
import { accountSeatHref, profileHref } from '../net/ratings.js';
import { SeatMarker } from './SeatMarker.js';

export { waitingFirst } from '../account/waiting-games.js';

/**
 * "Your games", at the head of the lobby for a signed-in player: the account's games in progress,
 * those waiting for the player's move first, each a link to its table. A guest sees nothing and
 * the lobby asks the server nothing more.
 */
export function YourGames() {
  const signedIn = useSignedIn();
  return signedIn ? <YourGamesCard key={signedIn.name} name={signedIn.name} /> : null;
}

function YourGamesCard({ name }: { name: string }) {
  const { t, i18n } = useTranslation('ratings');
  // Polled while the lobby is open (waiting-games.ts), shared with the title and the notifications.
  const { games, error } = useWaitingGames();
  const notify = useWaitingNotify();
  // The time left is shown to the minute: the card reads the clock again each minute.
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(id);
  }, []);

  const waiting = games?.filter((g) => g.yourTurn).length ?? 0;
  return (
    <section className="lobby-card your-games" aria-labelledby="your-games-title" data-testid="your-games">
      <div className="card-head">
        <h2 id="your-games-title">{t('yourGames.title')}</h2>
        <Link href={profileHref(name)} data-testid="your-profile">
          {t('yourGames.profile')}
        </Link>
      </div>
      {error && (
        <p className="form-error" role="alert">
          {t('yourGames.failed', { code: error })}
        </p>
      )}
      {games === null ? (
        !error && <p className="loading">{t('common:loading')}</p>
      ) : games.length === 0 ? (
        <p className="intro">{t('yourGames.empty')}</p>
      ) : (
        <>
          <p className="intro" data-testid="your-games-waiting">
            {t('yourGames.waiting', { count: waiting })}
          </p>
          {notify.state !== 'unsupported' && (
            <p className="muted">
              {notify.state === 'denied' ? (
                t('waiting.notifyDenied')
              ) : (
                <button
                  type="button"
                  className="secondary"
                  aria-pressed={notify.state === 'on'}
                  onClick={notify.toggle}
                  data-testid="waiting-notify"
                >
                  {notify.state === 'on' ? t('waiting.notifyOff') : t('waiting.notifyOn')}
                </button>
              )}
            </p>
          )}
          <ul className="game-list">
            {games.map((g) => (
              <li key={g.gameId} data-testid="your-game" data-game={g.gameId} data-your-turn={g.yourTurn ? 'true' : undefined}>
                <div className="game-info">
                  <span className="game-name">
                    <strong>{t(`lobby:gameChoice.${g.game}`, { defaultValue: g.game })}</strong>
                    {g.yourTurn && (
                      <span className="turn-mark" data-testid="your-turn">
                        {t('yourTurn')}
                      </span>
                    )}
                  </span>
                  <span className="muted players-line">{g.players.map((p) => p ?? t('games:free')).join(' · ')}</span>
                  <span className="muted">
                    {t('moves', { count: g.moves })}
                    {g.yourTurn && g.dueAt != null && (
                      <span data-testid="time-left"> · {t('waiting.timeLeft', { time: timeLeft(i18n.language, g.dueAt, now) })}</span>
                    )}
                  </span>
                </div>
                <div className="game-actions">
                  <Link href={accountSeatHref(g.gameId, g.seat)} className={g.yourTurn ? 'button-link' : 'button-link secondary'}>
                    <SeatMarker seat={g.seat} size={18} />
                    {t('yourGames.open', { letter: seatStyle(g.seat).letter })}
                  </Link>
                </div>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
