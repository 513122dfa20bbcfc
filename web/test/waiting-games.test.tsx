import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import i18n from '../src/i18n/index.js';
import { setSignedIn } from '../src/account/signed-in.js';
import { refreshWaiting } from '../src/account/waiting-games.js';
import { WaitingWatch } from '../src/account/WaitingWatch.js';
import { Lobby } from '../src/lobby/Lobby.js';
import { timeLeft } from '../src/game/time-left.js';
import type { WaitingGame } from '../src/net/ratings.js';
import type { Snapshot } from '../src/net/session.js';
import { TurnClock } from '../src/game/TurnClock.js';
import { mockAccountServer, renderAt } from './account-harness.js';

const game = (gameId: string, yourTurn: boolean, dueAt: number | null = null): WaitingGame => ({
  gameId,
  game: 'relic-runners',
  seat: 0,
  yourTurn,
  dueAt,
  players: ['ada_99', 'bob'],
  moves: 3,
});

/** A stand-in for the browser's Notification: its permission, and every notification shown. */
function fakeNotifications(permission: NotificationPermission) {
  const shown: { title: string; options: NotificationOptions | undefined }[] = [];
  const requestPermission = vi.fn(async () => {
    Fake.permission = 'granted';
    return 'granted';
  });
  class Fake {
    static permission = permission;
    static requestPermission = requestPermission;
    onclick: (() => void) | null = null;
    constructor(title: string, options?: NotificationOptions) {
      shown.push({ title, options });
    }
    close() {}
  }
  vi.stubGlobal('Notification', Fake);
  return { shown, requestPermission };
}

function setVisibility(v: DocumentVisibilityState) {
  Object.defineProperty(document, 'visibilityState', { value: v, configurable: true });
}

beforeEach(async () => {
  localStorage.clear();
  setSignedIn(null);
  setVisibility('visible');
  document.title = 'Expedition';
  await i18n.changeLanguage('en');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the games waiting for a signed-in player, on every page', () => {
  it('counts them at the head of the tab’s title, whatever the page sets the title to, and not for a guest', async () => {
    setSignedIn({ name: 'ada_99' });
    mockAccountServer({ 'GET /api/account/games': [200, { waiting: [game('a', true), game('b', false), game('c', true)] }] });
    renderAt('/', <WaitingWatch />);
    await waitFor(() => expect(document.title).toBe('(2) Expedition'));
    document.title = 'Your turn — Expedition';
    await waitFor(() => expect(document.title).toBe('(2) Your turn — Expedition'));
    act(() => setSignedIn(null));
    await waitFor(() => expect(document.title).toBe('Your turn — Expedition'));
  });

  it('notifies, when turned on and the tab is out of sight, each game that starts waiting, once', async () => {
    setSignedIn({ name: 'ada_99' });
    localStorage.setItem('expedition.waiting.notify', 'on');
    const { shown } = fakeNotifications('granted');
    let waiting = [game('a', true), game('b', false)];
    mockAccountServer({ 'GET /api/account/games': () => [200, { waiting }] });
    setVisibility('hidden');
    renderAt('/', <WaitingWatch />);
    await waitFor(() => expect(document.title).toBe('(1) Expedition'));
    expect(shown).toEqual([]);
    waiting = [game('a', true), game('b', true)];
    await act(() => refreshWaiting());
    await act(() => refreshWaiting());
    expect(shown.map((n) => [n.title, n.options?.tag, n.options?.body])).toEqual([
      ['Your move in Relic Runners', 'expedition-waiting-b', 'ada_99 · bob'],
    ]);
    expect(document.title).toBe('(2) Expedition');
  });

  it('asks the browser’s permission from the lobby’s button only, never on load, and shows the time left', async () => {
    setSignedIn({ name: 'ada_99' });
    const { requestPermission } = fakeNotifications('default');
    const now = Date.now();
    mockAccountServer({
      'GET /api/account/games': [200, { waiting: [game('a', true, now + 2.5 * 24 * 3600_000)] }],
      'GET /api/games': [200, { games: [] }],
    });
    renderAt('/', <Lobby />);
    const row = await screen.findByTestId('your-game');
    expect(within(row).getByTestId('time-left').textContent).toBe(' · 2 days left');
    expect(requestPermission).not.toHaveBeenCalled();
    const button = screen.getByTestId('waiting-notify');
    expect(button.textContent).toBe('Notify me when a game waits for my move');
    fireEvent.click(button);
    await waitFor(() => expect(screen.getByTestId('waiting-notify').textContent).toBe('Stop notifying me'));
    expect(requestPermission).toHaveBeenCalledTimes(1);
  });

  it('tells the time left in the largest unit, in the page’s language', () => {
    const h = 3600_000;
    expect(timeLeft('en', 50 * h, 0)).toBe('2 days');
    expect(timeLeft('en', 5 * h + 10, 0)).toBe('5 hours');
    expect(timeLeft('en', 30_000, 0)).toBe('1 minute');
    expect(timeLeft('de', 3 * 24 * h, 0)).toBe('3 Tage');
    expect(timeLeft('en', -5, 0)).toBe('1 minute');
  });
});

describe('the time left at the table', () => {
  it('shows the seat to act’s time in a turn-based game, not in a quick one nor once the game is over', () => {
    const snap = (clocks: (number | null)[] | null, result: object | null = null) =>
      ({ view: { toAct: 1, result }, clocks }) as unknown as Snapshot;
    const { rerender } = render(<TurnClock snap={snap([3 * 24 * 3600_000, 2.5 * 24 * 3600_000])} />);
    expect(screen.getByTestId('turn-clock').textContent).toBe(' · 2 days left');
    rerender(<TurnClock snap={snap([300_000, 200_000])} />);
    expect(screen.queryByTestId('turn-clock')).toBeNull();
    rerender(<TurnClock snap={snap(null)} />);
    expect(screen.queryByTestId('turn-clock')).toBeNull();
    rerender(<TurnClock snap={snap([3 * 24 * 3600_000, 5 * 3600_000], {})} />);
    expect(screen.queryByTestId('turn-clock')).toBeNull();
  });
});
