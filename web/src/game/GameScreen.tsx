import { useCallback, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { helpHref } from '../help/link.js';
import { RulesHelp } from '../help/RulesHelp.js';
import type { GameSession, HintResult, SessionTypes, Snapshot } from '../net/session.js';
import { isGameId } from '../registry.js';
import { choiceJson } from './choice-json.js';
import { HintBar, HintBarSlot, HintContext, hintAllowed } from './hint.js';
import { EndActionsSlot } from './ScoreFrame.js';
import { seatName } from './names.js';
import { seatStyle } from './seat-style.js';
import { focusDecision, SkipToDecision } from './skip-link.js';
import { TurnAlertControls } from './TurnAlertControls.js';
import { useClientGame } from './use-client-game.js';
import { botPlaysMine, useTurnAlert } from './use-turn-alert.js';
import './game.css';

declare global {
  interface Window {
    /** Milliseconds from each click on a choice to the new state on screen (read by the browser bench). */
    __expeditionTimings?: number[];
    /** The part of each of those spent in the page: from the new state's arrival to its paint. */
    __expeditionRenderTimings?: number[];
  }
}

/** The table of whichever game the session plays, fed by a session wherever the game runs. */
export function GameScreen({ session, aside, endActions }: { session: GameSession; aside?: ReactNode; endActions?: ReactNode }) {
  const { t } = useTranslation();
  const [snap, setSnap] = useState<Snapshot | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const clickedAt = useRef<number | null>(null);
  const arrivedAt = useRef(0);
  const screenRef = useRef<HTMLDivElement>(null);
  /** After a choice: move the focus to the next decision panel (scrolling to it for a keyboard user). */
  const refocus = useRef<{ scroll: boolean } | null>(null);
  /** The focus was in the decision panel: when a new state replaces what had it, it goes back there. */
  const focusInPanel = useRef(false);
  /** The hint asked for, or its refusal, with the view it was asked in: shown only while that view is. */
  const [hint, setHint] = useState<{ view: unknown; result?: HintResult; error?: string } | null>(null);
  const [asking, setAsking] = useState(false);

  useEffect(() => {
    const onFocus = (e: FocusEvent) => {
      focusInPanel.current = e.target instanceof Element && e.target.closest('[data-testid="decision-panel"]') !== null;
    };
    document.addEventListener('focusin', onFocus);
    return () => document.removeEventListener('focusin', onFocus);
  }, []);

  // Keyboard: after each choice the focus goes to the decision panel, and it stays there while the
  // others play (a re-rendered panel would otherwise drop it to the page's body).
  useLayoutEffect(() => {
    if (!snap) return;
    const lost = document.activeElement === null || document.activeElement === document.body;
    if (refocus.current) {
      if (focusDecision(screenRef.current, refocus.current.scroll)) refocus.current = null;
    } else if (lost && focusInPanel.current) {
      focusDecision(screenRef.current, false);
    }
  }, [snap]);
  const alert = useTurnAlert(snap);

  useEffect(
    () =>
      session.subscribe((s) => {
        arrivedAt.current = performance.now();
        setSnap(s);
      }, setError),
    [session],
  );

  // Painted state follows the click: record how long that took, for the browser benchmark.
  useLayoutEffect(() => {
    if (clickedAt.current === null || !snap) return;
    const started = clickedAt.current;
    const arrived = arrivedAt.current;
    clickedAt.current = null;
    requestAnimationFrame(() => {
      const now = performance.now();
      (window.__expeditionTimings ??= []).push(now - started);
      (window.__expeditionRenderTimings ??= []).push(now - arrived);
    });
  }, [snap]);

  const choose = useCallback(
    (c: SessionTypes['choice']) => {
      if (busy) return;
      setBusy(true);
      setError(null);
      clickedAt.current = performance.now();
      // A keyboard user's focus is visible; a click or a tap leaves none.
      refocus.current = { scroll: document.activeElement?.matches(':focus-visible') ?? false };
      session
        .choose(c)
        .catch((e: unknown) => {
          clickedAt.current = null;
          refocus.current = null;
          setError(e instanceof Error ? e.message : String(e));
        })
        .finally(() => setBusy(false));
    },
    [busy, session],
  );

  const undo = useCallback(() => {
    setBusy(true);
    session
      .undo()
      .catch((e: unknown) => setError(e instanceof Error ? e.message : String(e)))
      .finally(() => setBusy(false));
  }, [session]);

  const askHint = useCallback(() => {
    const ask = session.hint?.bind(session);
    if (!ask || !snap) return;
    const view = snap.view;
    setAsking(true);
    setHint(null);
    ask()
      .then((result) => setHint({ view, result }))
      .catch((e: unknown) => setHint({ view, error: e instanceof Error ? e.message : String(e) }))
      .finally(() => setAsking(false));
  }, [session, snap]);

  const { game, error: gameError } = useClientGame(snap?.view.game);

  if (!snap || !game) {
    const failure = error ?? gameError;
    return <p className="loading">{failure ? t('error', { message: failure }) : t('loading')}</p>;
  }
  const { view } = snap;
  const acting = view.toAct;
  // While a bot plays this player's seat the page shows the game but offers no choice of its own.
  const botPlays = botPlaysMine(snap);
  // A hint is for the state it was asked in: any new view (a move, an undo) takes it away.
  const current = hint?.view === view ? hint : null;
  const shownHint = current?.result && current.result.move === snap.moves ? current.result : null;
  const hintBar =
    session.hint && !botPlays && hintAllowed(snap) ? (
      <HintBar game={view.game} hint={shownHint} asking={asking} error={current?.error ?? null} onAsk={askHint} />
    ) : null;
  return (
    <div ref={screenRef} className="game-screen" data-testid="game-screen" data-decision={view.decision ?? 'over'} data-moves={snap.moves}>
      <SkipToDecision screen={screenRef} />
      <div className="status-bar" role="status" aria-live="polite">
        {view.result ? (
          <strong>{t('game:status.over')}</strong>
        ) : acting !== null ? (
          <span className="to-act" style={{ borderColor: seatStyle(acting).colour }}>
            {acting === snap.seat
              ? t(botPlays ? 'game:status.botPlaysYou' : 'game:status.yourTurn')
              : t('game:status.waiting', { name: seatName(snap.seats, acting, t) })}
          </span>
        ) : null}
        <game.Progress view={view} />
        {snap.rated && isGameId(view.game) && (
          <a href={helpHref(view.game, 'ratings')} className="rated-mark" data-testid="table-rated">
            {t('ratings:rated.badge')}
          </a>
        )}
        <RulesHelp game={view.game} />
        {snap.seat !== null && !view.result && <TurnAlertControls alert={alert} />}
      </div>
      {error && (
        <div className="error-banner" role="alert">
          {t('error', { message: error })}
          <button type="button" onClick={() => setError(null)} aria-label="×">
            ×
          </button>
        </div>
      )}
      <HintContext.Provider value={shownHint ? choiceJson(shownHint.choice) : null}>
        <HintBarSlot.Provider value={hintBar}>
          <EndActionsSlot.Provider value={endActions ?? null}>
            <game.Table
              view={view}
              seat={snap.seat}
              seats={snap.seats}
              log={snap.log}
              choose={choose}
              busy={busy || botPlays}
              canUndo={snap.canUndo && !botPlays}
              onUndo={undo}
              aside={aside}
            />
          </EndActionsSlot.Provider>
        </HintBarSlot.Provider>
      </HintContext.Provider>
    </div>
  );
}
