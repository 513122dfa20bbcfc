/**
 * The server session and the rematch: the welcome's offer is kept in the snapshot through the
 * state messages that follow, each `rematch` message replaces it, and an answer is sent as a
 * request that its ack resolves (an error rejects it with the server's words).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { Snapshot } from '../src/net/session.js';
import { FakeSocket, fakeSession } from './fake-socket.js';

const welcome = (rematch?: object) => ({
  type: 'welcome',
  game: 'g1',
  seat: 1,
  moves: 70,
  at: 5000,
  status: 'finished',
  toAct: null,
  events: [],
  canUndo: false,
  clocks: null,
  seats: [
    { seat: 0, kind: 'human', name: 'Ada', bot: null, claimed: true, connected: true, awayMs: null },
    { seat: 1, kind: 'human', name: 'Bo', bot: null, claimed: true, connected: true, awayMs: null },
  ],
  awayAfterMs: 180_000,
  seq: 80,
  view: { game: 'quetzal', result: { scores: [1, 2] } },
  logFrom: 70,
  log: [],
  ...(rematch ? { rematch } : {}),
});

describe('server session: the rematch', () => {
  beforeEach(() => {
    FakeSocket.all = [];
  });

  function session(rematch?: object) {
    const { s } = fakeSession();
    const snaps: Snapshot[] = [];
    s.subscribe((sn) => snaps.push(sn));
    const ws = FakeSocket.all[0]!;
    ws.open();
    ws.receive(welcome(rematch));
    ws.sent = [];
    return { s, ws, snaps };
  }

  it('keeps the welcome’s offer through state messages, and takes each rematch message', () => {
    const offer = { accepted: [0], declined: [], waiting: [1] };
    const { ws, snaps } = session(offer);
    expect(snaps.at(-1)!.rematch).toEqual(offer);
    const told = snaps.length;
    ws.receive({ ...welcome(), type: 'state', seq: 81, patch: [], seats: undefined, view: undefined });
    expect(snaps).toHaveLength(told + 1);
    expect(snaps.at(-1)!.rematch).toEqual(offer);
    const next = { accepted: [0, 1], declined: [], waiting: [], next: { game: 'g2', seat: 0, token: 't', key: 'k' } };
    ws.receive({ type: 'rematch', ...next });
    expect(snaps.at(-1)!.rematch).toEqual(next);
    expect(snaps.at(-1)!.moves).toBe(70);
  });

  it('a welcome without an offer has none', () => {
    const { snaps } = session();
    expect(snaps.at(-1)!.rematch).toBeUndefined();
  });

  it('sends an answer and resolves on its ack, rejects with the server’s words', async () => {
    const { s, ws } = session();
    const accepted = s.answerRematch(true);
    expect(ws.sent).toEqual([{ type: 'rematch', accept: true, id: 'c1' }]);
    ws.receive({ type: 'ack', id: 'c1' });
    await expect(accepted).resolves.toBeUndefined();
    const declined = s.answerRematch(false);
    ws.receive({ type: 'error', id: 'c2', code: 'no_rematch', message: 'no rematch is offered: there is nothing to decline' });
    await expect(declined).rejects.toThrow('nothing to decline');
  });
});
