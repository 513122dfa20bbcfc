import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useSignedIn } from '../account/signed-in.js';
import { HelpHost } from '../help/RulesHelp.js';
import { ApiError } from '../net/api.js';
import { getLeaderboard, leaderboardHref, type LeaderboardEntry } from '../net/ratings.js';
import { GAME_IDS } from '../registry.js';
import { gameName, playerName, ratingsHelpHref } from './names.js';
import { PlayerLink } from './PlayerLink.js';
import { ratingText } from './rating-format.js';
import './ratings.css';

type Loaded =
  | { readonly kind: 'loading' }
  | { readonly kind: 'ready'; readonly players: readonly LeaderboardEntry[] }
  | { readonly kind: 'error'; readonly code: string };

/**
 * The leaderboard of a game at /leaderboard/<game>: the best-rated players with enough rated games
 * who played lately (the server chooses them), each a link to their profile.
 */
export function LeaderboardPage({ game }: { game: string }) {
  const { t, i18n } = useTranslation('ratings');
  const [loaded, setLoaded] = useState<Loaded>({ kind: 'loading' });
  const signedIn = useSignedIn();
  const id = useId();

  useEffect(() => {
    let live = true;
    setLoaded({ kind: 'loading' });
    getLeaderboard(game).then(
      (board) => live && setLoaded({ kind: 'ready', players: board.players }),
      (e: unknown) => live && setLoaded({ kind: 'error', code: e instanceof ApiError ? e.code : 'unknown' }),
    );
    return () => {
      live = false;
    };
  }, [game]);

  const name = gameName(t, game);
  return (
    <div className="ratings-page leaderboard-page" data-testid="leaderboard" data-game={game}>
      <HelpHost />
      <header className="ratings-head">
        <h1 id={`${id}-title`}>{t('leaderboard.title', { game: name })}</h1>
        <p className="muted">{t('leaderboard.intro')}</p>
        <nav className="leaderboard-nav" aria-label={t('leaderboard.games')}>
          {GAME_IDS.map((g) =>
            g === game ? (
              <span key={g} className="current" aria-current="page">
                {gameName(t, g)}
              </span>
            ) : (
              <Link key={g} href={leaderboardHref(g)} data-testid={`leaderboard-${g}`}>
                {gameName(t, g)}
              </Link>
            ),
          )}
          <a href={ratingsHelpHref(game)} className="help-link" data-testid="ratings-help">
            {t('howItWorks')}
          </a>
        </nav>
      </header>
      <section className="lobby-card" aria-labelledby={`${id}-title`}>
        {loaded.kind === 'loading' ? (
          <p className="loading">{t('common:loading')}</p>
        ) : loaded.kind === 'error' ? (
          <p role="alert">
            {loaded.code === 'no-game' ? t('leaderboard.noGame', { game }) : t('leaderboard.failed', { code: loaded.code })}
          </p>
        ) : loaded.players.length === 0 ? (
          <p className="muted" data-testid="leaderboard-empty">
            {t('leaderboard.empty')}
          </p>
        ) : (
          <table className="ratings-table leaderboard-table">
            <thead>
              <tr>
                <th scope="col" className="num">
                  {t('leaderboard.rank')}
                </th>
                <th scope="col">{t('leaderboard.player')}</th>
                <th scope="col" className="num">
                  {t('leaderboard.rating')}
                </th>
                <th scope="col" className="num">
                  {t('leaderboard.games')}
                </th>
              </tr>
            </thead>
            <tbody>
              {loaded.players.map((p, i) => (
                <tr
                  key={p.name}
                  data-testid="leaderboard-row"
                  data-player={p.name}
                  className={signedIn?.name.toLowerCase() === p.name.toLowerCase() ? 'is-you' : undefined}
                >
                  <td className="num">{i + 1}</td>
                  <th scope="row">
                    <PlayerLink name={p.name}>{playerName(t, p.name, p.bot)}</PlayerLink>
                    {p.bot && playerName(t, p.name, p.bot) === p.name && <span className="bot-mark">{t('bot')}</span>}
                  </th>
                  <td className="num rating-cell">{ratingText(i18n.language, p.rating, p.deviation)}</td>
                  <td className="num">{p.games}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </div>
  );
}
