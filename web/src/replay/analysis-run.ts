import { analyseSteps, summarise, type DecisionAnalysis, type GameAnalysis } from '../../../src/bots/analysis.js';
import type { MatchRecord } from '../../../src/core/match.js';
import { gameById } from '../../../src/bots/registry.js';

/** What the page asks the analysis worker: one analysis per worker (the page terminates it to stop). */
export interface StartAnalysis {
  readonly type: 'start';
  readonly record: MatchRecord;
  readonly iterations: number;
  readonly seed: string;
}

/** What the worker tells the page: each decision as it is analysed, then the whole analysis, or why it failed. */
export type FromAnalysis =
  | { readonly type: 'progress'; readonly done: number; readonly total: number; readonly decision: DecisionAnalysis }
  | { readonly type: 'done'; readonly analysis: GameAnalysis }
  | { readonly type: 'error'; readonly message: string };

/**
 * The worker's whole job, in a function so that tests run it in the same thread: analyse the record
 * decision by decision, posting each one. It never yields: stopping is the page's `terminate()`.
 */
export function runAnalysis(msg: StartAnalysis, post: (m: FromAnalysis) => void): void {
  try {
    const game = gameById(msg.record.game);
    const opts = { iterations: msg.iterations, seed: msg.seed };
    const decisions: DecisionAnalysis[] = [];
    for (const step of analyseSteps(game, msg.record, opts)) {
      decisions.push(step.decision);
      post({ type: 'progress', done: step.done, total: step.total, decision: step.decision });
    }
    post({ type: 'done', analysis: summarise(game, msg.record, decisions, opts) });
  } catch (e) {
    post({ type: 'error', message: e instanceof Error ? e.message : String(e) });
  }
}
