/** Costly requests (welcomes, creations) take turns with the rest of the server's work. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Turns } from '../../src/server/turns.js';

/** Work that takes `ms` of the event loop (a costly welcome). */
function busy(ms: number): void {
  const end = performance.now() + ms;
  while (performance.now() < end);
}

test('a burst of costly requests goes on one per event-loop turn, with other work between', async () => {
  const turns = new Turns(10);
  const order: string[] = [];
  // Each takes longer than a turn's budget: the next one waits for the next turn.
  const waits = ['a', 'b', 'c'].map((name) =>
    turns.next().then(() => {
      busy(15);
      order.push(name);
    }),
  );
  // Work that arrives after the burst began (another client's message, a /health probe).
  setImmediate(() => {
    order.push('other');
    setImmediate(() => order.push('other again'));
  });
  await Promise.all(waits);
  assert.deepEqual(order, ['a', 'other', 'b', 'other again', 'c']);
});

test('a burst of cheap requests (welcomes after a failover) goes on many per turn, each still after the call', async () => {
  const turns = new Turns(10);
  let turn = 0;
  let counting = true;
  const tick = () => {
    turn++;
    if (counting) setImmediate(tick);
  };
  setImmediate(tick);
  let sync = true;
  const at: number[] = [];
  const waits = Array.from({ length: 300 }, () =>
    turns.next().then(() => {
      assert.equal(sync, false, 'released in the turn of the call');
      at.push(turn);
    }),
  );
  sync = false;
  await Promise.all(waits);
  counting = false;
  // One per turn took 300 turns; within the budget they take a few (64 at most per turn).
  assert.ok(new Set(at).size < 50, `300 cheap waiters took ${new Set(at).size} turns`);
  assert.equal(turns.queued, 0);
});
