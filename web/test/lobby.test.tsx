import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18n from '../src/i18n/index.js';
import { fakeKey, mockServer, renderLobby } from './lobby-harness.js';
import { nextLog } from '../src/net/server-session.js';
import type { LogEvent } from '../src/net/session.js';
import { heldSeat } from '../src/net/api.js';
import { FakeSocket } from './fake-socket.js';

vi.mock('../src/offline/config.js', async (importOriginal) => {
  const orig = await importOriginal<typeof import('../src/offline/config.js')>();
  return { ...orig, requestLocalGame: vi.fn() };
});
const { requestLocalGame } = await import('../src/offline/config.js');

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
    // A new game against bots starts with one opponent.
    expect(within(card).getAllByTestId('bot-row')).toHaveLength(1);
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
    const posts = calls.filter((c) => c.method === 'POST').map(({ method, url, body }) => ({ method, url, body }));
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
      { method: 'POST', url: '/api/games/g-test/join', body: { seat: 0, key: fakeKey(0) } },
    ]);
    // No seed goes to the server: nobody at the table may know the hidden tiles.
    expect(posts[0]!.body).not.toHaveProperty('seed');
    expect(heldSeat('g-test')).toEqual({ token: 'tok-0123456789abcdef', seat: 0, key: fakeKey(0) });
    expect(requestLocalGame).not.toHaveBeenCalled();
  });

  it('sends the name as the server takes it: without text-direction marks and invisible characters, none when nothing visible is left', async () => {
    for (const [typed, sent] of [
      ['\u200F\u200BAda\u3164 ', 'Ada'],
      ['\u200B\u3164\u2800', undefined],
    ] as const) {
      const calls = mockServer();
      const loc = renderLobby();
      fireEvent.change(screen.getByTestId('player-name'), { target: { value: typed } });
      fireEvent.click(screen.getByTestId('where-server'));
      await act(async () => {
        fireEvent.click(screen.getByTestId('bots-start'));
      });
      await waitFor(() => expect(loc.history.at(-1)).toBe('/game/g-test'));
      const [create, join] = calls.filter((c) => c.method === 'POST');
      const named = sent === undefined ? {} : { name: sent };
      expect((create!.body as { seats: unknown[] }).seats[0]).toEqual({ kind: 'human', ...named });
      expect(join!.body).toEqual({ seat: 0, ...named, key: fakeKey(0) });
      cleanup();
      vi.unstubAllGlobals();
    }
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
      open: false,
      awayAfterMs: 180_000,
      botLevel: 'greedy',
    });
    expect(calls.find((c) => c.method === 'POST' && c.url === '/api/games/g-test/join')!.body).toEqual({ seat: 0, key: fakeKey(0) });
    expect(screen.getByTestId<HTMLInputElement>('share-1-url').value).toBe(`${location.origin}/game/g-test?seat=1#key=${fakeKey(1)}`);
    expect(screen.getByTestId<HTMLInputElement>('share-3-url').value).toBe(`${location.origin}/game/g-test?seat=3#key=${fakeKey(3)}`);
    expect(screen.queryByTestId('share-2')).toBeNull();
    expect(screen.queryByTestId('share-0')).toBeNull();
    expect(screen.getByTestId('link-is-seat').textContent).toMatch(/whoever opens it plays that seat/);
    expect(heldSeat('g-test')?.seat).toBe(0);
  });

  it('a game opened to anyone says so to the server', async () => {
    const calls = mockServer();
    renderLobby();
    const card = screen.getByTestId('friends-game');
    fireEvent.click(within(card).getByTestId('friends-open'));
    await act(async () => {
      fireEvent.click(within(card).getByTestId('friends-create'));
    });
    await waitFor(() => expect(screen.getByTestId('share-1')).toBeTruthy());
    expect(calls.find((c) => c.method === 'POST' && c.url === '/api/games')!.body).toMatchObject({ open: true });
  });
});

describe('server session log', () => {
  const ev = (n: number): LogEvent[] => [{ type: 'x', n }];
  it('takes the welcome log, appends new moves, drops moves taken back', () => {
    let log = nextLog([], 0, {
      type: 'welcome',
      moves: 2,
      events: [],
      log: [
        { move: 1, events: ev(1) },
        { move: 2, events: ev(2) },
      ],
    });
    expect(log.map((e) => e.move)).toEqual([1, 2]);
    log = nextLog(log, 2, { type: 'state', moves: 3, events: ev(3) });
    expect(log.map((e) => e.move)).toEqual([1, 2, 3]);
    log = nextLog(log, 3, { type: 'state', moves: 3, events: [] });
    expect(log.map((e) => e.move)).toEqual([1, 2, 3]);
    log = nextLog(log, 3, { type: 'state', moves: 2, events: [{ type: 'undo', seat: 0 }] });
    expect(log.map((e) => e.move)).toEqual([1, 2]);
  });
});

const stateMsg = (type: 'state' | 'welcome', moves: number, extra: Record<string, unknown> = {}) => ({
  type,
  game: 'g1',
  seat: 0,
  moves,
  status: 'active',
  toAct: 0,
  view: { choices: [{ t: 'end' }] },
  events: [{ type: 'x', moves }],
  canUndo: false,
  clocks: null,
  seats: [{ seat: 0, kind: 'human', name: null, bot: null, claimed: true, connected: true }],
  ...extra,
});

describe('server session', () => {
  beforeEach(() => {
    FakeSocket.all = [];
  });

  it('says hello with the token, resolves a choice on its ack, rejects it with the refusal, and reconnects after a drop', async () => {
    vi.useFakeTimers();
    try {
      const { ServerSession } = await import('../src/net/server-session.js');
      const s = new ServerSession('g1', 'tok-0123456789abcdef', {
        url: 'ws://x/ws',
        WebSocket: FakeSocket as unknown as typeof WebSocket,
        minDelayMs: 100,
      });
      const snaps: { moves: number; log: number[]; seat: number | null; name: unknown }[] = [];
      s.subscribe((sn) => snaps.push({ moves: sn.moves, log: sn.log.map((e) => e.move), seat: sn.seat, name: sn.seats[0]!.name }));
      const ws = FakeSocket.all[0]!;
      expect(ws.url).toBe('ws://x/ws');
      ws.open();
      expect(ws.sent[0]).toEqual({ type: 'hello', game: 'g1', token: 'tok-0123456789abcdef' });
      ws.receive(stateMsg('welcome', 1, { log: [{ move: 1, events: [] }] }));
      expect(snaps.at(-1)).toEqual({ moves: 1, log: [1], seat: 0, name: undefined });

      const ok = s.choose({ t: 'end' });
      const sent = ws.sent.at(-1)!;
      expect(sent).toMatchObject({ type: 'choice', choice: { t: 'end' }, index: 1 });
      ws.receive(stateMsg('state', 2));
      ws.receive({ type: 'ack', index: 1, id: sent.id });
      await expect(ok).resolves.toBeUndefined();
      expect(snaps.at(-1)!.log).toEqual([1, 2]);

      const bad = s.choose({ t: 'pass' });
      ws.receive({ type: 'error', code: 'illegal_choice', message: 'no passing now', id: ws.sent.at(-1)!.id });
      await expect(bad).rejects.toThrow('no passing now');

      // The connection drops: pending choices fail, and a new socket says hello again after the delay.
      const lost = s.choose({ t: 'end' });
      ws.close();
      await expect(lost).rejects.toThrow(/lost/);
      expect(s.connection).toBe('reconnecting');
      vi.advanceTimersByTime(100);
      const ws2 = FakeSocket.all[1]!;
      ws2.open();
      expect(ws2.sent[0]).toMatchObject({ type: 'hello', game: 'g1' });
      ws2.receive(
        stateMsg('welcome', 2, {
          log: [
            { move: 1, events: [] },
            { move: 2, events: [] },
          ],
        }),
      );
      expect(s.connection).toBe('open');
      s.close();
      expect(s.connection).toBe('closed');
    } finally {
      vi.useRealTimers();
    }
  });

  it('a reconnect says which log it holds and keeps it; the welcome brings only the rest', async () => {
    vi.useFakeTimers();
    try {
      const { ServerSession } = await import('../src/net/server-session.js');
      const s = new ServerSession('g1', null, { url: 'ws://x/ws', WebSocket: FakeSocket as unknown as typeof WebSocket, minDelayMs: 100 });
      let log: { move: number; at?: number }[] = [];
      s.subscribe((sn) => (log = sn.log.map((e) => ({ move: e.move, ...(e.at !== undefined ? { at: e.at } : {}) }))));
      const ws = FakeSocket.all[0]!;
      ws.open();
      expect(ws.sent[0]).toEqual({ type: 'hello', game: 'g1' });
      ws.receive(
        stateMsg('welcome', 2, {
          at: 200,
          logFrom: 0,
          log: [
            { move: 1, at: 100, events: [] },
            { move: 2, at: 200, events: [] },
          ],
        }),
      );
      ws.receive(stateMsg('state', 3, { at: 300 }));
      expect(log).toEqual([
        { move: 1, at: 100 },
        { move: 2, at: 200 },
        { move: 3, at: 300 },
      ]);
      ws.close();
      vi.advanceTimersByTime(100);
      const ws2 = FakeSocket.all[1]!;
      ws2.open();
      expect(ws2.sent[0]).toEqual({ type: 'hello', game: 'g1', since: 3, at: 300 });
      ws2.receive(stateMsg('welcome', 4, { at: 400, logFrom: 3, log: [{ move: 4, at: 400, events: [] }] }));
      expect(log.map((e) => e.move)).toEqual([1, 2, 3, 4]);
      // The server found the copy stale (an undo it missed): the whole log replaces it.
      ws2.close();
      vi.advanceTimersByTime(200);
      const ws3 = FakeSocket.all[2]!;
      ws3.open();
      ws3.receive(
        stateMsg('welcome', 2, {
          at: 250,
          logFrom: 0,
          log: [
            { move: 1, at: 100, events: [] },
            { move: 2, at: 250, events: [] },
          ],
        }),
      );
      expect(log).toEqual([
        { move: 1, at: 100 },
        { move: 2, at: 250 },
      ]);
      s.close();
    } finally {
      vi.useRealTimers();
    }
  });

  it('a refused hello (unknown game) ends the session without retrying', async () => {
    const { ServerSession } = await import('../src/net/server-session.js');
    const s = new ServerSession('nope', null, { url: 'ws://x/ws', WebSocket: FakeSocket as unknown as typeof WebSocket });
    const errors: string[] = [];
    s.subscribe(
      () => undefined,
      (m) => errors.push(m),
    );
    const ws = FakeSocket.all[0]!;
    ws.open();
    expect(ws.sent[0]).toEqual({ type: 'hello', game: 'nope' });
    ws.receive({ type: 'error', code: 'no_game', message: 'no game "nope"' });
    expect(s.connection).toBe('failed');
    expect(s.fatal).toEqual({ code: 'no_game', message: 'no game "nope"' });
    expect(errors).toEqual(['no game "nope"']);
    expect(FakeSocket.all).toHaveLength(1);
  });
});
