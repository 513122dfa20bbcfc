/** The heartbeat beats every socket once per period, a slice at a time, never all in one turn. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Heartbeat } from '../../src/server/heartbeat.js';

test('each socket beats once per period, and one timer turn beats a twentieth of them', (t) => {
  t.mock.timers.enable({ apis: ['setInterval'] });
  const period = 2000;
  const hb = new Heartbeat(period);
  const beats = new Map<number, number>();
  const stops = Array.from({ length: 400 }, (_, i) => hb.add({ heartbeat: () => beats.set(i, (beats.get(i) ?? 0) + 1) }));
  const total = () => [...beats.values()].reduce((a, b) => a + b, 0);

  t.mock.timers.tick(period / 20);
  assert.equal(total(), 20, 'the first turn beats one slice');
  t.mock.timers.tick(period - period / 20);
  assert.equal(beats.size, 400, 'every socket beat within one period');
  assert.ok(
    [...beats.values()].every((n) => n === 1),
    'and each once',
  );

  // A closed socket beats no more.
  for (const stop of stops.slice(0, 200)) stop();
  t.mock.timers.tick(period);
  assert.ok([...beats.entries()].every(([i, n]) => n === (i < 200 ? 1 : 2)));
  hb.stop();
  t.mock.timers.tick(period);
  assert.equal(total(), 600, 'stopped');
});
