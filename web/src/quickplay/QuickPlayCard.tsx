import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { useSignedIn } from '../account/signed-in.js';
import { GameChoice } from '../lobby/fields.js';
import { ApiError, saveSeat } from '../net/api.js';
import { GAME_IDS } from '../registry.js';
import type { GameId } from '../game-types.js';
import { cleanName } from '../../../src/core/text.js';
import {
  cancelTicket,
  COUNTS_MS,
  heldTicket,
  holdTicket,
  POLL_MS,
  queue,
  ticketNow,
  waitingCounts,
  type HeldTicket,
  type TicketView,
} from './api.js';
import './quickplay.css';

const TABLE_SIZES = [2, 3, 4, 5] as const;
/** The waits for people a player may choose before bots fill the table, in seconds (null: never). */
const BOT_WAITS = [null, 30, 60, 120] as const;
/** The server's refusals this card puts in words; any other is shown as the server said it. */
const REFUSALS: Readonly<Record<string, string>> = {
  'signed-out': 'refused.signedOut',
  'already-queued': 'refused.alreadyQueued',
  'too-many-tickets': 'refused.tooMany',
};

interface Form {
  readonly game: GameId;
  readonly seats: readonly number[];
  readonly pace: 'realtime' | 'daily';
  readonly rated: boolean;
  readonly botsAfterS: (typeof BOT_WAITS)[number];
}

const INITIAL: Form = { game: GAME_IDS[0]!, seats: [2, 3], pace: 'realtime', rated: false, botsAfterS: 60 };

/**
 * "Quick play": choose a game, the table sizes you accept, a pace and rated or not, and wait to be
 * seated with players of your rating (bots fill the table after the wait you choose). The card
 * asks about its ticket every POLL_MS and opens the game once seated, the ticket's token kept as
 * the seat's.
 */
export function QuickPlayCard({ name }: { name: string }) {
  const { t } = useTranslation('quickplay');
  const signedIn = useSignedIn();
  const [, navigate] = useLocation();
  const [form, setForm] = useState<Form>(INITIAL);
  const [held, setHeld] = useState<HeldTicket | null>(heldTicket);
  const [view, setView] = useState<TicketView | null>(null);
  const [counts, setCounts] = useState<Readonly<Record<string, number>>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [now, setNow] = useState(Date.now);
  const ids = { pace: useId(), bots: useId(), rated: useId(), sizes: useId() };
  const rated = form.rated && signedIn !== null;

  useEffect(() => {
    let live = true;
    const read = () =>
      void waitingCounts()
        .then((c) => live && setCounts(c))
        .catch(() => undefined);
    read();
    const timer = setInterval(read, COUNTS_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, []);

  // The wait shown counts up each second between the answers about the ticket.
  useEffect(() => {
    if (!held) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [held]);

  useEffect(() => {
    if (!held) return;
    let live = true;
    const ask = async () => {
      try {
        const v = await ticketNow(held.id);
        if (!live) return;
        setView(v);
        if (v.state === 'seated' && v.gameId !== undefined && v.seat !== undefined) {
          saveSeat(v.gameId, { token: held.token, seat: v.seat });
          holdTicket(null);
          navigate(`/game/${v.gameId}`);
        } else if (v.state === 'cancelled' || v.state === 'expired') {
          holdTicket(null);
          setHeld(null);
        }
      } catch (e) {
        if (!live) return;
        // A ticket the server no longer knows as ours: nothing to wait for.
        if (e instanceof ApiError && e.status === 404) {
          holdTicket(null);
          setHeld(null);
        }
      }
    };
    void ask();
    const timer = setInterval(() => void ask(), POLL_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [held, navigate]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setBusy(true);
    try {
      const shown = cleanName(name);
      const q = await queue({
        game: form.game,
        seats: [...form.seats],
        pace: form.pace,
        rated,
        botsAfterMs: form.botsAfterS === null ? null : form.botsAfterS * 1000,
        ...(shown ? { name: shown } : {}),
      });
      const h = { id: q.ticket.id, token: q.token };
      holdTicket(h);
      setView(q.ticket);
      setHeld(h);
    } catch (err) {
      const words = err instanceof ApiError ? REFUSALS[err.code] : undefined;
      setError(words ? t(words) : err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };

  const cancel = async () => {
    if (!held) return;
    try {
      await cancelTicket(held.id);
    } catch {
      // Seated meanwhile, or gone: the next answer about the ticket says which.
    }
    holdTicket(null);
    setHeld(null);
    setView(null);
  };

  const toggleSize = (n: number, on: boolean) =>
    setForm((f) => ({ ...f, seats: on ? [...f.seats, n].sort((a, b) => a - b) : f.seats.filter((x) => x !== n) }));

  const waiting = (g: string) => counts[g] ?? 0;

  if (held) {
    const waitedS = view ? Math.max(0, Math.round((now - view.queuedAt) / 1000)) : 0;
    return (
      <section className="lobby-card" aria-labelledby="quickplay-title" data-testid="quickplay">
        <h2 id="quickplay-title">{t('title')}</h2>
        <p className="intro" role="status" aria-live="polite" data-testid="quickplay-status">
          {view?.state === 'seating' || view?.state === 'seated'
            ? t('seating')
            : t('waiting', { game: t(`lobby:gameChoice.${view?.game ?? form.game}`), seconds: waitedS })}
        </p>
        {view && view.state === 'waiting' && (
          <p className="hint" data-testid="quickplay-band">
            {t('band', { rating: view.rating, band: view.band })}
          </p>
        )}
        <div className="actions">
          <button type="button" className="secondary" onClick={() => void cancel()} data-testid="quickplay-cancel">
            {t('cancel')}
          </button>
        </div>
      </section>
    );
  }

  return (
    <section className="lobby-card" aria-labelledby="quickplay-title" data-testid="quickplay">
      <h2 id="quickplay-title">{t('title')}</h2>
      <p className="intro">{t('intro')}</p>
      <form onSubmit={(e) => void submit(e)}>
        <GameChoice value={form.game} onChange={(game) => setForm((f) => ({ ...f, game }))} testId="quickplay-game" />
        <ul className="hint quickplay-counts" aria-label={t('waitingNow')} data-testid="quickplay-counts">
          {GAME_IDS.map((g) => (
            <li key={g} data-testid={`quickplay-count-${g}`}>
              {t('waitingCount', { count: waiting(g), game: t(`lobby:gameChoice.${g}`) })}
            </li>
          ))}
        </ul>
        <fieldset className="where" aria-describedby={ids.sizes}>
          <legend>{t('sizes')}</legend>
          {TABLE_SIZES.map((n) => (
            <label key={n} className="check">
              <input
                type="checkbox"
                checked={form.seats.includes(n)}
                onChange={(e) => toggleSize(n, e.target.checked)}
                data-testid={`quickplay-size-${n}`}
              />
              {t('players', { count: n })}
            </label>
          ))}
          <small className="hint" id={ids.sizes}>
            {t('sizesHint')}
          </small>
        </fieldset>
        <div className="field">
          <label htmlFor={ids.pace}>{t('pace')}</label>
          <select
            id={ids.pace}
            value={form.pace}
            onChange={(e) => setForm((f) => ({ ...f, pace: e.target.value === 'daily' ? 'daily' : 'realtime' }))}
            data-testid="quickplay-pace"
          >
            <option value="realtime">{t('paces.realtime')}</option>
            <option value="daily">{t('paces.daily')}</option>
          </select>
          <small className="hint">{t(`paceHints.${form.pace}`)}</small>
        </div>
        <div className="field">
          <label htmlFor={ids.bots}>{t('bots')}</label>
          <select
            id={ids.bots}
            value={form.botsAfterS === null ? 'never' : String(form.botsAfterS)}
            onChange={(e) =>
              setForm((f) => ({
                ...f,
                botsAfterS: e.target.value === 'never' ? null : (BOT_WAITS.find((w) => String(w) === e.target.value) ?? null),
              }))
            }
            data-testid="quickplay-bots"
          >
            {BOT_WAITS.map((w) => (
              <option key={String(w)} value={w === null ? 'never' : String(w)}>
                {w === null ? t('botsNever') : t('botsAfter', { count: w })}
              </option>
            ))}
          </select>
        </div>
        {signedIn && (
          <div className="field check">
            <input
              id={ids.rated}
              type="checkbox"
              checked={rated}
              onChange={(e) => setForm((f) => ({ ...f, rated: e.target.checked }))}
              data-testid="quickplay-rated"
            />
            <label htmlFor={ids.rated}>{t('rated')}</label>
          </div>
        )}
        <button type="submit" disabled={busy || form.seats.length === 0} data-testid="quickplay-go">
          {t('go')}
        </button>
        {error && (
          <p className="form-error" role="alert">
            {t('failed', { message: error })}
          </p>
        )}
      </form>
    </section>
  );
}
