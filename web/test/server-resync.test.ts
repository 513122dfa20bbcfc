/**
 * The browser's server session applies view patches by seq, ignores old and repeated
 * state messages, and after a missed one says hello again on the same socket (PROTOCOL.md).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { diffView } from '../../src/core/view-patch.js';
import { ServerSession } from '../src/net/server-session.js';
import { FakeSocket } from './fake-socket.js';

/** The game's view after `moves` moves: a board that grows and a counter, as a view changes in play. */
const viewAt = (moves: number) => ({
  choices: [{ t: 'take', n: moves }],
  board: { cells: Array.from({ length: 12 }, (_, i) => (i < moves ? 'x' : '.')), round: 1 + Math.floor(moves / 4) },
  hand: moves % 2 === 0 ? ['a', 'b'] : ['a'],
});

const fields = (moves: number) => ({
  game: 'g1',
  seat: 0,
  moves,
  at: 1000 + moves,
  status: 'active',
  toAct: 0,
  events: [{ type: 'took', n: moves }],
  canUndo: false,
  clocks: null,
  seats: [{ seat: 0, kind: 'human', name: null, bot: null, claimed: true, connected: true, awayMs: null }],
  awayAfterMs: 180_000,
});

const welcome = (moves: number, seq: number) => ({
  type: 'welcome',
  ...fields(moves),
  seq,
  view: viewAt(moves),
  logFrom: 0,
  log: Array.from({ length: moves }, (_, i) => ({ move: i + 1, at: 1000 + i + 1, events: [] })),
});
/** The state after move `moves`, as a patch from the view after the move before (seq = moves + 10). */
const patchState = (moves: number) => ({
  type: 'state',
  ...fields(moves),
  seq: moves + 10,
  patch: diffView(viewAt(moves - 1), viewAt(moves)),
});

describe('server session: patches and resync', () => {
  beforeEach(() => {
    FakeSocket.all = [];
  });

  function session() {
    const s = new ServerSession('g1', 'tok-0123456789abcdef', { url: 'ws://x/ws', WebSocket: FakeSocket as unknown as typeof WebSocket });
    const snaps: { moves: number; view: unknown }[] = [];
    s.subscribe((sn) => snaps.push({ moves: sn.moves, view: sn.view }));
    const ws = FakeSocket.all[0]!;
    ws.open();
    return { s, snaps, ws };
  }

  it('applies each patch to the view it holds', () => {
    const { s, snaps, ws } = session();
    ws.receive(welcome(2, 12));
    ws.receive(patchState(3));
    ws.receive(patchState(4));
    expect(snaps.map((x) => x.moves)).toEqual([2, 3, 4]);
    expect(snaps.at(-1)!.view).toEqual(viewAt(4));
    expect(ws.sent).toHaveLength(1);
    s.close();
  });

  it('a dropped state message leads to a hello on the same socket, and the view is right after the welcome', () => {
    const { s, snaps, ws } = session();
    ws.receive(welcome(2, 12));
    ws.receive(patchState(3));
    // patchState(4) is lost on the way.
    ws.receive(patchState(5));
    expect(snaps.at(-1)!.moves).toBe(3);
    expect(ws.sent).toHaveLength(2);
    expect(ws.sent[1]).toEqual({ type: 'hello', game: 'g1', token: 'tok-0123456789abcdef', since: 3, at: 1003 });
    expect(FakeSocket.all).toHaveLength(1);
    // States that come before the welcome cannot be applied: ignored.
    ws.receive(patchState(6));
    expect(snaps.at(-1)!.moves).toBe(3);
    ws.receive({ ...welcome(6, 16), logFrom: 3, log: [4, 5, 6].map((m) => ({ move: m, at: 1000 + m, events: [] })) });
    ws.receive(patchState(7));
    expect(snaps.at(-1)).toEqual({ moves: 7, view: viewAt(7) });
    expect(ws.sent).toHaveLength(2);
    s.close();
  });

  it('a refused hello after a gap closes the socket, and a new one says hello again', () => {
    const { s, ws } = session();
    ws.receive(welcome(2, 12));
    ws.receive(patchState(4));
    expect(ws.sent.at(-1)).toMatchObject({ type: 'hello' });
    ws.receive({ type: 'error', code: 'rate_limited', message: 'slow down' });
    expect(s.connection).toBe('reconnecting');
    s.close();
  });

  it('an old or repeated state message is ignored', () => {
    const { s, snaps, ws } = session();
    ws.receive(welcome(2, 12));
    ws.receive(patchState(3));
    ws.receive(patchState(3));
    ws.receive(patchState(2));
    ws.receive({ type: 'state', ...fields(1), seq: 11, view: viewAt(1) });
    expect(snaps.map((x) => x.moves)).toEqual([2, 3]);
    expect(snaps.at(-1)!.view).toEqual(viewAt(3));
    expect(ws.sent).toHaveLength(1);
    ws.receive(patchState(4));
    expect(snaps.at(-1)).toEqual({ moves: 4, view: viewAt(4) });
    s.close();
  });

  it('a state with the whole view is taken as is, even after a gap', () => {
    const { s, snaps, ws } = session();
    ws.receive(welcome(2, 12));
    ws.receive({ type: 'state', ...fields(5), seq: 15, view: viewAt(5) });
    ws.receive(patchState(6));
    expect(snaps.at(-1)).toEqual({ moves: 6, view: viewAt(6) });
    expect(ws.sent).toHaveLength(1);
    s.close();
  });

  it('a state message without seats keeps the seats and away time it had; one with seats replaces them', () => {
    const s = new ServerSession('g1', 'tok-0123456789abcdef', { url: 'ws://x/ws', WebSocket: FakeSocket as unknown as typeof WebSocket });
    const seen: { seats: unknown; awayAfterMs: unknown }[] = [];
    s.subscribe((sn) => seen.push({ seats: sn.seats.map((x) => [x.seat, x.connected]), awayAfterMs: sn.awayAfterMs }));
    const ws = FakeSocket.all[0]!;
    ws.open();
    ws.receive(welcome(2, 12));
    // A move's state message, as the server sends it: no seats, no away time.
    const { seats: _seats, awayAfterMs: _away, ...bare } = patchState(3);
    ws.receive(bare);
    expect(seen).toHaveLength(2);
    expect(seen[1]).toEqual(seen[0]);
    expect(seen[1]).toEqual({ seats: [[0, true]], awayAfterMs: 180_000 });
    // After someone came or went, the state message carries the seats again: they replace the held ones.
    const gone = [{ seat: 0, kind: 'human', name: null, bot: null, claimed: true, connected: false, awayMs: 5 }];
    const { awayAfterMs: _away2, ...withSeats } = { ...patchState(4), seats: gone };
    ws.receive(withSeats);
    expect(seen.at(-1)).toEqual({ seats: [[0, false]], awayAfterMs: 180_000 });
    s.close();
  });
});
