import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import '../game/game.css';
import { ReplayStep } from '../game/replay-context.js';
import type { ClientGame, GameTypes } from '../game-types.js';
import { RulesHelp } from '../help/RulesHelp.js';
import type { SeatInfo } from '../net/session.js';
import { listSaves, readSave } from '../offline/saves.js';
import { loadClient } from '../registry.js';
import { AnalysisPanel } from './AnalysisPanel.js';
import { ANALYSIS_HASH } from './links.js';
import { pageIterations } from './analysis-view.js';
import { ScoreChart } from './ScoreChart.js';
import { Timeline } from './timeline.js';
import './replay.css';

/** A finished server game, or an offline game saved on this device (its slot; the latest played without one). */
export type ReplaySource = { kind: 'local'; slot?: string } | { kind: 'server'; id: string };

type Loaded =
  | { readonly kind: 'loading' }
  | { readonly kind: 'error'; readonly key: string; readonly detail?: string }
  | { readonly kind: 'ready'; readonly timeline: Timeline; readonly seats: readonly SeatInfo[]; readonly game: ClientGame<GameTypes> };

const defaultSeats = (n: number): SeatInfo[] => Array.from({ length: n }, (_, seat) => ({ seat, kind: 'human', connected: true }));

/** Fetches a finished server game's record (409 while it is still being played) and its seat names. */
async function loadServer(id: string): Promise<Loaded> {
  const res = await fetch(`/api/games/${encodeURIComponent(id)}/record`);
  if (res.status === 409) return { kind: 'error', key: 'notOver' };
  if (res.status === 404) return { kind: 'error', key: 'notFound' };
  if (!res.ok) return { kind: 'error', key: 'failed', detail: `HTTP ${res.status}` };
  const record: unknown = await res.json();
  const timeline = await Timeline.load(record);
  let seats: readonly SeatInfo[] = defaultSeats(timeline.record.seats);
  try {
    const sum = await fetch(`/api/games/${encodeURIComponent(id)}`);
    if (sum.ok) {
      const body = (await sum.json()) as { seats?: SeatInfo[] };
      if (Array.isArray(body.seats) && body.seats.length === timeline.record.seats) seats = body.seats;
    }
  } catch {
    // Names are a nicety: the replay works with "Player A", "Player B", …
  }
  return { kind: 'ready', timeline, seats, game: await loadClient(timeline.record.game) };
}

/** An offline game saved on this device, once it is over. */
async function loadLocal(slot: string | undefined): Promise<Loaded> {
  const which = slot ?? listSaves()[0]?.slot;
  if (which === undefined) return { kind: 'error', key: 'noLocal' };
  const saved = readSave(which);
  if (saved.kind === 'none') return { kind: 'error', key: 'noLocal' };
  if (saved.kind === 'corrupt') return { kind: 'error', key: 'failed', detail: saved.reason };
  const timeline = await Timeline.load(saved.record);
  if (!timeline.over) return { kind: 'error', key: 'localNotOver' };
  const seats = saved.record.players.map((p, seat): SeatInfo => ({ seat, kind: p.kind, name: p.name, bot: p.bot, connected: true }));
  return { kind: 'ready', timeline, seats, game: await loadClient(timeline.record.game) };
}

/** Step through a finished game from its record, replayed by the engine in the browser. */
export function Replay({ source }: { source: ReplaySource }) {
  const { t } = useTranslation('replay');
  const [loaded, setLoaded] = useState<Loaded>({ kind: 'loading' });
  const serverId = source.kind === 'server' ? source.id : null;
  const localSlot = source.kind === 'local' ? source.slot : undefined;

  useEffect(() => {
    let cancelled = false;
    setLoaded({ kind: 'loading' });
    const work = serverId === null ? loadLocal(localSlot) : loadServer(serverId);
    void work
      .catch((e: unknown): Loaded => ({ kind: 'error', key: 'failed', detail: e instanceof Error ? e.message : String(e) }))
      .then((l) => {
        if (!cancelled) setLoaded(l);
      });
    return () => {
      cancelled = true;
    };
  }, [serverId, localSlot]);

  if (loaded.kind === 'loading') return <p className="loading">{t('loading')}</p>;
  if (loaded.kind === 'error') {
    return (
      <div className="replay-message" role="alert" data-testid="replay-error">
        <p>{t(`errors.${loaded.key}`)}</p>
        {loaded.detail && <p className="replay-detail">{loaded.detail}</p>}
        {loaded.key === 'notOver' && serverId !== null && <Link href={`/game/${serverId}`}>{t('watchLive')}</Link>}{' '}
        <Link href="/">{t('toLobby')}</Link>
      </div>
    );
  }
  return <ReplayViewer timeline={loaded.timeline} seats={loaded.seats} game={loaded.game} />;
}

const noChoice = () => undefined;

/** Drawn, not typed: the media-control characters are missing from many phone fonts. */
function StepIcon({ kind }: { kind: 'first' | 'back' | 'forward' | 'last' }) {
  const d = {
    first: 'M3 2h2v12H3z M14 2v12L6 8z',
    back: 'M12 2v12L4 8z',
    forward: 'M4 2v12l8-6z',
    last: 'M11 2h2v12h-2z M2 2v12l8-6z',
  }[kind];
  return (
    <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <path d={d} fill="currentColor" />
    </svg>
  );
}

/** Keys that move through the replay (when no form field has the focus). */
export function stepForKey(key: string, step: number, moves: number): number | null {
  switch (key) {
    case 'ArrowLeft':
      return Math.max(0, step - 1);
    case 'ArrowRight':
      return Math.min(moves, step + 1);
    case 'Home':
      return 0;
    case 'End':
      return moves;
    default:
      return null;
  }
}

export interface ReplayViewerProps {
  readonly timeline: Timeline;
  readonly seats: readonly SeatInfo[];
  /** What the pages show of the record's game (registry.ts, loadClient). */
  readonly game: ClientGame<GameTypes>;
}

export function ReplayViewer({ timeline, seats, game }: ReplayViewerProps) {
  const { t } = useTranslation('replay');
  const moves = timeline.moves;
  const [step, setStepRaw] = useState(0);
  const setStep = useCallback((k: number) => setStepRaw(Math.max(0, Math.min(moves, Math.round(k)))), [moves]);
  const view = useMemo(() => timeline.viewAt(step), [timeline, step]);
  // The set-up's entry (move 0) is there from the start.
  const log = useMemo(() => timeline.log.filter((e) => e.move <= step), [timeline, step]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const el = e.target as HTMLElement | null;
      // The slider and form fields handle their own arrows.
      if (el && (el.tagName === 'INPUT' || el.tagName === 'SELECT' || el.tagName === 'TEXTAREA' || el.isContentEditable)) return;
      if (e.altKey || e.ctrlKey || e.metaKey) return;
      const next = stepForKey(e.key, step, moves);
      if (next === null) return;
      e.preventDefault();
      setStep(next);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [step, moves, setStep]);

  // A link to the game's analysis (a profile's finished games) opens the replay at its panel.
  useEffect(() => {
    if (window.location.hash !== ANALYSIS_HASH) return;
    const heading = document.querySelector<HTMLElement>('[data-testid="analysis"] h2');
    heading?.scrollIntoView({ block: 'start' });
    heading?.focus();
  }, []);

  const iterations = useMemo(() => pageIterations(window.location.search), []);
  // A replay is a spectator's table that never offers a choice.
  const table = {
    view,
    seat: null,
    seats,
    log,
    choose: noChoice,
    busy: true,
    canUndo: false,
    onUndo: noChoice,
    aside: (
      <>
        <ScoreChart scores={timeline.scores} seats={seats} step={step} onSeek={setStep} />
        <AnalysisPanel
          timeline={timeline}
          seats={seats}
          step={step}
          onSeek={setStep}
          iterations={iterations}
          choiceLabel={game.choiceLabel}
        />
      </>
    ),
  };
  return (
    <div className="replay game-screen" data-testid="replay" data-step={step} data-moves={moves}>
      <div className="replay-controls status-bar">
        <div className="replay-buttons" role="group" aria-label={t('controls')}>
          <button
            type="button"
            className="secondary"
            onClick={() => setStep(0)}
            disabled={step === 0}
            aria-label={t('first')}
            title={t('first')}
            data-testid="replay-first"
          >
            <StepIcon kind="first" />
          </button>
          <button
            type="button"
            className="secondary"
            onClick={() => setStep(step - 1)}
            disabled={step === 0}
            aria-label={t('back')}
            title={t('back')}
            data-testid="replay-back"
          >
            <StepIcon kind="back" />
          </button>
          <button
            type="button"
            className="secondary"
            onClick={() => setStep(step + 1)}
            disabled={step === moves}
            aria-label={t('forward')}
            title={t('forward')}
            data-testid="replay-forward"
          >
            <StepIcon kind="forward" />
          </button>
          <button
            type="button"
            className="secondary"
            onClick={() => setStep(moves)}
            disabled={step === moves}
            aria-label={t('last')}
            title={t('last')}
            data-testid="replay-last"
          >
            <StepIcon kind="last" />
          </button>
        </div>
        <label className="replay-slider">
          <span className="visually-hidden">{t('slider')}</span>
          <input
            type="range"
            min={0}
            max={moves}
            step={1}
            value={step}
            onChange={(e) => setStep(Number(e.target.value))}
            data-testid="replay-slider"
            aria-valuetext={t('position', { step, moves })}
          />
        </label>
        <span className="replay-position" aria-live="polite" data-testid="replay-position">
          {t('position', { step, moves })}
        </span>
        <span className="turn-no">{game.replayPosition(view, t)}</span>
        <span className="replay-hint">{t('keysHint')}</span>
        <RulesHelp game={view.game} />
      </div>
      <ReplayStep.Provider value={{ step, moves }}>
        <game.Table {...table} />
      </ReplayStep.Provider>
    </div>
  );
}
