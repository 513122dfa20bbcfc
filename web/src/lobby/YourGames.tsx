import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { setSignedIn, useSignedIn } from '../account/signed-in.js';
import { seatStyle } from '../game/seat-style.js';
import { ApiError } from '../net/api.js';
import { accountSeatHref, getMyGames, profileHref, type WaitingGame } from '../net/ratings.js';
import { SeatMarker } from './SeatMarker.js';

/** The games to list: those waiting for the player's move first, each group in the server's order. */
export function waitingFirst(games: readonly WaitingGame[]): WaitingGame[] {
  return [...games.filter((g) => g.yourTurn), ...games.filter((g) => !g.yourTurn)];
}

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
  const { t } = useTranslation('ratings');
  const [games, setGames] = useState<readonly WaitingGame[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      setGames(waitingFirst(await getMyGames()));
      setError(null);
    } catch (e) {
      // The session ended elsewhere: the header turns back into "Sign in", and this card goes.
      if (e instanceof ApiError && e.status === 401) setSignedIn(null);
      else setError(e instanceof ApiError ? e.code : String(e));
    }
  }, []);

  useEffect(() => {
    void load();
    // Back to the lobby's tab after playing elsewhere: the turns have moved on.
    const onVisible = () => {
      if (document.visibilityState === 'visible') void load();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [load]);

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
                  <span className="muted">{t('moves', { count: g.moves })}</span>
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
