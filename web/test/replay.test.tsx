import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import i18n from '../src/i18n/index.js';
import { createRng } from '../../src/core/rng.js';
import { relicRunners, type State } from '../../src/games/relic-runners/index.js';
import type { LocalConfig } from '../src/offline/config.js';
import { LocalEngine } from '../src/offline/local-engine.js';
import { SAVED_GAME_KEY, type LocalRecord } from '../src/offline/local-record.js';
import { Replay, ReplayViewer, stepForKey } from '../src/replay/Replay.js';
import { markerSteps, niceStep, ScoreChart } from '../src/replay/ScoreChart.js';
import { BadRecord, Timeline } from '../src/replay/timeline.js';
import { loadClient } from '../src/registry.js';

// Whole games are played here, on a machine shared with other test runs.
vi.setConfig({ testTimeout: 30000 });

const CONFIG: LocalConfig = {
  seats: [
    { kind: 'human', name: 'Ada' },
    { kind: 'bot', bot: 'greedy' },
    { kind: 'bot', bot: 'random' },
  ],
  options: { layout: 'standard', openScores: false },
  seed: 'replay-test-1',
};

/** A finished offline game: the person picks at random, the bots play. */
function finishedRecord(): LocalRecord {
  const e = LocalEngine.start(CONFIG);
  const rng = createRng('replay-person');
  while (!e.over) {
    if (e.botToAct()) e.playBot();
    else {
      const cs = e.snapshot().view.choices!;
      e.choose(cs[rng.int(cs.length)]!);
    }
  }
  return JSON.parse(JSON.stringify(e.record)) as LocalRecord;
}

/** Hash after k choices, by replaying from scratch. */
function directHash(rec: LocalRecord, k: number): string {
  const s = relicRunners.setup(relicRunners.options(rec.options), rec.seats, createRng(rec.seed, rec.version));
  for (let i = 0; i < k; i++) relicRunners.apply(s, rec.choices[i]);
  return relicRunners.hash(s);
}

let rec: LocalRecord;
let tl: Timeline;
beforeAll(async () => {
  await i18n.changeLanguage('en');
  rec = finishedRecord();
  tl = await Timeline.load(rec);
});
afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('timeline', () => {
  it('replays the record to the final state; steps forward and back give the same states as a direct replay', () => {
    expect(tl.over).toBe(true);
    expect(tl.moves).toBe(rec.choices.length);
    expect(tl.finalHash).toBe(directHash(rec, rec.choices.length));
    const n = tl.moves;
    const steps = [0, 1, 15, 16, 17, 33, Math.floor(n / 2), n - 1, n, Math.floor(n / 3), 2, 0];
    for (const k of steps) expect(relicRunners.hash(tl.stateAt(k) as State), `step ${k}`).toBe(directHash(rec, k));
    // Stepping does not disturb the stored checkpoints.
    expect(relicRunners.hash(tl.stateAt(n) as State)).toBe(tl.finalHash);
    expect(tl.viewAt(0).viewer).toBeNull();
    expect(tl.viewAt(n).result).not.toBeNull();
  });

  it('score series: one entry per step (moves+1), ending at the final scores', () => {
    expect(tl.scores.length).toBe(tl.moves + 1);
    const res = relicRunners.result(tl.stateAt(tl.moves) as State)!;
    expect(tl.scores[tl.moves]).toEqual(res.scores);
    expect(tl.scores[0]!.length).toBe(rec.seats);
    expect(tl.log.length).toBe(tl.moves);
  });

  it('refuses a record that does not replay, naming the move, and one of a game it does not know', async () => {
    await expect(Timeline.load({ ...rec, choices: [{ t: 'bogus' }] })).rejects.toThrow(/choice #0 is not legal/);
    await expect(Timeline.load({ ...rec, choices: [...rec.choices, { t: 'pass' }] })).rejects.toThrow(BadRecord);
    await expect(Timeline.load({ ...rec, format: 'other' })).rejects.toThrow(BadRecord);
    await expect(Timeline.load({ ...rec, seats: 12 })).rejects.toThrow(BadRecord);
    await expect(Timeline.load({ ...rec, game: 'chess' })).rejects.toThrow(/cannot show a game of "chess"/);
  });
});

describe('replay viewer', () => {
  it('steps with the buttons, the slider and the keyboard', async () => {
    const seats = rec.players.map((p, seat) => ({ seat, kind: p.kind, name: p.name, connected: true }));
    render(<ReplayViewer timeline={tl} seats={seats} game={await loadClient('relic-runners')} />);
    const root = screen.getByTestId('replay');
    const step = () => Number(root.getAttribute('data-step'));
    expect(step()).toBe(0);
    expect(screen.getByTestId('replay-back')).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByTestId('replay-forward'));
    fireEvent.click(screen.getByTestId('replay-forward'));
    expect(step()).toBe(2);
    fireEvent.click(screen.getByTestId('replay-back'));
    expect(step()).toBe(1);
    expect(screen.getByTestId('replay-position').textContent).toBe(`Move 1 of ${tl.moves}`);
    fireEvent.click(screen.getByTestId('replay-last'));
    expect(step()).toBe(tl.moves);
    expect(screen.getByTestId('replay-forward')).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByTestId('replay-first'));
    expect(step()).toBe(0);
    fireEvent.change(screen.getByTestId('replay-slider'), { target: { value: '20' } });
    expect(step()).toBe(20);
    act(() => {
      window.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight' }));
    });
    expect(step()).toBe(21);
    act(() => {
      window.dispatchEvent(new KeyboardEvent('keydown', { key: 'End' }));
    });
    expect(step()).toBe(tl.moves);
    expect(screen.getByTestId('score-chart')).toBeTruthy();
  });

  it('keys map to steps within the game', () => {
    expect(stepForKey('ArrowLeft', 0, 10)).toBe(0);
    expect(stepForKey('ArrowRight', 10, 10)).toBe(10);
    expect(stepForKey('Home', 5, 10)).toBe(0);
    expect(stepForKey('End', 5, 10)).toBe(10);
    expect(stepForKey('a', 5, 10)).toBeNull();
  });

  it('a server game still being played: says so (409)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ error: 'game_over' }), { status: 409 })),
    );
    render(<Replay source={{ kind: 'server', id: 'g1' }} />);
    await waitFor(() => expect(screen.getByTestId('replay-error').textContent).toMatch(/still being played/), { timeout: 10000 });
  });

  it('a finished server game is fetched and replayed', async () => {
    const fetchMock = vi.fn(async (url: string) =>
      url.endsWith('/record') ? new Response(JSON.stringify(rec), { status: 200 }) : new Response('{}', { status: 404 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    render(<Replay source={{ kind: 'server', id: 'g1' }} />);
    await waitFor(() => expect(screen.getByTestId('replay').getAttribute('data-moves')).toBe(String(rec.choices.length)), {
      timeout: 10000,
    });
    expect(fetchMock).toHaveBeenCalledWith('/api/games/g1/record');
  });

  it('the local game: replayed when over, refused while unfinished', async () => {
    localStorage.setItem(SAVED_GAME_KEY, JSON.stringify(rec));
    render(<Replay source={{ kind: 'local' }} />);
    await waitFor(() => expect(screen.getByTestId('replay').getAttribute('data-moves')).toBe(String(rec.choices.length)), {
      timeout: 10000,
    });
    cleanup();
    localStorage.clear();
    localStorage.setItem(SAVED_GAME_KEY, JSON.stringify({ ...rec, choices: rec.choices.slice(0, 5) }));
    render(<Replay source={{ kind: 'local' }} />);
    await waitFor(() => expect(screen.getByTestId('replay-error').textContent).toMatch(/not over yet/), { timeout: 10000 });
  });
});

describe('score chart', () => {
  it('draws one line per seat with its markers, and a legend', () => {
    const scores = [
      [0, 0],
      [3, 1],
      [5, 9],
    ];
    render(<ScoreChart scores={scores} seats={[]} step={1} />);
    expect(screen.getByTestId('score-line-0').querySelector('polyline')!.getAttribute('points')!.split(' ').length).toBe(3);
    expect(screen.getByTestId('score-line-1')).toBeTruthy();
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Player A3 VP', 'Player B1 VP']);
  });

  it('axis helpers', () => {
    expect(niceStep(47)).toBe(10);
    expect(niceStep(3)).toBe(1);
    expect(markerSteps(0)).toEqual([0]);
    expect(markerSteps(100, 4)).toEqual([0, 25, 50, 75, 100]);
  });
});
