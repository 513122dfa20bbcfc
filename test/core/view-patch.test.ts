import { test } from 'node:test';
import assert from 'node:assert/strict';
import { applyViewPatch, diffView, type ViewPatch } from '../../src/core/view-patch.js';
import { createRng, type Rng } from '../../src/core/rng.js';
import { GAMES } from '../../src/bots/registry.js';
import { forSeeds, range, setupGame } from '../helpers/play.js';

/** What crosses the wire: the patch as JSON text and back. */
const wire = (p: ViewPatch): ViewPatch => JSON.parse(JSON.stringify(p)) as ViewPatch;

function checkPatch(a: unknown, b: unknown): number {
  const before = JSON.stringify(a);
  const patch = wire(diffView(a, b));
  const got = applyViewPatch(JSON.parse(before) as unknown, patch);
  assert.deepEqual(got, JSON.parse(JSON.stringify(b)));
  // Nothing of the old value is changed in place: a client keeps it until the new one is drawn.
  assert.equal(JSON.stringify(a), before);
  return JSON.stringify(patch).length;
}

test('a patch turns every seat’s and a spectator’s view into the next one, over whole seeded games of each game', () => {
  for (const game of GAMES.values()) {
    forSeeds(range(1, 3), (seed) => {
      const seats = game.minSeats + (seed % (game.maxSeats - game.minSeats + 1));
      const s = setupGame(game, seats, seed);
      const rng = createRng(`patch:${seed}`);
      const audiences = [null, ...range(0, seats)];
      let prev = audiences.map((a) => JSON.parse(JSON.stringify(game.view(s, a))) as unknown);
      let whole = 0;
      let sent = 0;
      for (let n = 0; game.toAct(s) !== null && n < 2000; n++) {
        const cs = game.choices(s);
        game.apply(s, cs[rng.int(cs.length)]!);
        const next = audiences.map((a) => JSON.parse(JSON.stringify(game.view(s, a))) as unknown);
        next.forEach((v, i) => {
          sent += checkPatch(prev[i], v);
          whole += JSON.stringify(v).length;
        });
        prev = next;
      }
      // The point of patches: far fewer bytes than whole views.
      assert.ok(sent < whole / 2, `${game.id} seed ${seed}: patches ${sent} B vs whole views ${whole} B`);
    });
  }
});

function randomJson(rng: Rng, depth: number): unknown {
  const r = rng.int(depth > 3 ? 4 : 7);
  if (r === 0) return rng.int(5);
  if (r === 1) return ['a', 'b', 'c'][rng.int(3)];
  if (r === 2) return rng.int(2) === 0;
  if (r === 3) return null;
  if (r === 4 || r === 5) return Array.from({ length: rng.int(6) }, () => randomJson(rng, depth + 1));
  return Object.fromEntries(
    range(0, rng.int(5)).map((): [string, unknown] => [['x', 'y', 'z', 'w', 'v'][rng.int(5)]!, randomJson(rng, depth + 1)]),
  );
}

/** A copy of `v` with a few random changes deep inside. */
function mutate(rng: Rng, v: unknown, depth = 0): unknown {
  if (rng.int(6) === 0 || depth > 5) return randomJson(rng, depth);
  if (Array.isArray(v)) {
    const out: unknown[] = (v as unknown[]).map((x) => (rng.int(3) === 0 ? mutate(rng, x, depth + 1) : x));
    if (rng.int(3) === 0) out.length = rng.int(out.length + 1);
    if (rng.int(3) === 0) out.push(randomJson(rng, depth + 1));
    return out;
  }
  if (typeof v === 'object' && v !== null) {
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) if (rng.int(5) !== 0) out[k] = rng.int(3) === 0 ? mutate(rng, x, depth + 1) : x;
    if (rng.int(3) === 0) out[['x', 'y', 'q'][rng.int(3)]!] = randomJson(rng, depth + 1);
    return out;
  }
  return randomJson(rng, depth);
}

test('a patch turns any JSON value into any changed copy of it (seeded random values)', () => {
  forSeeds(range(0, 3000), (seed) => {
    const rng = createRng(`json:${seed}`);
    const a = randomJson(rng, 0);
    checkPatch(a, mutate(rng, a));
    checkPatch(a, a);
  });
});

test('equal values give an empty patch, and unchanged parts keep their identity after applying', () => {
  const a = { board: { sites: [1, 2, 3] }, players: [{ vp: 1 }, { vp: 2 }] };
  assert.deepEqual(diffView(a, structuredClone(a)), []);
  const b = { ...structuredClone(a), players: [{ vp: 1 }, { vp: 5 }] };
  const patch = diffView(a, b);
  assert.deepEqual(patch, [[['players', 1, 'vp'], 5]]);
  const got = applyViewPatch(a, patch);
  assert.equal(got.board, a.board);
  assert.equal(got.players[0], a.players[0]);
  assert.notEqual(got.players, a.players);
});

test('a key whose value is undefined is absent, as in the whole view sent as JSON: deleted, never set to null', () => {
  const a: Record<string, unknown> = { offer: { vp: 2 }, keep: 1, later: undefined };
  const b: Record<string, unknown> = { offer: undefined, keep: 1, later: 3 };
  const got = applyViewPatch(JSON.parse(JSON.stringify(a)) as unknown, wire(diffView(a, b)));
  assert.deepEqual(got, JSON.parse(JSON.stringify(b)));
  assert.equal(Object.hasOwn(got as object, 'offer'), false, 'the key is gone, not null');
});

test('operations after the first through one object change the copy this patch made, never the view held nor the values in the patch', () => {
  const held = { a: { b: { c: 1, d: 2 } }, e: [1, 2, 3] };
  const heldText = JSON.stringify(held);
  const patch: ViewPatch = [
    [['a', 'b', 'c'], 5],
    [['a', 'b', 'd'], 6],
    [['e'], [7]],
    [['e', 1], 8],
    [['a', 'x'], { y: 1 }],
    [['a', 'x', 'z'], 2],
  ];
  const patchText = JSON.stringify(patch);
  const got = applyViewPatch(held, patch);
  assert.deepEqual(got, { a: { b: { c: 5, d: 6 }, x: { y: 1, z: 2 } }, e: [7, 8] });
  assert.equal(JSON.stringify(held), heldText, 'the view held changed');
  assert.equal(JSON.stringify(patch), patchText, 'a value in the patch changed');
  // Applied again to the view held: the same result, so the first application left no trace.
  assert.deepEqual(applyViewPatch(held, patch), got);
});

test('in place, a patch changes the view held itself into the same result as a copying one (seeded random values)', () => {
  forSeeds(range(0, 2000), (seed) => {
    const rng = createRng(`in-place:${seed}`);
    const a = randomJson(rng, 0);
    const patch = wire(diffView(a, mutate(rng, a)));
    const copied = applyViewPatch(structuredClone(a), patch);
    const held = structuredClone(a);
    const got = applyViewPatch(held, patch, { inPlace: true });
    assert.deepEqual(got, copied);
    // Whatever the root was (an object or array the patch goes into), it is the view held, changed.
    if (typeof held === 'object' && held !== null && patch.every((op) => op[0].length > 0)) assert.equal(got, held);
  });
  const held = { a: { b: 1 }, c: [1, 2] };
  const a = held.a;
  applyViewPatch(held, [[['a', 'b'], 2]], { inPlace: true });
  assert.equal(held.a, a, 'no object on the path was copied');
  assert.deepEqual(held, { a: { b: 2 }, c: [1, 2] });
});
