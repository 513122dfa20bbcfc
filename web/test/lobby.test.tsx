import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import i18n from '../src/i18n/index.js';
import { Lobby } from '../src/lobby/Lobby.js';
import { nextLog } from '../src/net/server-session.js';
import { heldSeat } from '../src/net/api.js';

vi.mock('../src/offline/config.js', async (importOriginal) => {
  const orig = await importOriginal<typeof import('../src/offline/config.js')>();
  return { ...orig, requestLocalGame: vi.fn() };
});
const { requestLocalGame } = await import('../src/offline/config.js');

interface Call {
  method: string;
  url: string;
  body: unknown;
}

/** A fake server: records every request and answers the few the lobby makes. */
function mockServer(): Call[] {
  const calls: Call[] = [];
  const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method, url, body });
      if (method === 'GET' && url === '/api/games') return json(200, { games: [] });
      if (method === 'POST' && url === '/api/games') return json(201, { id: 'g-test', game: 'relic-runners', seats: [], status: 'active', moves: 0, toAct: 0 });
      if (method === 'POST' && url === '/api/games/g-test/join') return json(200, { token: 'tok-0123456789abcdef', seat: 0 });
      return json(404, { error: 'not_found', message: url });
    }),
  );
  return calls;
}

function renderLobby() {
  const loc = memoryLocation({ path: '/', record: true });
  render(
    <Router hook={loc.hook} searchHook={loc.searchHook}>
      <Lobby />
    </Router>,
  );
  return loc;
}

beforeEach(async () => {
  localStorage.clear();
  await i18n.changeLanguage('en');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.mocked(requestLocalGame).mockClear();
});

describe('lobby: play against bots', () => {
  it('the number of players sets the bot rows', async () => {
    mockServer();
    renderLobby();
    const card = screen.getByTestId('bot-game');
    expect(within(card).getAllByTestId('bot-row')).toHaveLength(2);
    fireEvent.change(within(card).getByTestId('bots-seats'), { target: { value: '5' } });
    expect(within(card).getAllByTestId('bot-row')).toHaveLength(4);
    fireEvent.change(within(card).getByTestId('bots-seats'), { target: { value: '2' } });
    expect(within(card).getAllByTestId('bot-row')).toHaveLength(1);
    await waitFor(() => expect(screen.getByText(/No games are running/)).toBeTruthy());
  });

  it('offline: hands the chosen config to /local and goes there', async () => {
    const calls = mockServer();
    const loc = renderLobby();
    fireEvent.change(screen.getByTestId('player-name'), { target: { value: 'Ada' } });
    fireEvent.change(screen.getByTestId('bots-seats'), { target: { value: '4' } });
    fireEvent.change(screen.getByTestId('bot-level-1'), { target: { value: 'random' } });
    fireEvent.change(screen.getByTestId('bot-level-3'), { target: { value: 'ismcts:1s' } });
    fireEvent.change(screen.getByTestId('bots-layout'), { target: { value: 'random' } });
    fireEvent.click(screen.getByTestId('bots-open-scores'));
    fireEvent.click(screen.getByTestId('where-local'));
    fireEvent.click(screen.getByTestId('bots-start'));

    expect(requestLocalGame).toHaveBeenCalledTimes(1);
    const cfg = vi.mocked(requestLocalGame).mock.calls[0]![0];
    expect(cfg.seats).toEqual([
      { kind: 'human', name: 'Ada' },
      { kind: 'bot', bot: 'random' },
      { kind: 'bot', bot: 'greedy' },
      { kind: 'bot', bot: 'ismcts:1s' },
    ]);
    expect(cfg.options).toEqual({ layout: 'random', openScores: true });
    expect(cfg.seed).toMatch(/^[0-9a-f]{32}$/);
    expect(loc.history.at(-1)).toBe('/local');
    // Nothing went to the server but the open games list.
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    await waitFor(() => expect(screen.getByText(/No games are running/)).toBeTruthy());
  });

  it('two offline games get different seeds', async () => {
    mockServer();
    renderLobby();
    fireEvent.click(screen.getByTestId('where-local'));
    fireEvent.click(screen.getByTestId('bots-start'));
    fireEvent.click(screen.getByTestId('bots-start'));
    const [a, b] = vi.mocked(requestLocalGame).mock.calls.map((c) => c[0].seed);
    expect(a).not.toBe(b);
    await waitFor(() => expect(screen.getByText(/No games are running/)).toBeTruthy());
  });

  it('on the server: creates the game with you and the bots, claims seat 0, keeps the token, opens the game', async () => {
    const calls = mockServer();
    const loc = renderLobby();
    fireEvent.change(screen.getByTestId('bots-seats'), { target: { value: '3' } });
    fireEvent.change(screen.getByTestId('bot-level-2'), { target: { value: 'ismcts:1s' } });
    fireEvent.click(screen.getByTestId('where-server'));
    await act(async () => {
      fireEvent.click(screen.getByTestId('bots-start'));
    });
    await waitFor(() => expect(loc.history.at(-1)).toBe('/game/g-test'));
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts).toEqual([
      {
        method: 'POST',
        url: '/api/games',
        body: {
          game: 'relic-runners',
          seats: [{ kind: 'human' }, { kind: 'bot', bot: 'greedy' }, { kind: 'bot', bot: 'ismcts:1s' }],
          options: { layout: 'first', openScores: false },
        },
      },
      { method: 'POST', url: '/api/games/g-test/join', body: { seat: 0 } },
    ]);
    // No seed goes to the server: nobody at the table may know the hidden tiles.
    expect(posts[0]!.body).not.toHaveProperty('seed');
    expect(heldSeat('g-test')).toEqual({ token: 'tok-0123456789abcdef', seat: 0 });
    expect(requestLocalGame).not.toHaveBeenCalled();
  });
});

describe('lobby: game with friends', () => {
  it('creates a game with friends and bots, then shows a link per friend seat', async () => {
    const calls = mockServer();
    renderLobby();
    const card = screen.getByTestId('friends-game');
    fireEvent.change(within(card).getByTestId('friends-seats'), { target: { value: '4' } });
    expect(within(card).getAllByTestId('friend-row')).toHaveLength(3);
    fireEvent.change(within(card).getByTestId('friend-kind-2'), { target: { value: 'bot' } });
    fireEvent.change(within(card).getByTestId('friend-bot-2'), { target: { value: 'random' } });
    await act(async () => {
      fireEvent.click(within(card).getByTestId('friends-create'));
    });
    await waitFor(() => expect(screen.getByTestId('share-1')).toBeTruthy());
    expect(calls.find((c) => c.method === 'POST' && c.url === '/api/games')!.body).toEqual({
      game: 'relic-runners',
      seats: [{ kind: 'human' }, { kind: 'human' }, { kind: 'bot', bot: 'random' }, { kind: 'human' }],
      options: { layout: 'standard', openScores: false },
    });
    expect((screen.getByTestId('share-1-url') as HTMLInputElement).value).toBe(`${location.origin}/game/g-test?seat=1`);
    expect((screen.getByTestId('share-3-url') as HTMLInputElement).value).toBe(`${location.origin}/game/g-test?seat=3`);
    expect(screen.queryByTestId('share-2')).toBeNull();
    expect(heldSeat('g-test')?.seat).toBe(0);
  });
});

describe('server session log', () => {
  const ev = (n: number) => [{ type: 'x', n }];
  it('takes the welcome log, appends new moves, drops moves taken back', () => {
    let log = nextLog([], 0, { type: 'welcome', moves: 2, events: [], log: [{ move: 1, events: ev(1) }, { move: 2, events: ev(2) }] });
    expect(log.map((e) => e.move)).toEqual([1, 2]);
    log = nextLog(log, 2, { type: 'state', moves: 3, events: ev(3) });
    expect(log.map((e) => e.move)).toEqual([1, 2, 3]);
    log = nextLog(log, 3, { type: 'state', moves: 3, events: [] });
    expect(log.map((e) => e.move)).toEqual([1, 2, 3]);
    log = nextLog(log, 3, { type: 'state', moves: 2, events: [{ type: 'undo', seat: 0 }] });
    expect(log.map((e) => e.move)).toEqual([1, 2]);
  });
});
