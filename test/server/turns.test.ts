/** Costly requests (welcomes, creations) take turns with the rest of the server's work. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Turns } from '../../src/server/turns.js';

test('issue 13 #4: a burst of costly requests goes on one per event-loop turn, with other work between', async () => {
  const turns = new Turns();
  const order: string[] = [];
  const waits = ['a', 'b', 'c'].map((name) => turns.next().then(() => order.push(name)));
  // Work that arrives after the burst began (another client's message, a /health probe).
  setImmediate(() => {
    order.push('other');
    setImmediate(() => order.push('other again'));
  });
  await Promise.all(waits);
  assert.deepEqual(order, ['a', 'other', 'b', 'other again', 'c']);
});
