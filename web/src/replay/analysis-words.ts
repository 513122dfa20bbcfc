import type { TFunction } from 'i18next';
import type { Breakdown, DecisionAnalysis, Fall, MoveChange } from '../../../src/bots/analysis.js';

/**
 * The analysis in words: signed percentage points, why a seat's chance moved at one move, and where
 * it went over the game. Pure functions of the analysis and the translation, so the panel stays small.
 */

/** Signed percentage points in the page's number format, with a true minus sign: "+3.5 pp", "−12 pp". */
export function signedPp(t: TFunction, x: number): string {
  if (x === 0) return t('analysis.ppZero');
  return t('analysis.pp', { sign: x < 0 ? '−' : '+', value: Math.abs(x) });
}

/**
 * Why `seat`'s chance changed at one move: the mover's choice (for the seat's own move, with
 * `decision` given, how it compared with the bot's by what the seat knew) and chance. One cause is
 * named alone; two come with their percentage points.
 */
export function causes(
  t: TFunction,
  name: (s: number) => string,
  seat: number,
  mover: number,
  byChoice: number,
  byChance: number,
  decision: DecisionAnalysis | undefined,
): string {
  const both = byChoice !== 0 && byChance !== 0;
  const out: string[] = [];
  if (byChoice !== 0 || byChance === 0) {
    const cause = mover === seat ? t('analysis.causeOwn') : t('analysis.causeChoice', { mover: name(mover) });
    let part = both ? t('analysis.withPp', { cause, pp: signedPp(t, byChoice) }) : cause;
    if (mover === seat && decision && !decision.forced) {
      part =
        decision.drop > 0
          ? t('analysis.judgedCost', { part, name: name(seat), drop: decision.drop })
          : t('analysis.judgedNone', { part, name: name(seat) });
    }
    out.push(part);
  }
  if (byChance !== 0) {
    const cause = t('analysis.causeChance');
    out.push(both ? t('analysis.withPp', { cause, pp: signedPp(t, byChance) }) : cause);
  }
  return out.join(', ');
}

/** What one move did to `seat`'s chance, and why (the judgement of an own choice is said beside it, not here). */
export function moveEffect(t: TFunction, name: (s: number) => string, seat: number, change: MoveChange, from: number, to: number): string {
  const byChoice = change.byChoice[seat] ?? 0;
  const byChance = change.byChance[seat] ?? 0;
  if (byChoice === 0 && byChance === 0) return t('analysis.effectSame', { name: name(seat), from });
  const total = Math.round((byChoice + byChance) * 10) / 10;
  return t('analysis.effect', {
    name: name(seat),
    from,
    to,
    change: signedPp(t, total),
    why: causes(t, name, seat, change.seat, byChoice, byChance, undefined),
  });
}

/** One fall of `f.seat`'s chance, as its list item says it. */
export function fallItem(t: TFunction, name: (s: number) => string, f: Fall, decision: DecisionAnalysis | undefined): string {
  return t('analysis.fallItem', {
    move: f.index,
    total: signedPp(t, f.total),
    why: causes(t, name, f.seat, f.mover, f.byChoice, f.byChance, decision),
  });
}

/** Where `seat`'s chance went: its own choices, each other seat's moves, chance. */
export function breakdownText(t: TFunction, name: (s: number) => string, seat: number, b: Breakdown, over: boolean): string {
  const parts = [t('analysis.withPp', { cause: t('analysis.causeOwnMoves'), pp: signedPp(t, b.own) })];
  b.others.forEach((x, q) => {
    if (q !== seat) parts.push(t('analysis.withPp', { cause: t('analysis.causeMoves', { mover: name(q) }), pp: signedPp(t, x) }));
  });
  parts.push(t('analysis.withPp', { cause: t('analysis.causeChance'), pp: signedPp(t, b.chance) }));
  return t(over ? 'analysis.breakdownEnd' : 'analysis.breakdownSoFar', { from: b.from, to: b.to, parts: parts.join(', ') });
}
