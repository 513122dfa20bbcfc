import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { RawData } from 'ws';
import { botPauseMs, DEFAULT_BOT_DELAY_MS } from '../../src/bots/pacing.js';
import { createGame, hello, startServer } from '../helpers/server.js';
import { parseMsg } from '../helpers/wire.js';

test('bot pacing: a pause per decision, a longer one when the turn passes to another seat; 0 stays 0', () => {
  assert.equal(botPauseMs(DEFAULT_BOT_DELAY_MS, false), DEFAULT_BOT_DELAY_MS);
  assert.ok(botPauseMs(DEFAULT_BOT_DELAY_MS, true) > DEFAULT_BOT_DELAY_MS);
  assert.equal(botPauseMs(0, true), 0);
});

test("the server spaces a bots' game's decisions by the pacing: each after the pause, a turn change after the longer one", async () => {
  const srv = await startServer('sqlite', { botThreads: 0 });
  try {
    const perDecision = 60;
    const id = await createGame(srv.base, {
      seed: 'pace',
      botDelayMs: perDecision,
      seats: [
        { kind: 'bot', bot: 'greedy' },
        { kind: 'bot', bot: 'greedy' },
      ],
    });
    const c = await srv.client();
    const seen: { at: number; moves: number; mover: number | null }[] = [];
    let lastToAct: number | null = null;
    c.ws.on('message', (d: RawData) => {
      const m = parseMsg(d);
      if (m.type !== 'state' || seen.length >= 24) return;
      seen.push({ at: performance.now(), moves: m.moves, mover: lastToAct });
      lastToAct = m.toAct;
    });
    const w = await hello(c, id);
    lastToAct = w.toAct;
    const start = performance.now();
    while (seen.length < 24 && performance.now() - start < 20_000) await new Promise((r) => setTimeout(r, 20));
    assert.equal(seen.length, 24);
    let changes = 0;
    for (let i = 1; i < seen.length; i++) {
      const gap = seen[i]!.at - seen[i - 1]!.at;
      // The seat that played move i, against the one that played move i-1.
      const turnChange = seen[i]!.mover !== seen[i - 1]!.mover;
      if (turnChange) changes++;
      // A few ms of slack: the client reads each message a little after the server sent it.
      assert.ok(gap >= botPauseMs(perDecision, turnChange) - 8, `move ${seen[i]!.moves}: ${gap.toFixed(0)} ms after the previous one`);
    }
    assert.ok(changes > 0, 'the turn passed at least once');
  } finally {
    await srv.stop();
  }
});
