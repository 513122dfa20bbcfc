import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { createRng, rngFromState, shuffle, type Rng } from '../../src/core/rng.js';
import { gameById } from '../../src/games/index.js';

/** sfc32 written out independently from its published definition, to check the engine's copy. */
function referenceSfc32(a: number, b: number, c: number, d: number, n: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    a >>>= 0;
    b >>>= 0;
    c >>>= 0;
    d >>>= 0;
    let t = (a + b) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    d = (d + 1) | 0;
    t = (t + d) | 0;
    c = (c + t) | 0;
    out.push(t >>> 0);
  }
  return out;
}

test('the generator is sfc32: it matches an independent implementation of the published algorithm', () => {
  const rng = createRng(42);
  const [a, b, c, d] = rng.state();
  const mine = Array.from({ length: 1000 }, () => rng.u32());
  // The reference increments d before adding it, which equals the published order with d one lower.
  assert.deepEqual(mine, referenceSfc32(a, b, c, (d - 1) >>> 0, 1000));
});

test('same seed, same stream; different seeds, different streams', () => {
  const a = createRng(7);
  const b = createRng(7);
  const c = createRng(8);
  const sa = Array.from({ length: 50 }, () => a.u32());
  assert.deepEqual(
    Array.from({ length: 50 }, () => b.u32()),
    sa,
  );
  assert.notDeepEqual(
    Array.from({ length: 50 }, () => c.u32()),
    sa,
  );
  assert.notDeepEqual(stream(createRng('game:1')), stream(createRng('game:2')));
  assert.notDeepEqual(stream(createRng(1)), stream(createRng(4294967297)));
  assert.notDeepEqual(stream(createRng('game:1', 1)), stream(createRng('game:2', 1)));
  assert.notDeepEqual(stream(createRng(1, 1)), stream(createRng(4294967297, 1)));
});

const stream = (rng: Rng, n = 8): number[] => Array.from({ length: n }, () => rng.u32());

/** Two seeds the legacy seeding's FNV-1a hash maps to the same 32 bits (found by a birthday search). */
const COLLIDING = ['seed-649864', 'seed-1617280'] as const;

test('issue 13 #1: two seeds that collide under the legacy 32-bit hash play different games', () => {
  // The bug, kept for old records: seeding 1 gives both seeds one stream.
  assert.deepEqual(stream(createRng(COLLIDING[0], 1)), stream(createRng(COLLIDING[1], 1)));
  assert.notDeepEqual(stream(createRng(COLLIDING[0])), stream(createRng(COLLIDING[1])));
  for (const id of ['relic-runners', 'quetzal']) {
    const g = gameById(id);
    const [a, b] = COLLIDING.map((seed) => g.hash(g.setup(g.options(undefined), 2, createRng(seed))));
    assert.notEqual(a, b, `${id}: the two seeds set up the same game`);
  }
});

test('issue 13 #1: seeds differing only in the last character of 60 give unrelated streams', () => {
  const base = 'x'.repeat(59);
  const streams = ['a', 'b', 'c', 'd'].map((last) => stream(createRng(base + last), 64));
  for (let i = 0; i < streams.length; i++) {
    for (let j = i + 1; j < streams.length; j++) {
      // Unrelated streams agree in about one output of 2^32; equal positions would betray a shared state.
      assert.equal(streams[i]!.filter((x, k) => x === streams[j]![k]).length, 0);
    }
  }
});

test('issue 13 #1: the whole 128-bit state comes from the SHA-256 of the seed text', () => {
  // Seeding 2 is defined independently here: big-endian words of the digest's first 16 bytes, 12 outputs discarded.
  for (const seed of ['quetzal:7', 'ü seed ✓', 123456789012345]) {
    const d = createHash('sha256').update(String(seed), 'utf8').digest();
    const words = [0, 4, 8, 12].map((i) => d.readUInt32BE(i));
    const expected = referenceSfc32(words[0]!, words[1]!, words[2]!, (words[3]! - 1) >>> 0, 12 + 20).slice(12);
    assert.deepEqual(stream(createRng(seed), 20), expected);
  }
  // Number 7 and string "7" are one seed (the server stores seeds as text).
  assert.deepEqual(stream(createRng(7)), stream(createRng('7')));
  // Four distinct words: all of the state is seeded, not one word stretched.
  assert.equal(new Set(createRng('state').state()).size, 4);
  assert.throws(() => createRng('\ud800'), /lone surrogate/);
  assert.throws(() => createRng(Number.NaN), /finite/);
});

test('issue 13 #1: a fork gets 128 fresh bits under seeding 2 and the legacy 32 under seeding 1', () => {
  // Values of the code before seeding 2, which version-1 records depend on.
  assert.deepEqual(stream(createRng(42, 1), 3), [1028872839, 2516511472, 400437680]);
  assert.deepEqual(stream(createRng('legacy-v1:1', 1), 3), [3493001432, 2716142682, 1860946125]);
  assert.deepEqual(createRng('fork-parent', 1).fork().state(), [1702124456, 4279868495, 841458753, 183999437]);
  // Seeding 2: the child's state is four parent outputs (warmed up), not a 32-bit seed.
  const parent = createRng('fork-parent');
  const [a, b, c, d] = stream(createRng('fork-parent'), 4);
  assert.deepEqual(stream(parent.fork(), 20), referenceSfc32(a!, b!, c!, (d! - 1) >>> 0, 32).slice(12));
});

test('a generator restored from its state continues the same stream', () => {
  const a = createRng('fork');
  a.u32();
  const b = rngFromState(a.state());
  assert.deepEqual(
    Array.from({ length: 20 }, () => b.u32()),
    Array.from({ length: 20 }, () => a.u32()),
  );
});

test('int(n) is uniform and in range; shuffle is a permutation', () => {
  const rng = createRng(3);
  const counts = new Array<number>(6).fill(0);
  for (let i = 0; i < 60_000; i++) counts[rng.int(6)]!++;
  for (const c of counts) assert.ok(Math.abs(c - 10_000) < 500, `bucket ${c}`);
  assert.throws(() => rng.int(0), RangeError);
  const arr = shuffle(rng, [1, 2, 3, 4, 5, 6, 7, 8]);
  assert.deepEqual([...arr].sort(), [1, 2, 3, 4, 5, 6, 7, 8]);
  const f = rng.float();
  assert.ok(f >= 0 && f < 1);
});
