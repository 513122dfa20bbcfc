import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { heldSeat, listGames, type GameListing } from '../net/api.js';
import { seatStyle } from '../game/seat-style.js';
import { SeatMarker } from './SeatMarker.js';

const POLL_MS = 15_000;

/**
 * Games running on the server that their creators opened to anyone (a game with friends is reached
 * through its seat links alone): take a free seat, come back to your own, or watch.
 */
export function OpenGames() {
  const { t } = useTranslation('lobby');
  const [games, setGames] = useState<GameListing[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);

  const refresh = useCallback(async () => {
    setLoading(true);
    try {
      setGames(await listGames());
      setError(null);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setLoading(false);
    }
  }, []);

  useEffect(() => {
    void refresh();
    // Only while the tab is visible: a lobby left open in the background costs the server nothing.
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') void refresh();
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [refresh]);

  return (
    <section className="lobby-card open-games" aria-labelledby="open-title" data-testid="open-games">
      <div className="card-head">
        <h2 id="open-title">{t('open.title')}</h2>
        <button type="button" className="secondary" onClick={() => void refresh()} disabled={loading} data-testid="open-refresh">
          {t('open.refresh')}
        </button>
      </div>
      {error && (
        <p className="form-error" role="alert">
          {t('failed', { message: error })}
        </p>
      )}
      {games === null ? (
        !error && <p className="loading">{t('open.loading')}</p>
      ) : games.length === 0 ? (
        <p className="intro">{t('open.empty')}</p>
      ) : (
        <ul className="game-list">
          {games.map((g) => {
            const mine = heldSeat(g.id);
            return (
              <li key={g.id} data-testid="open-game" data-game={g.id}>
                <div className="game-info">
                  <span className="game-name">
                    <strong>{t(`gameChoice.${g.game}`, { defaultValue: g.game })}</strong> <span className="game-id">{g.id}</span>
                  </span>
                  <span className="muted">
                    {t('open.players', { count: g.seats })} · {t('open.moves', { count: g.moves })}
                  </span>
                </div>
                <div className="game-actions">
                  {mine ? (
                    <Link href={`/game/${g.id}`} className="button-link">
                      {t('open.resume', { letter: seatStyle(mine.seat).letter })}
                    </Link>
                  ) : (
                    g.openSeats.map((seat) => (
                      <Link key={seat} href={`/game/${g.id}?seat=${seat}`} className="button-link" data-testid={`join-${g.id}-${seat}`}>
                        <SeatMarker seat={seat} size={18} />
                        {t('open.join', { letter: seatStyle(seat).letter })}
                      </Link>
                    ))
                  )}
                  <Link href={`/game/${g.id}`} className="button-link secondary" data-testid={`watch-${g.id}`}>
                    {t('open.watch')}
                  </Link>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
