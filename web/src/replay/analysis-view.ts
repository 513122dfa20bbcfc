import {
  DEFAULT_ANALYSIS_ITERATIONS,
  MIN_ANALYSIS_ITERATIONS,
  moveChanges,
  type DecisionAnalysis,
  type GameAnalysis,
  type MoveChange,
} from '../../../src/bots/analysis.js';
import type { FromAnalysis } from './analysis-run.js';

/** The most iterations a page may ask for: about a minute for a long 4-player game on a phone. */
export const MAX_PAGE_ITERATIONS = 1000;

/**
 * Iterations per decision for the page: the default, or the test hook `?analysisIterations=N`
 * (clamped to MIN_ANALYSIS_ITERATIONS–MAX_PAGE_ITERATIONS; anything that is not a number is ignored).
 */
export function pageIterations(search: string): number {
  const raw = new URLSearchParams(search).get('analysisIterations');
  const n = raw === null || raw.trim() === '' ? NaN : Number(raw);
  if (!Number.isFinite(n)) return DEFAULT_ANALYSIS_ITERATIONS;
  return Math.max(MIN_ANALYSIS_ITERATIONS, Math.min(MAX_PAGE_ITERATIONS, Math.round(n)));
}

/** What the panel holds: nothing yet, a run under way or stopped (its decisions so far), a whole analysis, or a failure. */
export type AnalysisState =
  | { readonly kind: 'idle' }
  | { readonly kind: 'running' | 'stopped'; readonly done: number; readonly total: number; readonly decisions: readonly DecisionAnalysis[] }
  | { readonly kind: 'done'; readonly analysis: GameAnalysis }
  | { readonly kind: 'error'; readonly message: string };

/** The decisions known in a state, in record order. */
export function decisionsOf(s: AnalysisState): readonly DecisionAnalysis[] {
  if (s.kind === 'done') return s.analysis.decisions;
  if (s.kind === 'running' || s.kind === 'stopped') return s.decisions;
  return [];
}

/** Every seat's winning chance per step as far as known: the finished analysis's curve, else the decisions' estimates. */
export function curveOf(s: AnalysisState): readonly (readonly number[])[] {
  return s.kind === 'done' ? s.analysis.curve : decisionsOf(s).map((d) => d.chances);
}

/** Each move's change of the curve as far as known: a move's needs the step after it. */
export function changesOf(s: AnalysisState): readonly MoveChange[] {
  return s.kind === 'done' ? s.analysis.changes : moveChanges(decisionsOf(s));
}

/** A seat's flagged decisions, largest drop first (ties: earlier first). */
export function flaggedFor(decisions: readonly DecisionAnalysis[], seat: number): DecisionAnalysis[] {
  return decisions.filter((d) => d.flagged && d.seat === seat).sort((a, b) => b.drop - a.drop || a.index - b.index);
}

/** The decision owed at `step` (the position after `step` choices), when it is known. */
export function decisionAt(decisions: readonly DecisionAnalysis[], step: number): DecisionAnalysis | undefined {
  const d = decisions[step];
  return d?.index === step ? d : decisions.find((x) => x.index === step);
}

/** The state after one message of the worker. */
export function afterMessage(s: AnalysisState, m: FromAnalysis): AnalysisState {
  switch (m.type) {
    case 'progress':
      return { kind: 'running', done: m.done, total: m.total, decisions: [...decisionsOf(s), m.decision] };
    case 'done':
      return { kind: 'done', analysis: m.analysis };
    case 'error':
      return { kind: 'error', message: m.message };
  }
}
