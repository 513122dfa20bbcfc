import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { breakdownOf, fallsOf, FLAG_DROP } from '../../../src/bots/analysis.js';
import type { Choice } from '../../../src/core/game.js';
import type { ClientGame, GameTypes } from '../game-types.js';
import { seatName } from '../game/names.js';
import { seatStyle, shapePath } from '../game/seat-style.js';
import type { SeatInfo } from '../net/session.js';
import type { FromAnalysis, StartAnalysis } from './analysis-run.js';
import { afterMessage, changesOf, curveOf, decisionAt, decisionsOf, flaggedFor, type AnalysisState } from './analysis-view.js';
import { breakdownText, fallItem, moveEffect } from './analysis-words.js';
import type { Timeline } from './timeline.js';
import { WinChart } from './WinChart.js';

/** The page's end of the analysis worker (a Worker, or an in-thread stand-in in tests). */
export interface AnalysisPort {
  postMessage(m: StartAnalysis): void;
  onmessage: ((e: MessageEvent<FromAnalysis>) => void) | null;
  onerror?: ((e: ErrorEvent) => void) | null;
  terminate(): void;
}

export const spawnAnalysisWorker = (): AnalysisPort =>
  new Worker(new URL('./analysis-worker.ts', import.meta.url), { type: 'module', name: 'expedition-analysis' });

type ChoiceLabel = ClientGame<GameTypes>['choiceLabel'];

/** A choice in its game's words (from the spectator's view of its move), or its JSON if they fail. */
function choiceWords(timeline: Timeline, index: number, c: Choice, label: ChoiceLabel, t: TFunction): string {
  try {
    return label(c, timeline.viewAt(index), t);
  } catch {
    // A label is a nicety: the JSON says the same.
    return JSON.stringify(c);
  }
}

export interface AnalysisPanelProps {
  readonly timeline: Timeline;
  readonly seats: readonly SeatInfo[];
  readonly step: number;
  readonly onSeek: (step: number) => void;
  /** Search iterations per decision (the page's default or its test hook). */
  readonly iterations: number;
  /** A choice of the record's game in words (its client's `choiceLabel`). */
  readonly choiceLabel: ChoiceLabel;
  readonly spawn?: () => AnalysisPort;
}

/**
 * "Analyse": runs the post-game analysis in a Web Worker, with a progress bar and a Stop that
 * terminates the worker; draws every seat's winning chance beside the score chart (one
 * distribution per move), says at each move why the chosen seat's chance moved, where it went over
 * the game, the seat's costliest choices and its chance's largest falls, each a jump to its move.
 */
export function AnalysisPanel({ timeline, seats, step, onSeek, iterations, choiceLabel, spawn = spawnAnalysisWorker }: AnalysisPanelProps) {
  const { t } = useTranslation('replay');
  const [seat, setSeat] = useState(0);
  const [state, setState] = useState<AnalysisState>({ kind: 'idle' });
  const port = useRef<AnalysisPort | null>(null);
  const seatId = useId();

  const stop = () => {
    port.current?.terminate();
    port.current = null;
  };
  // Another game starts afresh; leaving the replay stops the searches.
  useEffect(() => {
    setState({ kind: 'idle' });
    return stop;
  }, [timeline]);

  const start = () => {
    stop();
    const p = spawn();
    port.current = p;
    setState({ kind: 'running', done: 0, total: timeline.moves, decisions: [] });
    p.onmessage = (e) => {
      if (port.current !== p) return;
      if (e.data.type !== 'progress') stop();
      setState((s) => afterMessage(s, e.data));
    };
    p.onerror = (e) => {
      if (port.current !== p) return;
      stop();
      setState({ kind: 'error', message: e.message });
    };
    p.postMessage({ type: 'start', record: timeline.record, iterations, seed: 'replay' });
  };

  const onStop = () => {
    stop();
    setState((s) => (s.kind === 'running' ? { ...s, kind: 'stopped' } : s));
  };

  const decisions = decisionsOf(state);
  const flagged = useMemo(() => flaggedFor(decisions, seat), [decisions, seat]);
  const curve = curveOf(state);
  const changes = useMemo(() => changesOf(state), [state]);
  const falls = useMemo(() => fallsOf(changes, seat), [changes, seat]);
  const name = (s: number) => seatName(seats, s, t);
  const here = decisionAt(decisions, step);
  const change = changes[step]?.index === step ? changes[step] : undefined;
  const mine = here?.seat === seat ? here : undefined;
  const running = state.kind === 'running';
  const row = curve[step];

  return (
    <section className="analysis-panel" aria-labelledby={`${seatId}-title`} data-testid="analysis" data-state={state.kind}>
      <h2 id={`${seatId}-title`} tabIndex={-1}>
        {t('analysis.title')}
      </h2>
      <p className="analysis-notice" data-testid="analysis-notice">
        {t('analysis.notice')}
      </p>
      <div className="analysis-controls">
        <label htmlFor={`${seatId}-seat`}>{t('analysis.seat')}</label>
        <select id={`${seatId}-seat`} value={seat} onChange={(e) => setSeat(Number(e.target.value))} data-testid="analysis-seat">
          {seats.map((s) => (
            <option key={s.seat} value={s.seat}>
              {name(s.seat)}
            </option>
          ))}
        </select>
        {running ? (
          <button type="button" className="secondary" onClick={onStop} data-testid="analysis-stop">
            {t('analysis.stop')}
          </button>
        ) : (
          <button type="button" onClick={start} data-testid="analysis-start">
            {state.kind === 'idle' ? t('analysis.start') : t('analysis.restart')}
          </button>
        )}
      </div>
      {(state.kind === 'running' || state.kind === 'stopped') && (
        <div className="analysis-progress">
          <div
            role="progressbar"
            aria-label={t('analysis.progressLabel')}
            aria-valuemin={0}
            aria-valuemax={state.total}
            aria-valuenow={state.done}
            aria-valuetext={t('analysis.progress', { done: state.done, total: state.total })}
            data-testid="analysis-progress"
            className="analysis-bar"
          >
            <div style={{ width: `${state.total === 0 ? 100 : (100 * state.done) / state.total}%` }} />
          </div>
          <span aria-live="polite">
            {state.kind === 'stopped'
              ? t('analysis.stopped', { done: state.done, total: state.total })
              : t('analysis.progress', { done: state.done, total: state.total })}
          </span>
        </div>
      )}
      {state.kind === 'error' && (
        <p role="alert" data-testid="analysis-error">
          {t('analysis.error', { message: state.message })}
        </p>
      )}
      {state.kind === 'done' && (
        <p aria-live="polite" data-testid="analysis-done">
          {t('analysis.done', { total: state.analysis.decisions.length, iterations: state.analysis.iterations })}
        </p>
      )}
      {state.kind !== 'idle' && state.kind !== 'error' && (
        <>
          <WinChart curve={curve} moves={timeline.moves} seats={seats} flagged={flagged} step={step} onSeek={onSeek} />
          <ul className="score-legend" data-testid="analysis-legend">
            {seats.map((s) => {
              const st = seatStyle(s.seat);
              return (
                <li key={s.seat}>
                  <svg width={18} height={18} viewBox="-9 -9 18 18" aria-hidden="true">
                    <path d={shapePath(st.shape, 7)} fill={st.colour} stroke={st.ink} strokeWidth={1.5} />
                  </svg>
                  <span className="legend-name">{name(s.seat)}</span>
                  <span className="legend-vp" data-testid={`analysis-chance-${s.seat}`}>
                    {row ? t('analysis.chance', { pct: row[s.seat] ?? 0 }) : '–'}
                  </span>
                </li>
              );
            })}
          </ul>
          <div className="analysis-current" data-testid="analysis-current">
            {here ? (
              <>
                <p>
                  {t('analysis.chose', {
                    name: name(here.seat),
                    move: step,
                    choice: choiceWords(timeline, step, here.choice, choiceLabel, t),
                  })}
                </p>
                {mine &&
                  (mine.forced ? (
                    <p data-testid="analysis-estimate">{t('analysis.forced')}</p>
                  ) : (
                    <>
                      <p data-testid="analysis-estimate">
                        {t('analysis.estimate', { name: name(seat), before: mine.before, after: mine.after })}
                      </p>
                      <p className={mine.flagged ? 'analysis-flagged' : undefined} data-testid="analysis-cost">
                        {mine.drop > 0 ? t('analysis.cost', { drop: mine.drop }) : t('analysis.costNone')}
                      </p>
                      <p>
                        {JSON.stringify(mine.preferred) === JSON.stringify(mine.choice)
                          ? t('analysis.agrees')
                          : t('analysis.preferred', { choice: choiceWords(timeline, step, mine.preferred, choiceLabel, t) })}
                      </p>
                    </>
                  ))}
                {change && (
                  <p data-testid="analysis-effect">
                    {moveEffect(t, name, seat, change, curve[step]?.[seat] ?? 0, curve[step + 1]?.[seat] ?? 0)}
                  </p>
                )}
              </>
            ) : (
              <p>{step >= timeline.moves ? t('analysis.end') : running ? t('analysis.notYet') : t('analysis.notAnalysed')}</p>
            )}
          </div>
          <h3>{t('analysis.breakdownTitle', { name: name(seat) })}</h3>
          <p data-testid="analysis-breakdown">
            {breakdownText(t, name, seat, breakdownOf(changes, curve, seat, seats.length), state.kind === 'done')}
          </p>
          <h3>{t('analysis.flaggedTitle', { name: name(seat), flag: FLAG_DROP })}</h3>
          {flagged.length === 0 ? (
            <p data-testid="analysis-no-flags">{t('analysis.noFlags')}</p>
          ) : (
            <ol className="analysis-flags" data-testid="analysis-flags">
              {flagged.map((d) => (
                <li key={d.index}>
                  <button
                    type="button"
                    className="secondary"
                    onClick={() => onSeek(d.index)}
                    aria-current={d.index === step ? 'step' : undefined}
                    data-testid={`analysis-flag-${d.index}`}
                  >
                    {t('analysis.flagItem', { move: d.index, before: d.before, after: d.after, drop: d.drop })}
                  </button>
                </li>
              ))}
            </ol>
          )}
          <h3>{t('analysis.fallsTitle', { name: name(seat), flag: FLAG_DROP })}</h3>
          {falls.length === 0 ? (
            <p data-testid="analysis-no-falls">{t('analysis.noFalls')}</p>
          ) : (
            <ol className="analysis-flags" data-testid="analysis-falls">
              {falls.map((f) => (
                <li key={f.index}>
                  <button
                    type="button"
                    className="secondary"
                    onClick={() => onSeek(f.index)}
                    aria-current={f.index === step ? 'step' : undefined}
                    data-testid={`analysis-fall-${f.index}`}
                    data-cause={f.mover === seat ? 'own' : f.byChoice === 0 ? 'chance' : 'other'}
                  >
                    {fallItem(t, name, f, decisionAt(decisions, f.index))}
                  </button>
                </li>
              ))}
            </ol>
          )}
        </>
      )}
    </section>
  );
}
