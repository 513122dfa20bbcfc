import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { Link } from 'wouter';
import { useSignedIn } from '../account/signed-in.js';
import { heldSeat, listGames, type GameListing } from '../net/api.js';
import { profileName } from '../net/ratings.js';
import { PlayerLink } from '../ratings/PlayerLink.js';
import { seatStyle } from '../game/seat-style.js';
import { SeatMarker } from './SeatMarker.js';
import { botName, seatsLineParts } from './seat-who.js';

/**
 * Polling while the lobby is visible: soon after it opens, then less often while nothing changes,
 * much less after a refusal (the server's HTTP budget, src/server/app.ts, is per address).
 */
export const POLL = { firstMs: 4_000, growth: 1.5, quietMaxMs: 30_000, errorMs: 60_000 } as const;

/** The next pause between two polls. */
export function nextPoll(lastMs: number, outcome: 'changed' | 'same' | 'error'): number {
  if (outcome === 'error') return POLL.errorMs;
  if (outcome === 'changed') return POLL.firstMs;
  return Math.min(POLL.quietMaxMs, Math.round(lastMs * POLL.growth));
}

/** The server lists at most this many games (LISTED_GAMES in src/server/app.ts). */
const LISTED_MAX = 100;

/** "3 minutes ago", in the page's language. */
function ago(lng: string, at: number, now: number): string {
  const s = Math.round((at - now) / 1000);
  const rtf = new Intl.RelativeTimeFormat(lng, { numeric: 'auto' });
  if (Math.abs(s) < 60) return rtf.format(Math.min(0, s), 'second');
  const m = Math.round(s / 60);
  if (Math.abs(m) < 60) return rtf.format(m, 'minute');
  const h = Math.round(m / 60);
  if (Math.abs(h) < 48) return rtf.format(h, 'hour');
  return rtf.format(Math.round(h / 24), 'day');
}

type Player = NonNullable<GameListing['players']>[number];

function whoSits(p: Player, t: TFunction): string {
  if (p.kind === 'bot') return botName(t, p.bot);
  if (!p.claimed) return t('games:free');
  return p.name?.trim() || t('games:player', { letter: seatStyle(p.seat).letter });
}

/**
 * Games running on the server that their creators opened to anyone (a game with friends is reached
 * through its seat links alone): take a free seat, come back to your own, or watch. The list
 * follows the server by itself while the lobby is visible.
 */
export function OpenGames() {
  const { t, i18n } = useTranslation('lobby');
  const signedIn = useSignedIn();
  const [games, setGames] = useState<GameListing[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const last = useRef<string | null>(null);

  const refresh = useCallback(async (): Promise<'changed' | 'same' | 'error'> => {
    setLoading(true);
    try {
      const list = await listGames();
      setError(null);
      const text = JSON.stringify(list);
      if (text === last.current) return 'same';
      last.current = text;
      setGames(list);
      return 'changed';
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
      return 'error';
    } finally {
      setLoading(false);
    }
  }, []);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    let stopped = false;
    let wait: number = POLL.firstMs;
    const schedule = () => {
      if (timer) clearTimeout(timer);
      timer = null;
      // Only while the tab is visible: a lobby left open in the background costs the server nothing.
      if (stopped || document.visibilityState !== 'visible') return;
      timer = setTimeout(() => {
        void refresh().then((outcome) => {
          wait = nextPoll(wait, outcome);
          schedule();
        });
      }, wait);
    };
    const onVisible = () => {
      if (document.visibilityState !== 'visible') return schedule();
      wait = POLL.firstMs;
      void refresh().then(schedule);
    };
    void refresh().then(schedule);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [refresh]);

  const now = Date.now();
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
            // Out of the server's memory: nobody has played or watched it for a while.
            const idle = g.players === undefined;
            const toAct = g.players && g.toAct != null ? g.players[g.toAct] : undefined;
            return (
              <li key={g.id} data-testid="open-game" data-game={g.id} data-idle={idle ? 'true' : undefined} title={g.id}>
                <div className="game-info">
                  <span className="game-name">
                    <strong>{t(`gameChoice.${g.game}`, { defaultValue: g.game })}</strong>
                    {g.rated && (
                      <span className="rated-mark" data-testid="open-game-rated">
                        {t('ratings:rated.mark')}
                      </span>
                    )}
                    {idle && <span className="idle-badge">{t('games:idle')}</span>}
                  </span>
                  {g.players && (
                    <span className="open-seats-line" data-testid="open-game-seats">
                      {seatsLineParts(
                        i18n.language,
                        g.players.map((p) => whoSits(p, t)),
                        t,
                        (i) => seatStyle(i).letter,
                      ).map((part, i) => {
                        const p = part.seat === null ? undefined : g.players![part.seat];
                        // A rated game's players are accounts under their names; a lobby level's bot has its own.
                        const profile = p && (p.kind === 'bot' || p.claimed) ? profileName(p.name, p.kind === 'bot', g.rated) : null;
                        return profile ? (
                          <PlayerLink key={i} name={profile}>
                            {part.value}
                          </PlayerLink>
                        ) : (
                          part.value
                        );
                      })}
                    </span>
                  )}
                  <span className="muted" data-testid="open-game-facts">
                    {toAct && (mine?.seat === toAct.seat ? t('games:yourTurn') : t('games:toAct', { name: whoSits(toAct, t) })) + ' · '}
                    {t('open.moves', { count: g.moves })} · {t('games:started', { ago: ago(i18n.language, g.createdAt, now) })} ·{' '}
                    {idle
                      ? t('games:idleSince', { ago: ago(i18n.language, g.updatedAt, now) })
                      : t('games:lastMove', { ago: ago(i18n.language, g.updatedAt, now) })}
                  </span>
                </div>
                <div className="game-actions">
                  {mine ? (
                    <Link href={`/game/${g.id}`} className="button-link">
                      {t('open.resume', { letter: seatStyle(mine.seat).letter })}
                    </Link>
                  ) : g.rated && !signedIn && g.openSeats.length > 0 ? (
                    // A rated seat is for an account: a guest's join would only be refused.
                    <Link href="/sign-in" className="button-link" data-testid={`sign-in-to-join-${g.id}`}>
                      {t('ratings:rated.signInToJoin')}
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
      {games !== null && games.length >= LISTED_MAX && <p className="muted">{t('games:capped', { count: LISTED_MAX })}</p>}
    </section>
  );
}
