import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import i18n from '../src/i18n/index.js';
import type { DecisionAnalysis, GameAnalysis } from '../../src/bots/analysis.js';
import { decide, botFromSpec } from '../../src/bots/index.js';
import { Match } from '../../src/core/match.js';
import { createRng } from '../../src/core/rng.js';
import { quetzal, type QChoice, type State as QState } from '../../src/games/quetzal/index.js';
import { relicRunners } from '../../src/games/relic-runners/index.js';
import type { SeatInfo } from '../src/net/session.js';
import { AnalysisPanel, type AnalysisPort } from '../src/replay/AnalysisPanel.js';
import { runAnalysis, type FromAnalysis, type StartAnalysis } from '../src/replay/analysis-run.js';
import { afterMessage, decisionAt, flaggedFor, MAX_PAGE_ITERATIONS, pageIterations } from '../src/replay/analysis-view.js';
import { Timeline } from '../src/replay/timeline.js';

vi.setConfig({ testTimeout: 30000 });

const SEATS: SeatInfo[] = [
  { seat: 0, kind: 'human', name: 'Ada', connected: true },
  { seat: 1, kind: 'bot', bot: 'greedy', connected: true },
];

let tl: Timeline;
beforeAll(async () => {
  await i18n.changeLanguage('en');
  // A finished 2-player game: seat 0 plays at random, seat 1 greedy.
  const m = new Match(relicRunners, 2, 'analysis-panel');
  const bots = [botFromSpec('random'), botFromSpec('greedy')];
  const rng = createRng('analysis-panel bots');
  while (!m.over) m.play(decide(relicRunners, m.state, bots[m.toAct()!]!, rng));
  tl = new Timeline(JSON.parse(JSON.stringify(m.record)));
});
afterEach(cleanup);

/** A stand-in worker: `run` answers the start message (in this thread); records terminate(). */
function fakePort(run: (m: StartAnalysis, post: (r: FromAnalysis) => void) => void) {
  const port: AnalysisPort & { terminated: number; started: StartAnalysis[] } = {
    onmessage: null,
    terminated: 0,
    started: [],
    postMessage(m) {
      port.started.push(m);
      // Structured clone, as a real worker's messages are; delivered later, as a worker's are.
      const copy = JSON.parse(JSON.stringify(m)) as StartAnalysis;
      setTimeout(
        () => run(copy, (r) => port.onmessage?.({ data: JSON.parse(JSON.stringify(r)) as FromAnalysis } as MessageEvent<FromAnalysis>)),
        0,
      );
    },
    terminate() {
      port.terminated++;
    },
  };
  return port;
}

const decision = (index: number, seat: number, before: number, after: number): DecisionAnalysis => ({
  index,
  seat,
  choice: { t: 'end' },
  preferred: { t: 'explore' },
  before,
  after,
  drop: Math.round((before - after) * 10) / 10,
  flagged: before - after >= 10,
  forced: false,
  chances: seat === 0 ? [before, 100 - before] : [100 - before, before],
});

describe('analysis panel logic', () => {
  it('the iterations hook: default 300, clamped, garbage ignored', () => {
    expect(pageIterations('')).toBe(300);
    expect(pageIterations('?analysisIterations=40')).toBe(40);
    expect(pageIterations('?analysisIterations=1')).toBe(10);
    expect(pageIterations('?analysisIterations=99999999')).toBe(MAX_PAGE_ITERATIONS);
    expect(pageIterations('?analysisIterations=lots')).toBe(300);
    expect(pageIterations('?analysisIterations=')).toBe(300);
    expect(pageIterations('?analysisIterations=40.6')).toBe(41);
  });

  it('flagged decisions of a seat by drop; the decision at a step; progress messages accumulate', () => {
    const ds = [decision(0, 0, 50, 48), decision(1, 1, 60, 30), decision(2, 0, 55, 40), decision(3, 0, 70, 20), decision(4, 0, 50, 45)];
    expect(flaggedFor(ds, 0).map((d) => d.index)).toEqual([3, 2]);
    expect(flaggedFor(ds, 1).map((d) => d.index)).toEqual([1]);
    expect(decisionAt(ds, 2)?.index).toBe(2);
    expect(decisionAt(ds, 9)).toBeUndefined();
    let s = afterMessage({ kind: 'idle' }, { type: 'progress', done: 1, total: 5, decision: ds[0]! });
    s = afterMessage(s, { type: 'progress', done: 2, total: 5, decision: ds[1]! });
    expect(s).toEqual({ kind: 'running', done: 2, total: 5, decisions: ds.slice(0, 2) });
    expect(afterMessage(s, { type: 'error', message: 'x' })).toEqual({ kind: 'error', message: 'x' });
  });

  it('the worker job analyses every decision, in order, then the whole game', () => {
    const got: FromAnalysis[] = [];
    runAnalysis({ type: 'start', record: tl.record, iterations: 10, seed: 's' }, (m) => got.push(m));
    const progress = got.filter((m) => m.type === 'progress');
    expect(progress.map((m) => m.done)).toEqual(Array.from({ length: tl.moves }, (_, i) => i + 1));
    const last = got.at(-1)!;
    expect(last.type).toBe('done');
    if (last.type === 'done') expect(last.analysis.curve.length).toBe(tl.moves + 1);
    const bad: FromAnalysis[] = [];
    runAnalysis({ type: 'start', record: { ...tl.record, game: 'chess' }, iterations: 10, seed: 's' }, (m) => bad.push(m));
    expect(bad).toHaveLength(1);
    expect(bad[0]!.type).toBe('error');
    if (bad[0]!.type === 'error') expect(bad[0]!.message).toMatch(/unknown game "chess"/);
  });
});

describe('analysis panel', () => {
  it('runs the analysis in the worker to the end: progress bar, curve of every step, the estimate at the current step', async () => {
    const port = fakePort(runAnalysis);
    const onSeek = vi.fn();
    const { rerender } = render(<AnalysisPanel timeline={tl} seats={SEATS} step={0} onSeek={onSeek} iterations={12} spawn={() => port} />);
    expect(screen.getByTestId('analysis-notice').textContent).toMatch(/only from what that player knew at that moment/);
    fireEvent.click(screen.getByTestId('analysis-start'));
    const bar = screen.getByRole('progressbar');
    expect(bar.getAttribute('aria-valuemin')).toBe('0');
    expect(bar.getAttribute('aria-valuemax')).toBe(String(tl.moves));
    expect(port.started).toHaveLength(1);
    expect(port.started[0]!.iterations).toBe(12);
    await waitFor(() => expect(screen.getByTestId('analysis').getAttribute('data-state')).toBe('done'));
    expect(port.terminated).toBe(1);
    expect(screen.getByTestId('win-chart').getAttribute('data-points')).toBe(String(tl.moves + 1));
    expect(screen.getByTestId('win-line-0')).toBeTruthy();
    expect(screen.getByTestId('win-line-1')).toBeTruthy();
    // Move 0 is seat 0's: its estimate is shown, in the game's words.
    expect(screen.getByTestId('analysis-current').textContent).toMatch(/^Move 0: Ada chose /);
    expect(screen.getByTestId('analysis-estimate').textContent).toMatch(
      /Winning chance: [\d.]+ % with the bot's choice, [\d.]+ % after this one\./,
    );
    // Seat 1's decisions are shown for seat 1 only.
    fireEvent.change(screen.getByTestId('analysis-seat'), { target: { value: '1' } });
    rerender(<AnalysisPanel timeline={tl} seats={SEATS} step={0} onSeek={onSeek} iterations={12} spawn={() => port} />);
    expect(screen.getByTestId('analysis-current').textContent).toMatch(/has no decision at move 0/);
  });

  it('a flagged decision jumps the replay to its move, from the list and from the curve', async () => {
    const ds = [decision(0, 0, 50, 49), decision(1, 1, 50, 50), decision(2, 0, 60, 25), decision(3, 0, 55, 40)];
    const analysis: GameAnalysis = {
      game: 'relic-runners',
      seats: 2,
      iterations: 10,
      seed: 'x',
      finished: true,
      winners: [1],
      decisions: ds,
      curve: [...ds.map((d) => d.chances), [0, 100]],
      flagged: [2, 3],
    };
    const port = fakePort((_m, post) => post({ type: 'done', analysis }));
    const onSeek = vi.fn();
    render(<AnalysisPanel timeline={tl} seats={SEATS} step={0} onSeek={onSeek} iterations={10} spawn={() => port} />);
    fireEvent.click(screen.getByTestId('analysis-start'));
    await waitFor(() => expect(screen.getByTestId('analysis-flags')).toBeTruthy());
    const items = screen.getAllByRole('button', { name: /^Move \d+:/ });
    expect(items.map((b) => b.textContent)).toEqual(['Move 2: 60 % → 25 % (−35)', 'Move 3: 55 % → 40 % (−15)']);
    fireEvent.click(screen.getByTestId('analysis-flag-3'));
    expect(onSeek).toHaveBeenLastCalledWith(3);
    fireEvent.click(screen.getByTestId('flag-mark-2'));
    expect(onSeek).toHaveBeenLastCalledWith(2);
    expect(onSeek).toHaveBeenCalledTimes(2);
  });

  it('percentages are written the way the language writes numbers', async () => {
    const ds = [decision(0, 0, 50, 50), decision(1, 0, 60.5, 25)];
    const analysis: GameAnalysis = {
      game: 'relic-runners',
      seats: 2,
      iterations: 10,
      seed: 'x',
      finished: false,
      winners: null,
      decisions: ds,
      curve: ds.map((d) => d.chances),
      flagged: [1],
    };
    await i18n.changeLanguage('de');
    try {
      render(
        <AnalysisPanel
          timeline={tl}
          seats={SEATS}
          step={1}
          onSeek={() => {}}
          iterations={10}
          spawn={() => fakePort((_m, post) => post({ type: 'done', analysis }))}
        />,
      );
      fireEvent.click(screen.getByTestId('analysis-start'));
      await waitFor(() => expect(screen.getByTestId('analysis-flag-1').textContent).toBe('Zug 1: 60,5 % → 25 % (−35,5)'));
      expect(screen.getByTestId('analysis-estimate').textContent).toBe('Gewinnchance: 60,5 % mit der Wahl des Bots, 25 % nach dieser.');
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it("a Quetzal choice is named in words too, the chosen one and the bot's, in the page's language", async () => {
    const m = new Match(quetzal, 2, 'analysis-panel quetzal');
    const rng = createRng('analysis-panel quetzal bots');
    while (!m.over) m.play(decide(quetzal, m.state, botFromSpec('random'), rng));
    const qtl = new Timeline(JSON.parse(JSON.stringify(m.record)));
    const chosen = qtl.record.choices[0] as QChoice;
    const other = quetzal.choices(qtl.stateAt(0) as QState).find((c) => JSON.stringify(c) !== JSON.stringify(chosen))!;
    const d: DecisionAnalysis = { ...decision(0, 0, 60, 40), choice: chosen, preferred: other };
    const analysis: GameAnalysis = {
      game: 'quetzal',
      seats: 2,
      iterations: 10,
      seed: 'x',
      finished: true,
      winners: [1],
      decisions: [d],
      curve: [d.chances, [0, 100]],
      flagged: [0],
    };
    await i18n.changeLanguage('fr');
    try {
      render(
        <AnalysisPanel
          timeline={qtl}
          seats={SEATS}
          step={0}
          onSeek={() => {}}
          iterations={10}
          spawn={() => fakePort((_m, post) => post({ type: 'done', analysis }))}
        />,
      );
      fireEvent.click(screen.getByTestId('analysis-start'));
      await waitFor(() => expect(screen.getByTestId('analysis').getAttribute('data-state')).toBe('done'));
      const text = screen.getByTestId('analysis-current').textContent ?? '';
      expect(text).toMatch(/^Coup 0 : Ada a choisi .+\..*Le bot aurait choisi : .+\./);
      expect(text).not.toMatch(/[{}]/);
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('Stop terminates the worker and keeps what was analysed; leaving the page terminates it too', async () => {
    let post: ((m: FromAnalysis) => void) | null = null;
    const port = fakePort((_m, p) => {
      post = p;
      p({ type: 'progress', done: 1, total: tl.moves, decision: decision(0, 0, 50, 50) });
    });
    render(<AnalysisPanel timeline={tl} seats={SEATS} step={0} onSeek={() => {}} iterations={10} spawn={() => port} />);
    fireEvent.click(screen.getByTestId('analysis-start'));
    await waitFor(() => expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('1'));
    fireEvent.click(screen.getByTestId('analysis-stop'));
    expect(port.terminated).toBe(1);
    expect(screen.getByTestId('analysis').getAttribute('data-state')).toBe('stopped');
    expect(screen.getByText(`Stopped after 1 of ${tl.moves} decisions.`)).toBeTruthy();
    // A message already on its way from the stopped worker changes nothing.
    act(() => post!({ type: 'progress', done: 2, total: tl.moves, decision: decision(1, 1, 50, 50) }));
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('1');
    // Start again, then leave: the new worker is terminated.
    const second = fakePort(() => {});
    cleanup();
    const again = render(<AnalysisPanel timeline={tl} seats={SEATS} step={0} onSeek={() => {}} iterations={10} spawn={() => second} />);
    fireEvent.click(screen.getByTestId('analysis-start'));
    again.unmount();
    expect(second.terminated).toBe(1);
  });
});
