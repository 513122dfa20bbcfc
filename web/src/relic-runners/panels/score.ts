import type { RRView } from '../../../../src/games/relic-runners/view.js';

/** Score categories of the final breakdown, in the order the rules add them (RR-END-3). */
export const SCORE_PARTS = ['play', 'blue', 'relics', 'ivory', 'total'] as const;
export type ScorePart = (typeof SCORE_PARTS)[number];

/** How the winner was found (RR-END-4, D-30): on points, or among tied totals by relics, colours, or a shared win. */
export type TieBreak = 'none' | 'relics' | 'colours' | 'shared';

const relicTotal = (r: Readonly<Record<string, number>>) => Object.values(r).reduce((a, b) => a + b, 0);
const relicColours = (r: Readonly<Record<string, number>>) => Object.values(r).filter((n) => n > 0).length;

export function tieBreak(view: RRView): { kind: TieBreak; total: number } {
  const scores = view.result?.scores ?? [];
  if (scores.length === 0) return { kind: 'none', total: 0 };
  const best = Math.max(...scores.map((s) => s.total));
  const tied = scores.flatMap((s, i) => (s.total === best ? [i] : []));
  if (tied.length < 2) return { kind: 'none', total: best };
  const relics = tied.map((i) => relicTotal(view.players[i]!.relics));
  const mostRelics = Math.max(...relics);
  const left = tied.filter((_, k) => relics[k] === mostRelics);
  if (left.length === 1) return { kind: 'relics', total: best };
  const colours = left.map((i) => relicColours(view.players[i]!.relics));
  const mostColours = Math.max(...colours);
  return { kind: colours.filter((c) => c === mostColours).length === 1 ? 'colours' : 'shared', total: best };
}
