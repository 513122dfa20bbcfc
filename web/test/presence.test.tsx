import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import i18n from '../src/i18n/index.js';
import { SeatPresence } from '../src/game/AwayButton.js';
import { SeatPanel } from '../src/lobby/SeatPanel.js';
import { canHandToBot } from '../src/game/away.js';
import { describeTableEvent } from '../src/game/table-events.js';
import { describeQEvent } from '../src/quetzal/events.js';
import { describeEvent } from '../src/relic-runners/panels/events.js';
import { nextLog, seatInfo } from '../src/net/server-session.js';
import type { SeatInfo, Snapshot } from '../src/net/session.js';

afterEach(async () => {
  cleanup();
  await act(() => i18n.changeLanguage('en'));
});

const MIN = 60_000;

function snapshot(seats: SeatInfo[], patch: Partial<Snapshot> = {}): Snapshot {
  return {
    view: { game: 'relic-runners', toAct: 0, decision: 'move', choices: null, result: null },
    seat: 0,
    seats,
    moves: 3,
    status: 'active',
    canUndo: false,
    log: [],
    clocks: null,
    awayAfterMs: 3 * MIN,
    ...patch,
  };
}

const ada: SeatInfo = { seat: 0, kind: 'human', name: 'Ada', connected: true, claimed: true };
const bo = (awayMs: number): SeatInfo => ({
  seat: 1,
  kind: 'human',
  name: 'Bo',
  connected: false,
  claimed: true,
  awaySince: Date.now() - awayMs,
});

describe('presence in the seat list', () => {
  it('turns the server’s elapsed away time into a time of this browser', () => {
    const before = Date.now();
    const s = seatInfo({ seat: 1, kind: 'human', name: 'Bo', bot: null, claimed: true, connected: false, awayMs: 5000 });
    expect(s.awaySince).toBeGreaterThanOrEqual(before - 5000);
    expect(s.awaySince).toBeLessThanOrEqual(Date.now() - 5000);
    expect(
      seatInfo({ seat: 0, kind: 'human', name: null, bot: null, claimed: true, connected: true, awayMs: null }).awaySince,
    ).toBeUndefined();
  });

  it('says how long a seat has been away, in every language’s plural forms', async () => {
    const snap = snapshot([ada, bo(2 * MIN + 5000)]);
    render(<SeatPresence snap={snap} seat={snap.seats[1]!} gameId="g" token="tok-0123456789abcdef" />);
    expect(screen.getByTestId('presence-1').textContent).toBe('away for 2 minutes');
    await act(() => i18n.changeLanguage('pl'));
    expect(screen.getByTestId('presence-1').textContent).toBe('nieobecność: 2 minuty');
    await act(() => i18n.changeLanguage('de'));
    expect(screen.getByTestId('presence-1').textContent).toBe('abwesend seit 2 Minuten');
  });

  it('offers the button to seated players only, for another seat away for the game’s away time, in games without a clock', () => {
    const now = Date.now();
    const away = bo(3 * MIN + 1);
    const snap = snapshot([ada, away]);
    expect(canHandToBot(snap, away, now)).toBe(true);
    expect(canHandToBot(snapshot([ada, bo(3 * MIN - 1000)]), bo(3 * MIN - 1000), now)).toBe(false);
    expect(canHandToBot(snapshot([ada, away], { seat: null }), away, now)).toBe(false);
    expect(canHandToBot(snapshot([ada, away], { seat: 1 }), away, now)).toBe(false);
    expect(canHandToBot(snapshot([ada, away], { clocks: [1000, -5] }), away, now)).toBe(false);
    expect(canHandToBot(snap, { ...away, bot: 'greedy' }, now)).toBe(false);
    render(<SeatPresence snap={snap} seat={away} gameId="g" token="tok-0123456789abcdef" />);
    expect(screen.getByTestId('hand-to-bot-1').textContent).toBe('Let a bot play for Bo');
  });

  it('keeps the table’s events in the log, and a welcome brings them again without doubling them', () => {
    const seatToBot = { type: 'seatToBot', seat: 1, reason: 'clock' };
    let log = nextLog([], 0, { type: 'state', moves: 1, at: 10, events: [{ type: 'turn', seat: 0 }] });
    log = nextLog(log, 1, { type: 'state', moves: 1, at: 10, events: [seatToBot] });
    expect(log).toEqual([
      { move: 1, at: 10, events: [{ type: 'turn', seat: 0 }] },
      { move: 1, events: [seatToBot], table: true },
    ]);
    log = nextLog(log, 1, {
      type: 'welcome',
      moves: 1,
      at: 10,
      events: [],
      logFrom: 1,
      log: [{ move: 1, at: 11, events: [seatToBot], table: true }],
    });
    expect(log.filter((e) => e.table)).toHaveLength(1);
    const seats = [ada, { ...bo(0), bot: 'random' }];
    const line = 'Bo’s time ran out: a bot plays their seat to the end of the game.';
    // The same line in both games' logs.
    expect(describeTableEvent(seatToBot, seats, i18n.t)).toBe(line);
    expect(describeEvent(seatToBot, seats, i18n.t)).toBe(line);
    expect(describeQEvent(seatToBot, seats, i18n.t)).toBe(line);
    expect(describeQEvent({ type: 'seatToBot', seat: 1, reason: 'away' }, seats, i18n.t)).toBe(
      'Bo was away too long: a bot plays for them until they come back.',
    );
  });
});

describe('a bot hurried by a busy server', () => {
  it('is told in both games’ logs with its think time, in the reader’s language and number format', async () => {
    const seats = [{ seat: 0, kind: 'bot' as const, name: 'Deep', bot: 'ismcts:10000ms', claimed: true, connected: true }];
    const hurried = { type: 'botHurried', seat: 0, thoughtMs: 1250, budgetMs: 10_000 };
    const line = 'The server is busy: Bot A (thinker) thought 1.3 s instead of 10 s.';
    expect(describeTableEvent(hurried, seats, i18n.t)).toBe(line);
    expect(describeEvent(hurried, seats, i18n.t)).toBe(line);
    expect(describeQEvent(hurried, seats, i18n.t)).toBe(line);
    await act(() => i18n.changeLanguage('fr'));
    expect(describeTableEvent(hurried, seats, i18n.t)).toBe('Le serveur est chargé : Bot A (stratège) a réfléchi 1,3 s au lieu de 10 s.');
    // A person's seat that a bot plays for them.
    const person = [{ ...seats[0]!, kind: 'human' as const, name: 'Bo', bot: 'greedy' }];
    expect(describeTableEvent(hurried, person, i18n.t)).toBe(
      'Le serveur est chargé : le bot qui joue pour Bo a réfléchi 1,3 s au lieu de 10 s.',
    );
    // A malformed event from an older or foreign server is not told as a hurried bot.
    expect(describeTableEvent({ type: 'botHurried', seat: 0 }, seats, i18n.t)).toBeNull();
  });
});

describe('a seat out of time', () => {
  it('offers its player no way back while its clock is empty, and the way back while it has time', () => {
    const mine = { ...ada, bot: 'greedy' };
    const reclaim = () => undefined;
    const empty = snapshot([mine, bo(0)], { clocks: [0, 60_000] });
    const { unmount } = render(<SeatPanel id="g" snap={empty} connection="open" onReclaim={reclaim} />);
    expect(screen.getByTestId('out-of-time').textContent).toBe('Your time ran out: a bot plays your seat to the end of the game.');
    expect(screen.queryByTestId('reclaim-seat')).toBeNull();
    unmount();
    render(<SeatPanel id="g" snap={snapshot([mine, bo(0)], { clocks: [5_000, 60_000] })} connection="open" onReclaim={reclaim} />);
    expect(screen.getByTestId('reclaim-seat')).toBeTruthy();
    expect(screen.queryByTestId('out-of-time')).toBeNull();
  });
});
