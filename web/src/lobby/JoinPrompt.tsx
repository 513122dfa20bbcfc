import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { seatStyle } from '../game/seat-style.js';
import { getGame, MAX_NAME, saveName, savedName } from '../net/api.js';
import { cleanName } from '../../../src/core/text.js';

/**
 * Before a link takes its seat: the name to sit down with. Prefilled with the name this browser
 * used last, or, when the seat is held already (the link moves it here), with the seat's own name,
 * so that the name stays unless the new holder types another.
 */
export function JoinPrompt({
  id,
  seat,
  onJoin,
  onWatch,
}: {
  id: string;
  seat: number;
  onJoin: (name: string) => void;
  onWatch: () => void;
}) {
  const { t } = useTranslation('lobby');
  const inputId = useId();
  const [name, setName] = useState(savedName);
  const [edited, setEdited] = useState(false);
  const [holder, setHolder] = useState<string | null>(null);
  const [about, setAbout] = useState<{ readonly game: string; readonly seats: number } | null>(null);
  const [empty, setEmpty] = useState(false);
  /** Whether the server has said who holds the seat (or failed to): until then the seat's own name may still come. */
  const [known, setKnown] = useState(false);
  /** "Sit down" asked for with no name before that: answered once it is known. */
  const [waiting, setWaiting] = useState(false);
  const letter = seatStyle(seat).letter;

  useEffect(() => {
    let live = true;
    // Only to say who holds the seat now; the join itself decides, so a failure here changes nothing.
    getGame(id).then(
      (g) => {
        if (!live) return;
        setAbout({ game: g.game, seats: g.seats.length });
        const s = g.seats[seat];
        if (s?.claimed && s.name) setHolder(s.name);
        setKnown(true);
      },
      () => {
        if (live) setKnown(true);
      },
    );
    return () => {
      live = false;
    };
  }, [id, seat]);

  useEffect(() => {
    if (holder !== null && !edited) setName(holder);
  }, [holder, edited]);

  /** Sits down with `raw`, or says a name is needed. */
  const join = (raw: string) => {
    // What the server would take of it: a name of invisible characters only is no name.
    const chosen = cleanName(raw);
    if (!chosen) {
      setEmpty(true);
      return;
    }
    saveName(chosen);
    onJoin(chosen);
  };

  // Asked to sit down before the seat's own name could arrive: with it, once the server has said.
  useEffect(() => {
    if (!waiting || !known) return;
    setWaiting(false);
    join(edited || holder === null ? name : holder);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- answers the one request, when the seat is known
  }, [waiting, known]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!known && !edited && !cleanName(name)) setWaiting(true);
    else join(name);
  };

  return (
    <form className="page-message join-prompt" onSubmit={submit} data-testid="join-prompt" noValidate>
      <h2>{t('join.title', { letter })}</h2>
      {about && (
        <p className="muted" data-testid="join-game">
          {t(`gameChoice.${about.game}`, { defaultValue: about.game })} · {t('open.players', { count: about.seats })}
        </p>
      )}
      {holder !== null && (
        <p className="notice" data-testid="join-moves">
          {t('join.moves', { letter, name: holder })}
        </p>
      )}
      <div className="field">
        <label htmlFor={inputId}>{t('yourName')}</label>
        <input
          id={inputId}
          type="text"
          value={name}
          maxLength={MAX_NAME}
          autoComplete="nickname"
          placeholder={t('namePlaceholder')}
          required
          autoFocus
          aria-invalid={empty}
          aria-describedby={empty ? `${inputId}-error` : undefined}
          onChange={(e) => {
            setName(e.target.value);
            setEdited(true);
            setEmpty(false);
          }}
          data-testid="join-name"
        />
        {empty && (
          <p id={`${inputId}-error`} className="form-error" role="alert">
            {t('join.nameNeeded')}
          </p>
        )}
      </div>
      <div className="actions">
        <button type="submit" disabled={waiting} data-testid="join-submit">
          {t('join.submit', { letter })}
        </button>
        <button type="button" className="secondary" onClick={onWatch} data-testid="join-watch">
          {t('game.watchInstead')}
        </button>
      </div>
    </form>
  );
}
