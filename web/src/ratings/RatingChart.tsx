import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { RatingPoint } from '../net/ratings.js';
import { ratingNumber } from './rating-format.js';

/** The chart's drawing box (the SVG scales it to the width it is given). */
export const CHART = { width: 300, height: 90, pad: 6 } as const;

export interface ChartGeometry {
  /** The rating after each game, as a polyline's points. */
  readonly line: string;
  /** The band of rating ± deviation around it, as a closed path. */
  readonly band: string;
  /** The last point, marked with a dot. */
  readonly last: { readonly x: number; readonly y: number } | null;
  /** The lowest and highest values the box shows (the band's extent). */
  readonly low: number;
  readonly high: number;
}

/**
 * Where a history goes in the box: one step per rated game from left to right (games, not days:
 * a week without play is no gap), the rating up, the ± band around it. A single game is drawn in
 * the middle, its ± as a bar.
 */
export function chartGeometry(history: readonly Pick<RatingPoint, 'rating' | 'deviation'>[], box = CHART): ChartGeometry {
  if (history.length === 0) return { line: '', band: '', last: null, low: 0, high: 0 };
  let low = Math.min(...history.map((p) => p.rating - p.deviation));
  let high = Math.max(...history.map((p) => p.rating + p.deviation));
  if (high - low < 1) {
    low -= 1;
    high += 1;
  }
  const innerW = box.width - 2 * box.pad;
  const innerH = box.height - 2 * box.pad;
  const x = (i: number) => (history.length === 1 ? box.width / 2 : box.pad + (i * innerW) / (history.length - 1));
  const y = (v: number) => box.pad + ((high - v) * innerH) / (high - low);
  const r = (n: number) => Math.round(n * 10) / 10;
  const at = (i: number, v: number) => `${r(x(i))},${r(y(v))}`;
  const line = history.map((p, i) => at(i, p.rating)).join(' ');
  const upper = history.map((p, i) => at(i, p.rating + p.deviation));
  const lower = history.map((p, i) => at(i, p.rating - p.deviation)).reverse();
  // A single game's ± is a bar as wide as the dot: a band needs two games to run between.
  const bar = (p: Pick<RatingPoint, 'rating' | 'deviation'>) => {
    const [left, right, top, bottom] = [r(x(0) - 3), r(x(0) + 3), r(y(p.rating + p.deviation)), r(y(p.rating - p.deviation))];
    return `M${left},${top} L${right},${top} L${right},${bottom} L${left},${bottom} Z`;
  };
  const band = history.length === 1 ? bar(history[0]!) : `M${upper.join(' L')} L${lower.join(' L')} Z`;
  const end = history.length - 1;
  return { line, band, last: { x: r(x(end)), y: r(y(history[end]!.rating)) }, low, high };
}

/** What the chart shows, in figures: first and last rating, the highest and the lowest. */
export function historyFacts(history: readonly Pick<RatingPoint, 'rating'>[]) {
  const ratings = history.map((p) => p.rating);
  return {
    count: ratings.length,
    first: ratings[0] ?? 0,
    last: ratings[ratings.length - 1] ?? 0,
    high: Math.max(...ratings),
    low: Math.min(...ratings),
  };
}

/**
 * A player's rating at one game over its rated games: a small line chart with the ± band, named
 * by its title and described, for a screen reader, by the same summary it shows in words below.
 */
export function RatingChart({ gameName, history }: { gameName: string; history: readonly RatingPoint[] }) {
  const { t, i18n } = useTranslation('ratings');
  const id = useId();
  const num = (v: number) => ratingNumber(i18n.language, v);
  if (history.length === 0) return <p className="muted">{t('chart.empty')}</p>;
  const g = chartGeometry(history);
  const f = historyFacts(history);
  const summary = t('chart.summary', {
    count: f.count,
    first: num(f.first),
    last: num(f.last),
    high: num(f.high),
    low: num(f.low),
  });
  return (
    <figure className="rating-chart" data-testid="rating-chart">
      <svg viewBox={`0 0 ${CHART.width} ${CHART.height}`} role="img" aria-labelledby={`${id}-title`} aria-describedby={`${id}-desc`}>
        <title id={`${id}-title`}>{t('chart.title', { game: gameName })}</title>
        <desc id={`${id}-desc`}>{summary}</desc>
        {g.band && <path className="rating-band" d={g.band} />}
        {history.length > 1 && <polyline className="rating-line" points={g.line} />}
        {g.last && <circle className="rating-dot" cx={g.last.x} cy={g.last.y} r={3} />}
      </svg>
      <figcaption className="muted" data-testid="rating-summary">
        {summary}
      </figcaption>
    </figure>
  );
}
