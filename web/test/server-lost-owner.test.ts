/**
 * When the server process playing the game stops, the process this socket is on keeps the
 * socket and sends an `unavailable` error without id. The browser's server session says hello again
 * on the same socket 100-250 ms later; if that hello is refused too, it closes the socket and
 * reconnects with the usual backoff.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeSocket, fakeSession } from './fake-socket.js';

const welcome = (moves: number) => ({
  type: 'welcome',
  game: 'g1',
  seat: 0,
  moves,
  at: 1000 + moves,
  status: 'active',
  toAct: 0,
  events: [],
  canUndo: false,
  clocks: null,
  seats: [{ seat: 0, kind: 'human', name: null, bot: null, claimed: true, connected: true, awayMs: null }],
  awayAfterMs: 180_000,
  seq: moves + 10,
  view: { choices: [{ t: 'take', n: moves }] },
  logFrom: 0,
  log: Array.from({ length: moves }, (_, i) => ({ move: i + 1, at: 1000 + i + 1, events: [] })),
});

const lostMessage = { type: 'error', code: 'unavailable', message: 'the server process playing this game stopped; say hello again' };
const hello = { type: 'hello', game: 'g1', token: 'tok-0123456789abcdef' };

describe('server session: the process playing the game stops, the socket is kept', () => {
  beforeEach(() => {
    FakeSocket.all = [];
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function session() {
    const { s, states } = fakeSession();
    const moves: number[] = [];
    const errors: string[] = [];
    s.subscribe(
      (sn) => moves.push(sn.moves),
      (m) => errors.push(m),
    );
    const ws = FakeSocket.all[0]!;
    ws.open();
    ws.receive(welcome(3));
    ws.sent = [];
    return { s, ws, states, moves, errors };
  }

  it('says hello again on the same socket after 100-250 ms, fails the requests out, and plays on after the welcome', async () => {
    const { s, ws, states, moves, errors } = session();
    const choice = s.choose({ t: 'take' });
    expect(ws.sent).toEqual([{ type: 'choice', choice: { t: 'take' }, index: 3, id: 'c1' }]);
    ws.receive(lostMessage);
    // The choice's answer would have come from the process that stopped: it never will.
    await expect(choice).rejects.toThrow(/moved to another server process/);
    vi.advanceTimersByTime(99);
    expect(ws.sent).toHaveLength(1);
    vi.advanceTimersByTime(151);
    // With the log held, on the same socket: no new socket, no close.
    expect(ws.sent.slice(1)).toEqual([{ ...hello, since: 3, at: 1003 }]);
    expect(FakeSocket.all).toEqual([ws]);
    expect(ws.readyState).toBe(1);
    expect(s.connection).toBe('open');
    // A state before the welcome is not applied (it may be a patch of a view this client does not hold).
    ws.receive({ ...welcome(4), type: 'state', view: undefined, patch: [] });
    expect(moves).toEqual([3]);
    ws.receive(welcome(4));
    expect(moves).toEqual([3, 4]);
    expect(states).toEqual(['connecting', 'open', 'open']);
    expect(errors).toEqual([]);
    // And it plays on there.
    s.choose({ t: 'take' }).catch(() => undefined);
    expect(ws.sent.at(-1)).toEqual({ type: 'choice', choice: { t: 'take' }, index: 4, id: 'c2' });
    vi.advanceTimersByTime(10_000);
    expect(ws.sent.filter((m) => m.type === 'hello')).toHaveLength(1);
    s.close();
  });

  it('when that hello is refused too, closes the socket and says hello on a new one after the backoff', () => {
    const { s, ws, states } = session();
    ws.receive(lostMessage);
    vi.advanceTimersByTime(250);
    expect(ws.sent).toEqual([{ ...hello, since: 3, at: 1003 }]);
    ws.receive({ type: 'error', code: 'unavailable', message: 'the message bus (Redis) is unavailable' });
    expect(ws.readyState).toBe(3);
    expect(s.connection).toBe('reconnecting');
    vi.advanceTimersByTime(100);
    expect(FakeSocket.all).toHaveLength(2);
    const next = FakeSocket.all[1]!;
    next.open();
    expect(next.sent).toEqual([{ ...hello, since: 3, at: 1003 }]);
    next.receive(welcome(3));
    expect(states).toEqual(['connecting', 'open', 'reconnecting', 'open']);
    // The first socket says nothing more.
    vi.advanceTimersByTime(10_000);
    expect(ws.sent).toHaveLength(1);
    s.close();
  });

  it('says no hello on a socket that closed, or in a session closed, before the delay ran out', () => {
    const a = session();
    a.ws.receive(lostMessage);
    a.ws.close();
    expect(a.s.connection).toBe('reconnecting');
    vi.advanceTimersByTime(99);
    // The reconnect's new socket says hello when it opens; the old one says nothing.
    vi.advanceTimersByTime(10_000);
    expect(a.ws.sent).toEqual([]);
    a.s.close();

    FakeSocket.all = [];
    const b = session();
    b.ws.receive(lostMessage);
    b.s.close();
    vi.advanceTimersByTime(10_000);
    expect(b.ws.sent).toEqual([]);
    expect(FakeSocket.all).toHaveLength(1);
  });

  it("an 'unavailable' refusal of a request (with its id) only rejects that request", async () => {
    const { s, ws } = session();
    const choice = s.choose({ t: 'take' });
    ws.receive({ ...lostMessage, id: 'c1' });
    await expect(choice).rejects.toThrow(/stopped; say hello again/);
    vi.advanceTimersByTime(10_000);
    expect(ws.sent.filter((m) => m.type === 'hello')).toEqual([]);
    expect(ws.readyState).toBe(1);
    s.close();
  });

  it('the refusal of a request already failed when the game was lost is not shown a second time', async () => {
    const { s, ws, errors } = session();
    const choice = s.choose({ t: 'take' });
    ws.receive(lostMessage);
    await expect(choice).rejects.toThrow(/moved to another server process/);
    // The server refuses the choice the client sent meanwhile, with its id: the caller knows already.
    ws.receive({ ...lostMessage, id: 'c1' });
    vi.advanceTimersByTime(250);
    ws.receive(welcome(3));
    expect(errors).toEqual([]);
    expect(s.connection).toBe('open');
    s.close();
  });
});
