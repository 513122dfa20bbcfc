import { test } from 'node:test';
import assert from 'node:assert/strict';
import { IllegalChoice } from '../../src/core/errors.js';
import { relicRunners as g, type RRChoice, type State } from '../../src/games/relic-runners/index.js';
import { forSeeds, randomGame, range } from '../helpers/rr.js';

function rejects(s: State, c: unknown): void {
  const before = g.hash(s);
  const cs = g.choices(s);
  let err: unknown;
  try {
    g.apply(s, c);
  } catch (e) {
    err = e;
  }
  assert.ok(err instanceof IllegalChoice, `${JSON.stringify(c)} was accepted`);
  assert.ok(err.reason.length > 10, 'the rejection gives no reason');
  assert.equal(g.hash(s), before, `rejecting ${JSON.stringify(c)} changed the state`);
  assert.deepEqual(g.choices(s), cs);
}

/** Choices that are near misses of legal ones: each must be refused. */
function nearMisses(s: State, legal: readonly RRChoice[], stale: RRChoice | undefined): unknown[] {
  const key = new Set(legal.map((c) => JSON.stringify(c)));
  const out: unknown[] = [
    null,
    7,
    'move',
    [],
    {},
    { t: 7 },
    { t: 'dance' },
    { t: 'move' },
    { t: 'move', trails: [] },
    { t: 'move', trails: [999] },
    { t: 'move', trails: 'x' },
    { t: 'step', col: 'spoon', level: 0 },
    { t: 'place', trail: -1 },
    { t: 'keep', effect: 9 },
    { t: 'pick', depth: 99 },
    { t: 'neighbour', site: 'camp' },
    { t: 'teleport', to: 'nowhere' },
  ];
  const c = legal[0]!;
  out.push({ ...c, extra: 1 });
  if ('trails' in c) out.push({ ...c, trails: [...c.trails, c.trails[0]] });
  if ('trail' in c) out.push({ ...c, trail: c.trail + 1000 });
  if ('use' in c || 'take' in c) out.push({ ...c, use: 'yes', take: 'yes' });
  if (stale && !key.has(JSON.stringify(stale))) out.push(stale);
  return out.filter((x) => !key.has(JSON.stringify(x)));
}

test('every illegal choice is rejected with a reason and leaves the state hash unchanged', () => {
  let tried = 0;
  forSeeds(range(0, 40), (seed) => {
    let previous: RRChoice | undefined;
    randomGame(seed, 2 + (seed % 4), 80, (s, c) => {
      for (const bad of nearMisses(s, g.choices(s), previous)) {
        rejects(s, bad);
        tried++;
      }
      previous = c;
    });
  });
  assert.ok(tried > 10_000, `only ${tried} tried`);
});

test('a finished game accepts no choice', () => {
  let s: State | undefined;
  for (let seed = 0; !s?.over; seed++) s = randomGame(seed, 2, 3000);
  assert.equal(g.toAct(s), null);
  assert.deepEqual(g.choices(s), []);
  rejects(s, { t: 'end' });
});

test('a legal choice given as a fresh object (as from JSON) is accepted', () => {
  const s = randomGame(3, 3, 10);
  const c = JSON.parse(JSON.stringify(g.choices(s)[0]));
  const before = g.hash(s);
  g.apply(s, c);
  assert.notEqual(g.hash(s), before);
});
