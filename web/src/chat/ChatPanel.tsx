import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_CHAT_CHARS, QUICK_PHRASES, type QuickPhrase } from '../../../src/core/chat.js';
import type { ChatEntry } from '../../../src/server/protocol.js';
import { useSignedIn } from '../account/signed-in.js';
import { seatName } from '../game/names.js';
import { seatStyle } from '../game/seat-style.js';
import type { SeatInfo } from '../net/session.js';
import type { ChatState, TableChat } from './table-chat.js';
import './chat.css';

/** Refusals the panel says in the reader's language; any other is shown with the server's words. */
const KNOWN_ERRORS = new Set(['signed_out', 'suspended', 'rate_limited']);

/**
 * The table chat beside the board: the players' room for a player (and the spectators' room when
 * it asks for it), the spectators' room for a spectator. Every text is shown as text.
 */
export function ChatPanel({ chat, seats }: { chat: TableChat; seats: readonly SeatInfo[] }) {
  const { t } = useTranslation('chat');
  const signedIn = useSignedIn();
  const [state, setState] = useState<ChatState>(chat.current);
  const [draft, setDraft] = useState('');
  const [status, setStatus] = useState<{ text: string; error: boolean } | null>(null);
  const [sending, setSending] = useState(false);
  useEffect(() => chat.subscribe(setState), [chat]);

  const player = state.seat !== null;
  const shown = state.messages.filter((m) => !(m.room === 'players' && m.seat !== null && state.muted.has(m.seat)));
  const nameOf = (m: ChatEntry): string => m.name ?? (m.seat !== null ? seatName(seats, m.seat, t) : t('someone'));
  const own = (m: ChatEntry): boolean => (m.room === 'players' ? m.seat === state.seat : !player && m.name === signedIn?.name);
  // A guest watching reads the spectators' room but does not speak in it (the server refuses it too);
  // a report is kept with the account that made it, so guests have no Report button.
  const mayTalk = player || signedIn !== null;

  const fail = (e: unknown) => {
    const code = (e as { code?: unknown }).code;
    const message = e instanceof Error ? e.message : String(e);
    setStatus({
      text: typeof code === 'string' && KNOWN_ERRORS.has(code) ? t(`errors.${code}`) : t('errors.other', { message }),
      error: true,
    });
  };
  const run = (p: Promise<void>, done?: string) => {
    setSending(true);
    setStatus(null);
    return p
      .then(() => done !== undefined && setStatus({ text: done, error: false }))
      .catch(fail)
      .finally(() => setSending(false));
  };

  const send = (e: FormEvent) => {
    e.preventDefault();
    const text = draft.trim();
    if (!text || sending) return;
    void run(chat.say({ text }).then(() => setDraft('')));
  };
  const sayPhrase = (phrase: QuickPhrase) => void run(chat.say({ phrase }));
  const mutedSeats = [...state.muted].sort((a, b) => a - b);

  return (
    <section className="chat-panel" aria-labelledby="chat-title" data-testid="chat">
      <h2 id="chat-title">{t(player ? 'title.players' : 'title.spectators')}</h2>
      {player && (
        <label className="chat-toggle">
          <input
            type="checkbox"
            checked={state.spectators}
            onChange={(e) => void run(chat.showSpectators(e.target.checked))}
            data-testid="chat-show-spectators"
          />
          {t('showSpectators')}
        </label>
      )}
      {shown.length === 0 ? (
        <p className="muted chat-empty">{t('empty')}</p>
      ) : (
        <ol className="chat-messages" aria-live="polite" data-testid="chat-messages">
          {shown.map((m) => (
            <li
              key={m.id}
              data-room={m.room}
              data-testid="chat-message"
              className={m.room === 'spectators' && player ? 'from-spectator' : undefined}
            >
              <span className="chat-name" style={m.seat !== null ? { borderColor: seatStyle(m.seat).colour } : undefined}>
                {nameOf(m)}
              </span>
              {m.room === 'spectators' && player && <span className="chat-tag">{t('spectatorTag')}</span>}
              <span className="chat-text" data-testid="chat-text">
                {m.text ?? (m.phrase ? t(`phrases.${m.phrase}`) : '')}
              </span>
              {!own(m) && (
                <span className="chat-actions">
                  {player && m.room === 'players' && m.seat !== null && (
                    <button type="button" className="chat-link" onClick={() => void run(chat.mute(m.seat!, true))} data-testid="chat-mute">
                      {t('mute', { name: nameOf(m) })}
                    </button>
                  )}
                  {signedIn !== null && (
                    <button
                      type="button"
                      className="chat-link"
                      aria-label={t('reportLabel', { name: nameOf(m) })}
                      onClick={() => void run(chat.report(m.id), t('reported'))}
                      data-testid="chat-report"
                    >
                      {t('report')}
                    </button>
                  )}
                </span>
              )}
            </li>
          ))}
        </ol>
      )}
      {player && mutedSeats.length > 0 && (
        <p className="chat-muted" data-testid="chat-muted">
          {t('mutedList')}{' '}
          {mutedSeats.map((s) => (
            <button key={s} type="button" className="chat-link" onClick={() => void run(chat.mute(s, false))} data-testid="chat-unmute">
              {t('unmute', { name: seatName(seats, s, t) })}
            </button>
          ))}
        </p>
      )}
      {mayTalk ? (
        <>
          <form className="chat-form" onSubmit={send}>
            <input
              type="text"
              value={draft}
              maxLength={MAX_CHAT_CHARS}
              onChange={(e) => setDraft(e.target.value)}
              aria-label={t('input')}
              placeholder={t('placeholder')}
              enterKeyHint="send"
              autoComplete="off"
              data-testid="chat-input"
            />
            <button type="submit" disabled={sending || draft.trim() === ''} data-testid="chat-send">
              {t('send')}
            </button>
          </form>
          <details className="chat-phrases-box" data-testid="chat-phrases">
            <summary>{t('phrasesLabel')}</summary>
            <div className="chat-phrases" role="group" aria-label={t('phrasesLabel')}>
              {QUICK_PHRASES.map((p) => (
                <button key={p} type="button" onClick={() => sayPhrase(p)} disabled={sending} data-testid={`chat-phrase-${p}`}>
                  {t(`phrases.${p}`)}
                </button>
              ))}
            </div>
          </details>
        </>
      ) : (
        <p className="muted" data-testid="chat-sign-in">
          {t('signInToSpeak')}
        </p>
      )}
      {status && (
        <p
          className={status.error ? 'chat-status error' : 'chat-status'}
          role={status.error ? 'alert' : 'status'}
          data-testid="chat-status"
        >
          {status.text}
        </p>
      )}
    </section>
  );
}
