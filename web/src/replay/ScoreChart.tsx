import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CHART_PAD, ChartAxes } from './ChartAxes.js';
import { seatName } from '../game/names.js';
import { seatStyle, shapePath } from '../game/seat-style.js';
import type { SeatInfo } from '../net/session.js';

// Drawn at about the width of the side panel, so that its text stays readable at 1:1.
const W = 360;
const H = 220;
const PAD = CHART_PAD;
/** Seat markers along each line, besides the current step's: enough to tell the lines apart without colour. */
const MARKERS = 8;

/** A round step for the VP axis, giving about five grid lines. */
export function niceStep(max: number): number {
  const raw = Math.max(1, max) / 5;
  const mag = 10 ** Math.floor(Math.log10(raw));
  for (const m of [1, 2, 5, 10]) if (raw <= m * mag) return m * mag;
  return 10 * mag;
}

/** Steps at which markers sit: evenly spread, always including the first and the last. */
export function markerSteps(moves: number, count = MARKERS): number[] {
  if (moves <= 0) return [0];
  const out = new Set<number>();
  for (let i = 0; i <= count; i++) out.add(Math.round((i * moves) / count));
  return [...out];
}

/**
 * A chart's click handler that jumps to the step under the pointer: `width` is the chart's viewBox
 * width, the steps 0..moves spread over [left, left + inner].
 */
export function seekOnClick(moves: number, width: number, left: number, inner: number, onSeek?: (step: number) => void) {
  return (e: MouseEvent<SVGSVGElement>) => {
    if (!onSeek || moves === 0) return;
    const box = e.currentTarget.getBoundingClientRect();
    if (box.width === 0) return;
    const vx = ((e.clientX - box.left) / box.width) * width;
    onSeek(Math.round(Math.max(0, Math.min(1, (vx - left) / inner)) * moves));
  };
}

export interface ScoreChartProps {
  /** Per step (0..moves), each seat's VP. */
  readonly scores: readonly (readonly number[])[];
  readonly seats: readonly SeatInfo[];
  /** The step on screen, marked on the chart. */
  readonly step: number;
  /** Jump to a step (clicking the chart). */
  readonly onSeek?: (step: number) => void;
}

/** VP of every seat over the game: one line per seat in its colour, its shape as markers. */
export function ScoreChart({ scores, seats, step, onSeek }: ScoreChartProps) {
  const { t } = useTranslation('replay');
  const moves = Math.max(0, scores.length - 1);
  const nSeats = scores[0]?.length ?? 0;
  const top = Math.max(1, ...scores.flat());
  const yStep = niceStep(top);
  const yMax = Math.ceil(top / yStep) * yStep;
  const iw = W - PAD.left - PAD.right;
  const ih = H - PAD.top - PAD.bottom;
  const x = (k: number) => PAD.left + (moves === 0 ? 0 : (k / moves) * iw);
  const y = (v: number) => PAD.top + ih - (Math.max(0, v) / yMax) * ih;
  const yTicks = Array.from({ length: Math.round(yMax / yStep) + 1 }, (_, i) => i * yStep);
  const xTicks = markerSteps(moves, 4);
  const marks = markerSteps(moves);
  const cur = Math.max(0, Math.min(moves, step));
  const seatList = Array.from({ length: nSeats }, (_, s) => s);
  const summary = seatList.map((s) => `${seatName(seats, s, t)} ${scores[cur]?.[s] ?? 0}`).join(', ');

  const seek = seekOnClick(moves, W, PAD.left, iw, onSeek);

  return (
    <figure className="score-chart" data-testid="score-chart">
      <figcaption>{t('chart.title')}</figcaption>
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={t('chart.summary', { step: cur, moves, scores: summary })} onClick={seek}>
        <title>{t('chart.title')}</title>
        <ChartAxes width={W} height={H} yTicks={yTicks} y={y} xTicks={xTicks} x={x} xLabel={t('chart.xAxis')} yLabel={t('chart.yAxis')} />
        <line
          className="current-step"
          x1={x(cur)}
          x2={x(cur)}
          y1={PAD.top}
          y2={PAD.top + ih}
          stroke="#23201a"
          strokeDasharray="4 3"
          strokeWidth={1.5}
        />
        {seatList.map((s) => {
          const st = seatStyle(s);
          const points = scores.map((row, k) => `${x(k).toFixed(1)},${y(row[s] ?? 0).toFixed(1)}`).join(' ');
          return (
            <g key={s} data-testid={`score-line-${s}`}>
              <polyline points={points} fill="none" stroke={st.colour} strokeWidth={2} strokeLinejoin="round" />
              {marks.map((k) => (
                <path
                  key={k}
                  d={shapePath(st.shape, 3.5)}
                  transform={`translate(${x(k)} ${y(scores[k]?.[s] ?? 0)})`}
                  fill={st.colour}
                  stroke={st.ink}
                  strokeWidth={1}
                />
              ))}
              <path
                d={shapePath(st.shape, 5.5)}
                transform={`translate(${x(cur)} ${y(scores[cur]?.[s] ?? 0)})`}
                fill={st.colour}
                stroke="#23201a"
                strokeWidth={2}
              />
            </g>
          );
        })}
      </svg>
      <ul className="score-legend">
        {seatList.map((s) => {
          const st = seatStyle(s);
          return (
            <li key={s}>
              <svg width={18} height={18} viewBox="-9 -9 18 18" aria-hidden="true">
                <path d={shapePath(st.shape, 7)} fill={st.colour} stroke={st.ink} strokeWidth={1.5} />
              </svg>
              <span className="legend-name">{seatName(seats, s, t)}</span>
              <span className="legend-vp">{t('chart.vp', { vp: scores[cur]?.[s] ?? 0 })}</span>
            </li>
          );
        })}
      </ul>
    </figure>
  );
}
