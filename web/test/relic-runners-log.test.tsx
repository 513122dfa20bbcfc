import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import i18n from '../src/i18n/index.js';
import { createRng } from '../../src/core/rng.js';
import { relicRunners as g } from '../../src/games/relic-runners/index.js';
import { RelicRunnersLog } from '../src/relic-runners/RelicRunnersLog.js';
import type { LogEntry, LogEvent, SeatInfo } from '../src/net/session.js';

afterEach(async () => {
  cleanup();
  await act(() => i18n.changeLanguage('en'));
});

const seats: SeatInfo[] = [
  { seat: 0, kind: 'human', name: 'Ada', connected: true },
  { seat: 1, kind: 'bot', bot: 'greedy', connected: true },
  { seat: 2, kind: 'human', connected: true },
];

/** The public events of a random 3-seat game played to its end, one log entry per choice, as the session keeps them. */
function playedLog(seed: number): LogEntry[] {
  const rng = createRng(`log:${seed}`);
  const s = g.setup(g.options({}), 3, createRng(seed));
  const log: LogEntry[] = [];
  while (g.toAct(s) !== null) {
    const cs = g.choices(s);
    const events = g.apply(s, cs[rng.int(cs.length)]!) as unknown as LogEvent[];
    log.push({ move: log.length + 1, events });
  }
  // What the server adds around the engine's events, and one event type the log does not know.
  const n = log.length;
  log.push(
    { move: n, events: [{ type: 'undo', seat: 0 }] },
    { move: n, events: [{ type: 'seatToBot', seat: 2 }] },
    { move: n, events: [{ type: 'seatReclaimed', seat: 2 }] },
    { move: n, events: [{ type: 'somethingNew', seat: 1 }] },
  );
  return log;
}

const lines = () => [...screen.getByTestId('game-log').querySelectorAll('.log-line')].map((e) => e.textContent ?? '');
/** An i18n key or placeholder shown instead of words. */
const RAW = /\{\{|\b(log|game|tiles|common):\S|\b(explore|why|decision|choice|site|trail|relic|col|tool)\.[a-zA-Z]+/;

describe('game log', () => {
  const log = playedLog(3);
  const types = new Set(log.flatMap((e) => e.events.map((x) => x.type)));

  it('covers the events of a whole game', () => {
    for (const t of ['turn', 'move', 'explore', 'vp', 'rations', 'pathway', 'step', 'relicTaken', 'shrine', 'endTriggered', 'gameEnd']) {
      expect(types.has(t), t).toBe(true);
    }
  });

  it('describes every event in an English sentence, newest at the bottom', () => {
    render(<RelicRunnersLog log={log} seats={seats} viewer={0} />);
    const text = lines();
    expect(text.length).toBe(log.reduce((a, e) => a + e.events.length, 0));
    for (const l of text) {
      expect(l.trim().length).toBeGreaterThan(3);
      expect(l).not.toMatch(RAW);
    }
    expect(text.some((l) => /^Ada moves to .+ along trails? \d/.test(l))).toBe(true);
    expect(text.some((l) => l.includes('Bot B ('))).toBe(true);
    expect(text).toContain('The game is over.');
    expect(text).toContain('Ada takes back a move.');
    expect(text.at(-1)).toMatch(/somethingNew/);
    // Hidden values never appear: blue tiles are named by size only.
    expect(text.filter((l) => l.includes('hidden blue tile')).every((l) => !/VP/.test(l))).toBe(true);
  }, 20_000);

  it('switches to German with the language', async () => {
    render(<RelicRunnersLog log={log} seats={seats} viewer={0} />);
    const english = lines();
    await act(() => i18n.changeLanguage('de'));
    const german = lines();
    expect(german.length).toBe(english.length);
    for (const l of german) expect(l).not.toMatch(RAW);
    expect(german).toContain('Das Spiel ist vorbei.');
    expect(german.some((l) => /^Ada zieht nach .+ über (den Pfad|die Pfade) \d/.test(l))).toBe(true);
    // Every kind of line is translated, not left in English.
    const changed = german.filter((l, i) => l !== english[i]).length;
    expect(changed / german.length).toBeGreaterThan(0.95);
  }, 20_000);

  it('scrolls to the newest entry', () => {
    const { rerender } = render(<RelicRunnersLog log={log.slice(0, 5)} seats={seats} viewer={0} />);
    const box = screen.getByRole('log');
    Object.defineProperty(box, 'scrollHeight', { configurable: true, value: 1234 });
    rerender(<RelicRunnersLog log={log.slice(0, 6)} seats={seats} viewer={0} />);
    expect(box.scrollTop).toBe(1234);
  });
});
