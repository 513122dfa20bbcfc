import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { RawData } from 'ws';
import { botPauseMs, DEFAULT_BOT_DELAY_MS } from '../../src/bots/pacing.js';
import { createGame, hello, live, startServer, until } from '../helpers/server.js';
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
    const states: number[] = [];
    c.ws.on('message', (d: RawData) => {
      const m = parseMsg(d);
      if (m.type === 'state') states.push(m.moves);
    });
    await hello(c, id);
    const g = await live(srv.hub, id);
    await until(() => g.match.decisions >= 24, '24 bot decisions', 20_000);
    const moves = g.moves.slice(0, 24);
    let changes = 0;
    for (let i = 1; i < moves.length; i++) {
      // When the server played each decision: the client reads its messages late when the test
      // process is busy, two of them at once, so the pauses are measured where they are made.
      const gap = g.timeOf(i) - g.timeOf(i - 1);
      const turnChange = moves[i]!.seat !== moves[i - 1]!.seat;
      if (turnChange) changes++;
      // A timer may fire a millisecond early by Date.now().
      assert.ok(gap >= botPauseMs(perDecision, turnChange) - 1, `move ${i}: ${gap} ms after the previous one`);
    }
    await until(() => states.includes(24), 'the state after move 24 to reach the client');
    assert.ok(changes > 0, 'the turn passed at least once');
  } finally {
    await srv.stop();
  }
});
