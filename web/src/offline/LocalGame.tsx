import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { GameScreen } from '../game/GameScreen.js';
import { NEW_LOCAL_GAME_KEY, type LocalConfig } from './config.js';
import { readSavedGame, SAVED_GAME_KEY } from './local-record.js';
import { LocalSession, WorkerRefusal, type OpenRequest } from './local-session.js';
import './offline.css';

type Phase =
  | { readonly kind: 'opening' }
  | { readonly kind: 'playing'; readonly session: LocalSession }
  | { readonly kind: 'none' }
  | { readonly kind: 'corrupt'; readonly reason: string }
  | { readonly kind: 'failed'; readonly reason: string };

/** What /local should open: the game the lobby just asked for, else the saved one. */
function whatToOpen(): { req: OpenRequest; fresh: boolean } | Extract<Phase, { kind: 'none' | 'corrupt' | 'failed' }> {
  const asked = localStorage.getItem(NEW_LOCAL_GAME_KEY);
  if (asked !== null) {
    try {
      return { req: { config: JSON.parse(asked) as LocalConfig }, fresh: true };
    } catch {
      localStorage.removeItem(NEW_LOCAL_GAME_KEY);
      return { kind: 'failed', reason: 'the requested game settings are not valid JSON' };
    }
  }
  const saved = readSavedGame();
  if (saved.kind === 'ok') return { req: { record: saved.record }, fresh: false };
  return saved;
}

/** An offline game against bots (or friends at this screen): engine and bots run in a Web Worker. */
export function LocalGame() {
  const { t } = useTranslation('offline');
  const [phase, setPhase] = useState<Phase>({ kind: 'opening' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const what = whatToOpen();
    if (!('req' in what)) {
      setPhase(what);
      return;
    }
    let cancelled = false;
    let session: LocalSession | null = null;
    setPhase({ kind: 'opening' });
    LocalSession.open(what.req).then(
      (s) => {
        // The lobby's request is forgotten only once the game runs (and saves itself), so a
        // second mount (React's strict mode) still finds it.
        if (what.fresh) localStorage.removeItem(NEW_LOCAL_GAME_KEY);
        if (cancelled) return s.close();
        session = s;
        setPhase({ kind: 'playing', session: s });
      },
      (e: unknown) => {
        if (what.fresh) localStorage.removeItem(NEW_LOCAL_GAME_KEY);
        if (cancelled) return;
        const reason = e instanceof Error ? e.message : String(e);
        // Only the engine's refusal to replay the save makes it corrupt; anything else is a failure to run.
        setPhase(!what.fresh && e instanceof WorkerRefusal ? { kind: 'corrupt', reason } : { kind: 'failed', reason });
      },
    );
    return () => {
      cancelled = true;
      session?.close();
    };
  }, [attempt]);

  const discard = useCallback(() => {
    localStorage.removeItem(SAVED_GAME_KEY);
    setAttempt((n) => n + 1);
  }, []);

  switch (phase.kind) {
    case 'opening':
      return <p className="loading">{t('opening')}</p>;
    case 'none':
      return (
        <div className="offline-message" data-testid="local-none">
          <p>{t('none')}</p>
          <Link href="/">{t('toLobby')}</Link>
        </div>
      );
    case 'corrupt':
      return (
        <div className="offline-message" role="alert" data-testid="local-corrupt">
          <p>{t('corrupt')}</p>
          <p className="offline-reason">{phase.reason}</p>
          <div className="offline-actions">
            <button type="button" onClick={discard} data-testid="discard-saved">
              {t('discard')}
            </button>
            <Link href="/">{t('toLobby')}</Link>
          </div>
        </div>
      );
    case 'failed':
      return (
        <div className="offline-message" role="alert" data-testid="local-failed">
          <p>{t('failed')}</p>
          <p className="offline-reason">{phase.reason}</p>
          <Link href="/">{t('toLobby')}</Link>
        </div>
      );
    case 'playing':
      return <GameScreen session={phase.session} aside={<LocalAside session={phase.session} />} />;
  }
}

/** Beside the game: leave for a new game, and once it is over, watch it again. */
function LocalAside({ session }: { session: LocalSession }) {
  const { t } = useTranslation('offline');
  const [over, setOver] = useState(false);
  useEffect(() => session.subscribe((s) => setOver(s.view.result !== null)), [session]);
  return (
    <nav className="offline-aside" aria-label={t('actions')}>
      <Link href="/" className="button-link secondary" data-testid="local-new-game">
        {t('newGame')}
      </Link>
      {over && (
        <Link href="/replay/local" className="button-link" data-testid="local-replay">
          {t('replay')}
        </Link>
      )}
      <p className="offline-note">{t('savedNote')}</p>
    </nav>
  );
}
