import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { GameScreen } from '../game/GameScreen.js';
import { randomSeed } from '../lobby/lobby-model.js';
import { NEW_LOCAL_GAME_KEY, playAgainConfig, requestLocalGame, type LocalConfig } from './config.js';
import { LocalSession, WorkerRefusal, type OpenRequest } from './local-session.js';
import { deleteSave, listSaves, newSlot, readSave } from './saves.js';
import './offline.css';

type Phase =
  | { readonly kind: 'opening' }
  | { readonly kind: 'playing'; readonly session: LocalSession }
  | { readonly kind: 'none' }
  | { readonly kind: 'corrupt'; readonly reason: string; readonly slot: string }
  | { readonly kind: 'failed'; readonly reason: string };

type ToOpen = { req: OpenRequest; fresh: boolean; slot: string } | Extract<Phase, { kind: 'none' | 'corrupt' | 'failed' }>;

/**
 * What /local should open: the game the lobby just asked for (in the new slot `freshSlot`), else
 * the save of `slot` (/local/<slot>, the lobby's Resume), else the most recently played save.
 */
function whatToOpen(slot: string | undefined, freshSlot: string): ToOpen {
  const asked = slot === undefined ? localStorage.getItem(NEW_LOCAL_GAME_KEY) : null;
  if (asked !== null) {
    try {
      return { req: { config: JSON.parse(asked) as LocalConfig }, fresh: true, slot: freshSlot };
    } catch {
      localStorage.removeItem(NEW_LOCAL_GAME_KEY);
      return { kind: 'failed', reason: 'the requested game settings are not valid JSON' };
    }
  }
  const which = slot ?? listSaves()[0]?.slot;
  if (which === undefined) return { kind: 'none' };
  const saved = readSave(which);
  if (saved.kind === 'ok') return { req: { record: saved.record }, fresh: false, slot: which };
  return saved.kind === 'corrupt' ? { ...saved, slot: which } : saved;
}

/**
 * An offline game against bots (or friends at this screen): engine and bots run in a Web Worker.
 * Each game is saved in a slot of its own (saves.ts), listed in the lobby.
 */
export function LocalGame({ slot }: { slot?: string }) {
  const { t } = useTranslation('offline');
  const [phase, setPhase] = useState<Phase>({ kind: 'opening' });
  const [attempt, setAttempt] = useState(0);
  // One slot per request, kept across React's double effect, so a new game is saved once.
  const [freshSlot, setFreshSlot] = useState(newSlot);
  const [, navigate] = useLocation();

  useEffect(() => {
    const what = whatToOpen(slot, freshSlot);
    if (!('req' in what)) {
      setPhase(what);
      return;
    }
    let cancelled = false;
    let session: LocalSession | null = null;
    setPhase({ kind: 'opening' });
    LocalSession.open(what.req, { slot: what.slot }).then(
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
        setPhase(!what.fresh && e instanceof WorkerRefusal ? { kind: 'corrupt', reason, slot: what.slot } : { kind: 'failed', reason });
      },
    );
    return () => {
      cancelled = true;
      session?.close();
    };
  }, [attempt, slot, freshSlot]);

  // The same settings again, seats rotated: asked as the lobby asks, and opened in a new slot at /local.
  const playAgain = useCallback(
    (session: LocalSession) => {
      const r = session.record;
      if (!r) return;
      requestLocalGame(playAgainConfig(r, randomSeed()));
      setFreshSlot(newSlot());
      if (slot !== undefined) navigate('/local');
    },
    [slot, navigate],
  );

  const discard = useCallback((which: string) => {
    deleteSave(which);
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
            <button type="button" onClick={() => discard(phase.slot)} data-testid="discard-saved">
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
      return (
        <GameScreen
          session={phase.session}
          aside={<LocalAside session={phase.session} />}
          endActions={
            <section className="play-again">
              <p>{t('playAgainHint')}</p>
              <button type="button" onClick={() => playAgain(phase.session)} data-testid="local-play-again">
                {t('playAgain')}
              </button>
            </section>
          }
        />
      );
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
        <Link href={`/replay/local/${session.slot}`} className="button-link" data-testid="local-replay">
          {t('replay')}
        </Link>
      )}
      <p className="offline-note">{t('savedNote')}</p>
    </nav>
  );
}
