import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CHART_PAD, ChartAxes } from './ChartAxes.js';
import type { DecisionAnalysis } from '../../../src/bots/analysis.js';
import { seatName } from '../game/names.js';
import { seatStyle, shapePath } from '../game/seat-style.js';
import type { SeatInfo } from '../net/session.js';
import { markerSteps, seekOnClick } from './ScoreChart.js';

// The score chart's size, so the two read alike side by side and on a phone.
const W = 360;
const H = 200;
const PAD = CHART_PAD;
const Y_TICKS = [0, 25, 50, 75, 100];

export interface WinChartProps {
  /** Per step analysed so far (0..), each seat's winning chance in % (each step adds up to 100). */
  readonly curve: readonly (readonly number[])[];
  /** The game's length: the x axis spans it even while the analysis is under way. */
  readonly moves: number;
  readonly seats: readonly SeatInfo[];
  /** The chosen seat's flagged decisions, marked on its line. */
  readonly flagged: readonly DecisionAnalysis[];
  readonly step: number;
  readonly onSeek: (step: number) => void;
}

/**
 * Every seat's winning chance over the game, as the analysis estimated it: at each step one
 * distribution, so the lines always add up to 100 %. Flagged decisions are marks to click.
 */
export function WinChart({ curve, moves, seats, flagged, step, onSeek }: WinChartProps) {
  const { t } = useTranslation('replay');
  const nSeats = seats.length;
  const iw = W - PAD.left - PAD.right;
  const ih = H - PAD.top - PAD.bottom;
  const x = (k: number) => PAD.left + (moves === 0 ? 0 : (k / moves) * iw);
  const y = (v: number) => PAD.top + ih - (Math.max(0, Math.min(100, v)) / 100) * ih;
  const cur = Math.max(0, Math.min(moves, step));
  const known = Math.min(cur, curve.length - 1);
  const seatList = Array.from({ length: nSeats }, (_, s) => s);
  const summary = seatList.map((s) => `${seatName(seats, s, t)} ${curve[known]?.[s] ?? '?'} %`).join(', ');
  const seek = seekOnClick(moves, W, PAD.left, iw, onSeek);

  return (
    <figure className="score-chart win-chart" data-testid="win-chart" data-points={curve.length}>
      <figcaption>{t('analysis.chartTitle')}</figcaption>
      <svg
        viewBox={`0 0 ${W} ${H}`}
        role="img"
        aria-label={t('analysis.chartSummary', { step: cur, moves, chances: summary })}
        onClick={seek}
      >
        <title>{t('analysis.chartTitle')}</title>
        <ChartAxes
          width={W}
          height={H}
          yTicks={Y_TICKS}
          y={y}
          xTicks={markerSteps(moves, 4)}
          x={x}
          xLabel={t('chart.xAxis')}
          yLabel={t('analysis.yAxis')}
        />
        <line x1={x(cur)} x2={x(cur)} y1={PAD.top} y2={PAD.top + ih} stroke="#23201a" strokeDasharray="4 3" strokeWidth={1.5} />
        {seatList.map((s) => {
          const st = seatStyle(s);
          const points = curve.map((row, k) => `${x(k).toFixed(1)},${y(row[s] ?? 0).toFixed(1)}`).join(' ');
          return (
            <g key={s} data-testid={`win-line-${s}`} data-values={curve.map((row) => row[s] ?? 0).join(' ')}>
              <polyline points={points} fill="none" stroke={st.colour} strokeWidth={2} strokeLinejoin="round" />
              {curve.length > 0 && (
                <path
                  d={shapePath(st.shape, 5)}
                  transform={`translate(${x(known)} ${y(curve[known]?.[s] ?? 0)})`}
                  fill={st.colour}
                  stroke="#23201a"
                  strokeWidth={1.5}
                />
              )}
            </g>
          );
        })}
        {flagged.map((d) => (
          <circle
            key={d.index}
            className="flag-mark"
            data-testid={`flag-mark-${d.index}`}
            cx={x(d.index)}
            cy={y(curve[d.index]?.[d.seat] ?? d.before)}
            r={6}
            fill="#fff"
            stroke="#b3261e"
            strokeWidth={3}
            onClick={(e: MouseEvent) => {
              // The mark, not the point under it: jump to the decision itself.
              e.stopPropagation();
              onSeek(d.index);
            }}
          >
            <title>{t('analysis.flagItem', { move: d.index, before: d.before, after: d.after, drop: d.drop })}</title>
          </circle>
        ))}
      </svg>
    </figure>
  );
}
