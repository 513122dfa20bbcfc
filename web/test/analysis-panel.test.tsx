import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import i18n from '../src/i18n/index.js';
import { moveChanges, type DecisionAnalysis, type GameAnalysis } from '../../src/bots/analysis.js';
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
import { loadClient } from '../src/registry.js';
import type { ClientGame, GameTypes } from '../src/game-types.js';

vi.setConfig({ testTimeout: 30000 });

const SEATS: SeatInfo[] = [
  { seat: 0, kind: 'human', name: 'Ada', connected: true },
  { seat: 1, kind: 'bot', bot: 'greedy', connected: true },
];

let tl: Timeline;
let rr: ClientGame<GameTypes>;
beforeAll(async () => {
  rr = await loadClient('relic-runners');
  await i18n.changeLanguage('en');
  // A finished 2-player game: seat 0 plays at random, seat 1 greedy.
  const m = new Match(relicRunners, 2, 'analysis-panel');
  const bots = [botFromSpec('random'), botFromSpec('greedy')];
  const rng = createRng('analysis-panel bots');
  while (!m.over) m.play(decide(relicRunners, m.state, bots[m.toAct()!]!, rng));
  tl = await Timeline.load(JSON.parse(JSON.stringify(m.record)));
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
  beforeChance: null,
});

/** A finished analysis of these decisions, the last step `last`. */
const analysisOf = (ds: DecisionAnalysis[], last: number[], finished = true): GameAnalysis => ({
  game: 'relic-runners',
  seats: 2,
  iterations: 10,
  seed: 'x',
  finished,
  winners: finished ? [last[0]! > last[1]! ? 0 : 1] : null,
  decisions: ds,
  curve: [...ds.map((d) => d.chances), last],
  changes: moveChanges(ds, last),
  flagged: ds
    .filter((d) => d.flagged)
    .sort((a, b) => b.drop - a.drop)
    .map((d) => d.index),
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
    const { rerender } = render(
      <AnalysisPanel
        timeline={tl}
        choiceLabel={rr.choiceLabel}
        seats={SEATS}
        step={0}
        onSeek={onSeek}
        iterations={12}
        spawn={() => port}
      />,
    );
    expect(screen.getByTestId('analysis-notice').textContent).toMatch(/\(together 100 %\).*judged only by what its player knew/);
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
    // One distribution per step: the two lines add up to 100 % everywhere.
    const lines = [0, 1].map((s) => screen.getByTestId(`win-line-${s}`).getAttribute('data-values')!.split(' ').map(Number));
    expect(lines[0]).toHaveLength(tl.moves + 1);
    lines[0]!.forEach((v, k) => expect(Math.abs(v + lines[1]![k]! - 100)).toBeLessThan(1e-9));
    // Move 0 is seat 0's: its judgement is shown, in the game's words and in percentage points.
    expect(screen.getByTestId('analysis-current').textContent).toMatch(/^Move 0: Ada chose /);
    expect(screen.getByTestId('analysis-estimate').textContent).toMatch(
      /^By what Ada knew: [\d.]+ % winning chance with the bot's choice, [\d.]+ % with this one\.$/,
    );
    expect(screen.getByTestId('analysis-cost').textContent).toMatch(
      /^(Against the bot's choice, this one cost [\d.]+ pp of winning chance|By this estimate, this choice was as good as the bot's)\.$/,
    );
    expect(screen.getByTestId('analysis-effect').textContent).toMatch(/^With this move, the winning chance of Ada (went from|stayed at) /);
    expect(screen.getByTestId('analysis-breakdown').textContent).toMatch(
      /^[\d.]+ % at the start, (100|0) % at the end: own choices [+−][\d.]+ pp, moves by Bot B \(greedy\) [+−][\d.]+ pp, chance [+−][\d.]+ pp\.$|0 pp/,
    );
    // For seat 1, move 0 is another player's: no judgement, but what it did to seat 1's chance.
    fireEvent.change(screen.getByTestId('analysis-seat'), { target: { value: '1' } });
    rerender(
      <AnalysisPanel
        timeline={tl}
        choiceLabel={rr.choiceLabel}
        seats={SEATS}
        step={0}
        onSeek={onSeek}
        iterations={12}
        spawn={() => port}
      />,
    );
    expect(screen.getByTestId('analysis-current').textContent).toMatch(/^Move 0: Ada chose /);
    expect(screen.queryByTestId('analysis-estimate')).toBeNull();
    expect(screen.getByTestId('analysis-effect').textContent).toMatch(
      /^With this move, the winning chance of Bot B \(greedy\) (went from .*choice by Ada|stayed at)/,
    );
  });

  it("lists every large fall of the chosen player's chance with its cause, says why each move moved it, and where it all went", async () => {
    // Ada: 50 → 60 (own choice), → 45 at Bot B's move, → 30 at her own move that drew a tile
    // (−3 by the choice, −12 by chance), → 18 at her own choice, which by what she knew cost 2 pp.
    const ds: DecisionAnalysis[] = [
      { ...decision(0, 0, 52, 52), chances: [50, 50] },
      { ...decision(1, 1, 40, 40), chances: [60, 40] },
      { ...decision(2, 0, 46, 44), chances: [45, 55], beforeChance: [42, 58] },
      { ...decision(3, 0, 31, 29), chances: [30, 70] },
    ];
    const port = fakePort((_m, post) => post({ type: 'done', analysis: analysisOf(ds, [18, 82]) }));
    const onSeek = vi.fn();
    const { rerender } = render(
      <AnalysisPanel
        timeline={tl}
        choiceLabel={rr.choiceLabel}
        seats={SEATS}
        step={2}
        onSeek={onSeek}
        iterations={10}
        spawn={() => port}
      />,
    );
    fireEvent.click(screen.getByTestId('analysis-start'));
    await waitFor(() => expect(screen.getByTestId('analysis-falls')).toBeTruthy());
    expect(screen.getByTestId('analysis-effect').textContent).toBe(
      'With this move, the winning chance of Ada went from 45 % to 30 % (−15 pp): own choice −3 pp, chance −12 pp.',
    );
    expect(
      within(screen.getByTestId('analysis-falls'))
        .getAllByRole('button')
        .map((b) => [b.getAttribute('data-cause'), b.textContent]),
    ).toEqual([
      ['other', 'Move 1: −15 pp, choice by Bot B (greedy)'],
      ['own', "Move 2: −15 pp, own choice −3 pp (by what Ada knew, 2 pp worse than the bot's choice), chance −12 pp"],
      ['own', "Move 3: −12 pp, own choice (by what Ada knew, 2 pp worse than the bot's choice)"],
    ]);
    expect(screen.getByTestId('analysis-breakdown').textContent).toBe(
      '50 % at the start, 18 % at the end: own choices −5 pp, moves by Bot B (greedy) −15 pp, chance −12 pp.',
    );
    expect(screen.getByTestId('analysis-no-flags').textContent).toBe('None.');
    fireEvent.click(screen.getByTestId('analysis-fall-1'));
    expect(onSeek).toHaveBeenLastCalledWith(1);
    // Bot B's side of the same moves: its chance rose by Ada's choices and by chance.
    fireEvent.change(screen.getByTestId('analysis-seat'), { target: { value: '1' } });
    rerender(
      <AnalysisPanel
        timeline={tl}
        choiceLabel={rr.choiceLabel}
        seats={SEATS}
        step={2}
        onSeek={onSeek}
        iterations={10}
        spawn={() => port}
      />,
    );
    expect(screen.getByTestId('analysis-effect').textContent).toBe(
      'With this move, the winning chance of Bot B (greedy) went from 55 % to 70 % (+15 pp): choice by Ada +3 pp, chance +12 pp.',
    );
    expect(
      within(screen.getByTestId('analysis-falls'))
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Move 0: −10 pp, choice by Ada']);
  });

  it('a flagged decision jumps the replay to its move, from the list and from the curve', async () => {
    const ds = [decision(0, 0, 50, 49), decision(1, 1, 50, 50), decision(2, 0, 60, 25), decision(3, 0, 55, 40)];
    const analysis = analysisOf(ds, [0, 100]);
    expect(analysis.flagged).toEqual([2, 3]);
    const port = fakePort((_m, post) => post({ type: 'done', analysis }));
    const onSeek = vi.fn();
    render(
      <AnalysisPanel
        timeline={tl}
        choiceLabel={rr.choiceLabel}
        seats={SEATS}
        step={0}
        onSeek={onSeek}
        iterations={10}
        spawn={() => port}
      />,
    );
    fireEvent.click(screen.getByTestId('analysis-start'));
    await waitFor(() => expect(screen.getByTestId('analysis-flags')).toBeTruthy());
    const items = screen.getAllByRole('button', { name: /^Move \d+:/ });
    expect(screen.getAllByRole('button', { name: /^Move \d+: cost/ }).map((b) => b.textContent)).toEqual([
      'Move 2: cost 35 pp (60 % → 25 %)',
      'Move 3: cost 15 pp (55 % → 40 %)',
    ]);
    expect(items.length).toBeGreaterThanOrEqual(2);
    fireEvent.click(screen.getByTestId('analysis-flag-3'));
    expect(onSeek).toHaveBeenLastCalledWith(3);
    fireEvent.click(screen.getByTestId('flag-mark-2'));
    expect(onSeek).toHaveBeenLastCalledWith(2);
    expect(onSeek).toHaveBeenCalledTimes(2);
  });

  it('percentages are written the way the language writes numbers', async () => {
    const ds = [decision(0, 0, 50, 50), decision(1, 0, 60.5, 25)];
    const analysis = analysisOf(ds, [25, 75], false);
    await i18n.changeLanguage('de');
    try {
      render(
        <AnalysisPanel
          timeline={tl}
          choiceLabel={rr.choiceLabel}
          seats={SEATS}
          step={1}
          onSeek={() => {}}
          iterations={10}
          spawn={() => fakePort((_m, post) => post({ type: 'done', analysis }))}
        />,
      );
      fireEvent.click(screen.getByTestId('analysis-start'));
      await waitFor(() => expect(screen.getByTestId('analysis-flag-1').textContent).toBe('Zug 1: kostete 35,5 PP (60,5 % → 25 %)'));
      expect(screen.getByTestId('analysis-estimate').textContent).toBe(
        'Nach dem, was Ada wusste: 60,5 % Gewinnchance mit der Wahl des Bots, 25 % mit dieser.',
      );
      expect(screen.getByTestId('analysis-cost').textContent).toBe('Gegenüber der Wahl des Bots kostete diese 35,5 PP Gewinnchance.');
      expect(screen.getByTestId('analysis-chance-0').textContent).toBe('60,5 %');
      expect(screen.getByTestId('analysis-effect').textContent).toBe(
        'Mit diesem Zug ging die Gewinnchance von Ada von 60,5 % auf 25 % (−35,5 PP): eigene Wahl.',
      );
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it("a Quetzal choice is named in words too, the chosen one and the bot's, in the page's language", async () => {
    const m = new Match(quetzal, 2, 'analysis-panel quetzal');
    const rng = createRng('analysis-panel quetzal bots');
    while (!m.over) m.play(decide(quetzal, m.state, botFromSpec('random'), rng));
    const qtl = await Timeline.load(JSON.parse(JSON.stringify(m.record)));
    const chosen = qtl.record.choices[0] as QChoice;
    const other = quetzal.choices(qtl.stateAt(0) as QState).find((c) => JSON.stringify(c) !== JSON.stringify(chosen))!;
    const d: DecisionAnalysis = { ...decision(0, 0, 60, 40), choice: chosen, preferred: other };
    const analysis: GameAnalysis = { ...analysisOf([d], [0, 100]), game: 'quetzal' };
    await i18n.changeLanguage('fr');
    try {
      render(
        <AnalysisPanel
          timeline={qtl}
          choiceLabel={(await loadClient('quetzal')).choiceLabel}
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
    render(
      <AnalysisPanel
        timeline={tl}
        choiceLabel={rr.choiceLabel}
        seats={SEATS}
        step={0}
        onSeek={() => {}}
        iterations={10}
        spawn={() => port}
      />,
    );
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
    const again = render(
      <AnalysisPanel
        timeline={tl}
        choiceLabel={rr.choiceLabel}
        seats={SEATS}
        step={0}
        onSeek={() => {}}
        iterations={10}
        spawn={() => second}
      />,
    );
    fireEvent.click(screen.getByTestId('analysis-start'));
    again.unmount();
    expect(second.terminated).toBe(1);
  });
});
