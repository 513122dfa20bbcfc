import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { seatStyle } from '../game/seat-style.js';
import type { LocalSeat } from '../offline/config.js';
import { deleteSave, listSaves, restoreSave, type SaveEntry } from '../offline/saves.js';
import { botName, seatsLine } from './seat-who.js';

/** A save just deleted, to put back with Undo. */
interface Deleted {
  readonly slot: string;
  readonly text: string;
}

function readSaves(): SaveEntry[] {
  try {
    return listSaves();
  } catch {
    // Storage disabled by the browser: nothing to list.
    return [];
  }
}

/** Who sits at a seat of a saved game, as the list shows it. */
function useSeatWho() {
  const { t } = useTranslation('saves');
  return (p: LocalSeat): string => {
    return p.kind === 'human' ? p.name?.trim() || t('person') : botName(t, p.bot);
  };
}

/**
 * The offline games saved on this device, one slot each (offline/saves.ts): resume or delete
 * (with undo). An unreadable save is listed as such and can be deleted; it never breaks the lobby.
 */
export function SavedGames() {
  const { t, i18n } = useTranslation('saves');
  const [saves, setSaves] = useState(readSaves);
  const [deleted, setDeleted] = useState<Deleted | null>(null);
  const who = useSeatWho();

  // Another tab may save or delete meanwhile.
  useEffect(() => {
    const onStorage = () => setSaves(readSaves());
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  if (saves.length === 0 && !deleted) return null;

  const when = (at: number | null) =>
    at === null
      ? t('lastUnknown')
      : t('lastPlayed', { when: new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(at) });

  const remove = (slot: string) => {
    const text = deleteSave(slot);
    setDeleted(text === null ? null : { slot, text });
    setSaves(readSaves());
  };
  const undo = () => {
    if (deleted) restoreSave(deleted.slot, deleted.text);
    setDeleted(null);
    setSaves(readSaves());
  };

  return (
    <section className="lobby-card saved-games" aria-labelledby="saves-title" data-testid="saved-games">
      <h2 id="saves-title">{t('title')}</h2>
      <p className="intro">{t('intro')}</p>
      {deleted && (
        <p className="notice saved-deleted" role="status" data-testid="save-deleted">
          {t('deleted')}{' '}
          <button type="button" className="secondary" onClick={undo} data-testid="save-undo">
            {t('undo')}
          </button>
        </p>
      )}
      {saves.length === 0 ? (
        <p className="muted">{t('empty')}</p>
      ) : (
        <ul className="game-list">
          {saves.map((s) => (
            <li key={s.slot} data-testid="saved-game" data-slot={s.slot} data-kind={s.kind}>
              <div className="game-info">
                {s.kind === 'ok' ? (
                  <>
                    <strong>{t(`lobby:gameChoice.${s.record.game}`, { defaultValue: s.record.game })}</strong>
                    <span className="saved-seats">
                      {seatsLine(i18n.language, s.record.players.map(who), t, (i) => seatStyle(i).letter)}
                    </span>
                    <span className="muted">
                      {t('moves', { count: s.record.choices.length })} · {when(s.savedAt)}
                    </span>
                  </>
                ) : (
                  <>
                    <strong>{t('unreadable')}</strong>
                    <span className="save-reason muted">{s.reason}</span>
                    <span className="muted">{when(s.savedAt)}</span>
                  </>
                )}
              </div>
              <div className="game-actions">
                {s.kind === 'ok' && (
                  <Link href={`/local/${s.slot}`} className="button-link" data-testid="save-resume">
                    {t('resume')}
                  </Link>
                )}
                <button type="button" className="secondary" onClick={() => remove(s.slot)} data-testid="save-delete">
                  {t('delete')}
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
