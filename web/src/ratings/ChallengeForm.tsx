import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { errorText } from '../account/errors.js';
import { CLOCKS, type ClockKey } from '../lobby/lobby-model.js';
import { cancelChallenge, challengeBot, getChallenge, type ChallengeStatus } from '../net/bot-api.js';
import { accountSeatHref } from '../net/ratings.js';
import { GAME_IDS } from '../registry.js';
import { gameName } from './names.js';

/** How often the page asks whether the bot has answered. */
const POLL_MS = 1000;

type Waiting =
  | { readonly kind: 'form' }
  | { readonly kind: 'waiting'; readonly id: string }
  | { readonly kind: 'answered'; readonly status: Exclude<ChallengeStatus, 'pending' | 'accepted'> };

/**
 * A bot account's profile offers a challenge (docs/bot-api.md): the game, the clock and whether it
 * is rated; then it waits for the bot's answer and opens the table once the bot accepts.
 */
export function ChallengeForm({ bot, signedIn }: { bot: string; signedIn: boolean }) {
  const { t } = useTranslation('ratings');
  const [, navigate] = useLocation();
  const id = useId();
  const [game, setGame] = useState<string>(GAME_IDS[0]!);
  const [clock, setClock] = useState<ClockKey>('none');
  const [rated, setRated] = useState(false);
  const [state, setState] = useState<Waiting>({ kind: 'form' });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const waitingId = state.kind === 'waiting' ? state.id : null;
  const left = useRef(false);

  useEffect(() => {
    if (waitingId === null) return;
    left.current = false;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const poll = async () => {
      try {
        const c = await getChallenge(waitingId);
        if (left.current) return;
        if (c.gameId !== null && typeof c.seat === 'number') return navigate(accountSeatHref(c.gameId, c.seat));
        if (c.status === 'declined' || c.status === 'cancelled' || c.status === 'expired')
          return setState({ kind: 'answered', status: c.status });
      } catch (e) {
        if (left.current) return;
        setError(errorText(t, e));
      }
      timer = setTimeout(() => void poll(), POLL_MS);
    };
    void poll();
    return () => {
      left.current = true;
      if (timer !== null) clearTimeout(timer);
    };
  }, [waitingId, navigate, t]);

  if (!signedIn) {
    return (
      <p className="muted" data-testid="challenge-sign-in">
        <Link href="/sign-in">{t('challenge.signIn')}</Link>
      </p>
    );
  }

  const send = async (e: FormEvent) => {
    e.preventDefault();
    const c = CLOCKS.find((k) => k.key === clock)?.clock ?? null;
    if (rated && c === null) return setError(t('rated.needsClock'));
    setBusy(true);
    setError(null);
    try {
      const sent = await challengeBot(bot, { game, ...(c ? { clock: c } : {}), ...(rated ? { rated: true } : {}) });
      setState({ kind: 'waiting', id: sent.id });
    } catch (err) {
      setError(errorText(t, err));
    } finally {
      setBusy(false);
    }
  };

  const cancel = async () => {
    if (waitingId === null) return;
    try {
      await cancelChallenge(waitingId);
      setState({ kind: 'answered', status: 'cancelled' });
    } catch (err) {
      setError(errorText(t, err));
    }
  };

  return (
    <div data-testid="challenge">
      {state.kind === 'waiting' ? (
        <div className="notice" role="status" data-testid="challenge-waiting">
          <p>{t('challenge.waiting', { name: bot })}</p>
          <button type="button" className="secondary" onClick={() => void cancel()} data-testid="challenge-cancel">
            {t('challenge.cancel')}
          </button>
        </div>
      ) : (
        <form onSubmit={(e) => void send(e)} data-testid="challenge-form">
          {state.kind === 'answered' && (
            <p className="notice" role="status" data-testid="challenge-answer">
              {t(`challenge.${state.status}`, { name: bot })}
            </p>
          )}
          <div className="field">
            <label htmlFor={`${id}-game`}>{t('challenge.game')}</label>
            <select id={`${id}-game`} value={game} onChange={(e) => setGame(e.target.value)} data-testid="challenge-game">
              {GAME_IDS.map((g) => (
                <option key={g} value={g}>
                  {gameName(t, g)}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor={`${id}-clock`}>{t('presence:settings.clock')}</label>
            <select id={`${id}-clock`} value={clock} onChange={(e) => setClock(e.target.value as ClockKey)} data-testid="challenge-clock">
              {CLOCKS.filter((c) => !rated || c.clock !== null).map((c) => (
                <option key={c.key} value={c.key}>
                  {t(`presence:settings.clocks.${c.key}`)}
                </option>
              ))}
            </select>
          </div>
          <div className="field check">
            <input
              id={`${id}-rated`}
              type="checkbox"
              checked={rated}
              onChange={(e) => {
                setRated(e.target.checked);
                if (e.target.checked && clock === 'none') setClock('normal');
              }}
              data-testid="challenge-rated"
            />
            <label htmlFor={`${id}-rated`}>{t('rated.option')}</label>
          </div>
          <div className="actions">
            <button type="submit" disabled={busy} data-testid="challenge-send">
              {t('challenge.send')}
            </button>
          </div>
        </form>
      )}
      {error && (
        <p className="form-error" role="alert" data-testid="challenge-error">
          {error}
        </p>
      )}
    </div>
  );
}
