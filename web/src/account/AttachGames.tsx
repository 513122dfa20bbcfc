import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { seatStyle } from '../game/seat-style.js';
import { getGame, heldSeats, type GameSummary, type HeldGameSeat } from '../net/api.js';
import { attachSeats, type AttachAnswer } from '../net/account.js';
import { errorText } from './errors.js';

/** How many games' summaries the list asks the server for: the rest are listed by their id. */
const DESCRIBED = 12;

/**
 * Right after creating an account: the games this browser holds seats in, each ticked, for the
 * player to choose which go with the account. Its seat tokens are the proof; the server refuses a
 * seat whose token no longer holds it.
 */
export function AttachGames({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('account');
  const [seats] = useState(heldSeats);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(() => new Set(seats.map((s) => s.gameId)));
  const [about, setAbout] = useState<ReadonlyMap<string, GameSummary>>(new Map());
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [answer, setAnswer] = useState<AttachAnswer | null>(null);
  const id = useId();

  useEffect(() => {
    let live = true;
    // Only to name the games; a game the server cannot find is listed by its id.
    void Promise.all(seats.slice(0, DESCRIBED).map((s) => getGame(s.gameId).catch(() => null))).then((found) => {
      if (live) setAbout(new Map(found.flatMap((g) => (g ? [[g.id, g] as const] : []))));
    });
    return () => {
      live = false;
    };
  }, [seats]);

  const toggle = (gameId: string) =>
    setChosen((c) => {
      const next = new Set(c);
      if (!next.delete(gameId)) next.add(gameId);
      return next;
    });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const picked = seats.filter((s) => chosen.has(s.gameId));
    if (picked.length === 0) return onDone();
    setBusy(true);
    setError(null);
    try {
      setAnswer(await attachSeats(picked.map(({ gameId, seat, token }) => ({ gameId, seat, token }))));
    } catch (err) {
      setError(errorText(t, err));
    } finally {
      setBusy(false);
    }
  };

  const label = (s: HeldGameSeat): string => {
    const g = about.get(s.gameId);
    const letter = seatStyle(s.seat).letter;
    if (!g) return t('attach.unknownGame', { id: s.gameId, letter });
    return t('attach.game', {
      game: t(`lobby:gameChoice.${g.game}`, { defaultValue: g.game }),
      letter,
      status: t(`attach.status.${g.status}`, { defaultValue: g.status }),
    });
  };

  if (answer) {
    return (
      <section className="lobby-card account-card" aria-labelledby={`${id}-title`} data-testid="attach-done">
        <h1 id={`${id}-title`}>{t('attach.title')}</h1>
        <p role="status">
          {t('attach.attached', { count: answer.attached.length })}
          {answer.refused.length > 0 && <> {t('attach.refused', { count: answer.refused.length })}</>}
        </p>
        <div className="actions">
          <button type="button" onClick={onDone} data-testid="attach-continue" autoFocus>
            {t('attach.continue')}
          </button>
        </div>
      </section>
    );
  }

  if (seats.length === 0) {
    return (
      <section className="lobby-card account-card" data-testid="attach-none">
        <h1>{t('attach.welcome')}</h1>
        <div className="actions">
          <button type="button" onClick={onDone} autoFocus>
            {t('attach.continue')}
          </button>
        </div>
      </section>
    );
  }

  return (
    <section className="lobby-card account-card" aria-labelledby={`${id}-title`} data-testid="attach-games">
      <h1 id={`${id}-title`}>{t('attach.welcome')}</h1>
      <form onSubmit={(e) => void submit(e)} aria-busy={busy}>
        <fieldset className="where">
          <legend>{t('attach.title')}</legend>
          <p className="muted attach-intro">{t('attach.intro')}</p>
          <ul className="attach-list">
            {seats.map((s) => (
              <li key={s.gameId}>
                <label className="radio">
                  <input
                    type="checkbox"
                    checked={chosen.has(s.gameId)}
                    onChange={() => toggle(s.gameId)}
                    data-testid="attach-game"
                    data-game={s.gameId}
                  />
                  <span>
                    {label(s)}
                    <span className="game-id"> {s.gameId}</span>
                  </span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
        <div className="actions">
          <button type="submit" disabled={busy} data-testid="attach-submit">
            {busy ? t('working') : t('attach.submit', { count: chosen.size })}
          </button>
          <button type="button" className="secondary" onClick={onDone} disabled={busy} data-testid="attach-skip">
            {t('attach.skip')}
          </button>
        </div>
      </form>
      <p className="form-error" role="alert">
        {error}
      </p>
    </section>
  );
}
