import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { Link } from 'wouter';
import { formatInstant } from '../account/instant.js';
import { useSignedIn } from '../account/signed-in.js';
import { HelpHost } from '../help/RulesHelp.js';
import { ApiError } from '../net/api.js';
import {
  accountSeatHref,
  getProfile,
  leaderboardHref,
  profileName,
  type FinishedGame,
  type GameInProgress,
  type GameRating,
  type Profile,
} from '../net/ratings.js';
import { GAME_IDS } from '../registry.js';
import { gameName, playerName, ratingsHelpHref } from './names.js';
import { seatStyle } from '../game/seat-style.js';
import { PlayerLink } from './PlayerLink.js';
import { ChallengeForm } from './ChallengeForm.js';
import { RatingChart } from './RatingChart.js';
import { percent, ratingChange, ratingText } from './rating-format.js';
import { analysisHref, replayHref } from '../replay/links.js';
import './ratings.css';

type Loaded =
  | { readonly kind: 'loading' }
  | { readonly kind: 'ready'; readonly profile: Profile }
  | { readonly kind: 'none' }
  | { readonly kind: 'error'; readonly code: string };

/**
 * A player's profile at /player/<name>: their rating at each game with its history, the games they
 * are playing, the games they finished, how they do against each bot level and how often they left.
 */
export function PlayerPage({ name }: { name: string }) {
  const { t, i18n } = useTranslation('ratings');
  const [loaded, setLoaded] = useState<Loaded>({ kind: 'loading' });
  const signedIn = useSignedIn();
  const id = useId();

  useEffect(() => {
    let live = true;
    setLoaded({ kind: 'loading' });
    getProfile(name).then(
      (profile) => live && setLoaded({ kind: 'ready', profile }),
      (e: unknown) => {
        if (!live) return;
        if (e instanceof ApiError && (e.code === 'no-player' || e.status === 404)) setLoaded({ kind: 'none' });
        else setLoaded({ kind: 'error', code: e instanceof ApiError ? e.code : 'unknown' });
      },
    );
    return () => {
      live = false;
    };
  }, [name]);

  if (loaded.kind === 'loading') return <p className="loading">{t('common:loading')}</p>;
  if (loaded.kind !== 'ready') {
    return (
      <section className="lobby-card ratings-message" data-testid="player-missing">
        <p role="alert">{loaded.kind === 'none' ? t('profile.noPlayer', { name }) : t('profile.failed', { code: loaded.code })}</p>
        <div className="actions">
          <Link href="/" className="button-link secondary">
            {t('common:back')}
          </Link>
        </div>
      </section>
    );
  }

  const p = loaded.profile;
  const own = signedIn?.name.toLowerCase() === p.name.toLowerCase();
  const helpGame = p.ratings[0]?.game ?? GAME_IDS[0]!;
  const shown = playerName(t, p.name, p.bot);
  return (
    <div className="ratings-page player-page" data-testid="player-page" data-player={p.name}>
      <HelpHost />
      <header className="ratings-head">
        <h1>
          <span className="player-title" data-testid="player-name">
            {shown}
          </span>
          {(p.bot || p.botAccount === true) && shown === p.name && (
            <span className="bot-mark" data-testid="player-bot">
              {t('bot')}
            </span>
          )}
        </h1>
        {!p.bot && <p className="muted">{t('profile.since', { date: formatInstant(i18n.language, p.createdAt) })}</p>}
      </header>

      {p.botAccount === true && !own && (
        <section className="lobby-card" aria-labelledby={`${id}-challenge`} data-testid="player-challenge">
          <h2 id={`${id}-challenge`}>{t('challenge.title')}</h2>
          <p className="intro">{t('challenge.intro', { name: p.name })}</p>
          <ChallengeForm bot={p.name} signedIn={signedIn !== null} />
        </section>
      )}

      <section className="lobby-card" aria-labelledby={`${id}-ratings`} data-testid="player-ratings">
        <div className="card-head">
          <h2 id={`${id}-ratings`}>{t('profile.ratings')}</h2>
          <a href={ratingsHelpHref(helpGame)} className="help-link" data-testid="ratings-help">
            {t('howItWorks')}
          </a>
        </div>
        {p.ratings.length === 0 ? (
          <p className="muted">{t('profile.noRatings')}</p>
        ) : (
          <ul className="rating-cards">
            {p.ratings.map((r) => (
              <RatingCard key={r.game} rating={r} />
            ))}
          </ul>
        )}
      </section>

      <section className="lobby-card" aria-labelledby={`${id}-playing`} data-testid="player-in-progress">
        <h2 id={`${id}-playing`}>{t('profile.inProgress')}</h2>
        {p.inProgress.length === 0 ? (
          <p className="muted">{t('profile.noneInProgress')}</p>
        ) : (
          <ul className="game-list">
            {[...p.inProgress]
              .sort((a, b) => Number(b.yourTurn) - Number(a.yourTurn))
              .map((g) => (
                <InProgressRow key={g.gameId} g={g} own={own} player={p.name} />
              ))}
          </ul>
        )}
      </section>

      <section className="lobby-card" aria-labelledby={`${id}-finished`} data-testid="player-finished">
        <h2 id={`${id}-finished`}>{t('profile.finished')}</h2>
        {p.finished.length === 0 ? (
          <p className="muted">{t('profile.noneFinished')}</p>
        ) : (
          <ul className="game-list">
            {p.finished.map((g) => (
              <FinishedRow key={g.gameId} g={g} player={p.name} />
            ))}
          </ul>
        )}
      </section>

      <section className="lobby-card" aria-labelledby={`${id}-bots`} data-testid="player-vs-bots">
        <h2 id={`${id}-bots`}>{t('profile.vsBots')}</h2>
        {p.vsBots.length === 0 ? (
          <p className="muted">{t('profile.noBots')}</p>
        ) : (
          <table className="ratings-table">
            <thead>
              <tr>
                <th scope="col">{t('profile.level')}</th>
                <th scope="col" className="num">
                  {t('profile.games')}
                </th>
                <th scope="col" className="num">
                  {t('profile.wins')}
                </th>
                <th scope="col" className="num">
                  {t('profile.winRate')}
                </th>
              </tr>
            </thead>
            <tbody>
              {p.vsBots.map((b) => (
                <tr key={b.level} data-testid="vs-bot" data-level={b.level}>
                  <th scope="row">{t(`lobby:levels.${b.level}`, { defaultValue: b.level })}</th>
                  <td className="num">{b.games}</td>
                  <td className="num">{b.wins}</td>
                  <td className="num" data-testid="vs-bot-rate">
                    {percent(i18n.language, b.wins, b.games)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <p className="left-games" data-testid="player-left">
          {t('profile.left', { count: p.left.games, left: p.left.left })}
        </p>
      </section>
    </div>
  );
}

function RatingCard({ rating: r }: { rating: GameRating }) {
  const { t, i18n } = useTranslation('ratings');
  const name = gameName(t, r.game);
  return (
    <li className="rating-card" data-testid="player-rating" data-game={r.game}>
      <div className="rating-card-head">
        <h3>{name}</h3>
        <Link href={leaderboardHref(r.game)} data-testid="rating-leaderboard">
          {t('profile.leaderboard')}
        </Link>
      </div>
      <p className="rating-figure">
        <strong data-testid="rating-value">{ratingText(i18n.language, r.rating, r.deviation)}</strong>{' '}
        <span className="muted">{t('profile.ratedGames', { count: r.games })}</span>
      </p>
      <RatingChart gameName={name} history={r.history} />
    </li>
  );
}

function InProgressRow({ g, own, player }: { g: GameInProgress; own: boolean; player: string }) {
  const { t } = useTranslation('ratings');
  return (
    <li data-testid="in-progress" data-game={g.gameId} data-your-turn={g.yourTurn ? 'true' : undefined}>
      <div className="game-info">
        <span className="game-name">
          <strong>{gameName(t, g.game)}</strong>
          {g.rated && <span className="rated-mark">{t('rated.mark')}</span>}
          {g.yourTurn && (
            <span className="turn-mark" data-testid="turn-mark">
              {own ? t('yourTurn') : t('theirTurn', { name: player })}
            </span>
          )}
        </span>
        <span className="muted players-line" data-testid="in-progress-players">
          {g.players.map((p, seat) => {
            // A rated game's seats are accounts (a bot's too) under their names.
            const profile = g.rated ? profileName(p, false, true) : null;
            return (
              <span key={seat}>
                {seat > 0 && ' · '}
                {profile ? <PlayerLink name={profile} /> : (p ?? t('games:free'))}
              </span>
            );
          })}
        </span>
        <span className="muted">{t('moves', { count: g.moves })}</span>
      </div>
      <div className="game-actions">
        <Link
          href={own ? accountSeatHref(g.gameId, g.seat) : `/game/${encodeURIComponent(g.gameId)}`}
          className="button-link secondary"
          data-testid="in-progress-open"
        >
          {own ? t('play') : t('watch')}
        </Link>
      </div>
    </li>
  );
}

/** "won", "lost" (of two) or "place 2 of 4"; nothing for a game whose result was not stored. */
function resultText(t: TFunction, g: FinishedGame): string {
  if (g.rank === null) return '';
  if (g.rank === 1) return t('profile.won');
  if (g.players.length <= 2) return t('profile.lost');
  return t('profile.place', { rank: g.rank, count: g.players.length });
}

function FinishedRow({ g, player }: { g: FinishedGame; player: string }) {
  const { t, i18n } = useTranslation('ratings');
  return (
    <li data-testid="finished" data-game={g.gameId}>
      <div className="game-info">
        <span className="game-name">
          <strong>{gameName(t, g.game)}</strong>
          {g.rated && <span className="rated-mark">{t('rated.mark')}</span>}
          <span className={g.rank === 1 ? 'result won' : 'result'} data-testid="finished-result">
            {resultText(t, g)}
          </span>
          {g.ratingChange !== null && (
            <span className="rating-change" data-testid="finished-change">
              {t('profile.change', { change: ratingChange(i18n.language, g.ratingChange) })}
            </span>
          )}
        </span>
        <span className="players-line" data-testid="finished-players">
          {g.players
            .map((o, seat) => ({ ...o, seat }))
            .sort((x, y) => (x.rank ?? Infinity) - (y.rank ?? Infinity) || x.seat - y.seat)
            .map((o, i) => {
              const shown = o.name === null ? t('games:player', { letter: seatStyle(o.seat).letter }) : playerName(t, o.name, o.bot);
              const self = o.name !== null && !o.bot && o.name.toLowerCase() === player.toLowerCase();
              const profile = self ? null : profileName(o.name, o.bot, g.rated);
              return (
                <span key={o.seat} className={self ? 'finisher self' : 'finisher'}>
                  {i > 0 && ' · '}
                  {self ? <strong>{shown}</strong> : profile ? <PlayerLink name={profile}>{shown}</PlayerLink> : shown}
                  {o.score !== null && ` ${t('profile.score', { score: o.score })}`}
                </span>
              );
            })}
        </span>
        <span className="muted">{formatInstant(i18n.language, g.endedAt)}</span>
      </div>
      <div className="game-actions">
        <Link href={replayHref(g.gameId)} className="button-link secondary" data-testid="finished-replay">
          {t('replay')}
        </Link>
        <Link href={analysisHref(g.gameId)} className="button-link secondary" data-testid="finished-analysis">
          {t('analysis')}
        </Link>
      </div>
    </li>
  );
}
