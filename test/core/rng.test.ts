import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createCipheriv, createHash, hkdfSync } from 'node:crypto';
import {
  createRng,
  playRng,
  playStateAfter,
  rngFromState,
  SET_UP_INFO,
  shuffle,
  type ChaChaState,
  type PlayRngState,
  type Rng,
} from '../../src/core/rng.js';
import { gameById } from '../../src/bots/registry.js';

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

test('two seeds that collide under the legacy 32-bit hash play different games', () => {
  // The bug, kept for old records: seeding 1 gives both seeds one stream.
  assert.deepEqual(stream(createRng(COLLIDING[0], 1)), stream(createRng(COLLIDING[1], 1)));
  assert.notDeepEqual(stream(createRng(COLLIDING[0])), stream(createRng(COLLIDING[1])));
  for (const id of ['relic-runners', 'quetzal']) {
    const g = gameById(id);
    const [a, b] = COLLIDING.map((seed) => g.hash(g.setup(g.options(undefined), 2, createRng(seed))));
    assert.notEqual(a, b, `${id}: the two seeds set up the same game`);
  }
});

test('seeds differing only in the last character of 60 give unrelated streams', () => {
  const base = 'x'.repeat(59);
  const streams = ['a', 'b', 'c', 'd'].map((last) => stream(createRng(base + last), 64));
  for (let i = 0; i < streams.length; i++) {
    for (let j = i + 1; j < streams.length; j++) {
      // Unrelated streams agree in about one output of 2^32; equal positions would betray a shared state.
      assert.equal(streams[i]!.filter((x, k) => x === streams[j]![k]).length, 0);
    }
  }
});

test('the whole 128-bit state comes from the SHA-256 of the seed text', () => {
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

test('a fork gets 128 fresh bits under seeding 2 and the legacy 32 under seeding 1', () => {
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
  // A ChaCha20 stream, restored inside a block, at a block's end, and after a batch of blocks.
  for (const skip of [0, 5, 16, 80]) {
    const c = createRng('fork', 3);
    stream(c, skip);
    const d = rngFromState(c.state());
    assert.deepEqual(stream(d, 100), stream(c, 100), `restored after ${skip} words`);
  }
  const key = (createRng('fork', 3).state() as ChaChaState).chacha20;
  for (const bad of [
    { chacha20: key.slice(1), at: 0 },
    { chacha20: key.toUpperCase(), at: 0 },
    { chacha20: key, at: -1 },
    { chacha20: key, at: 1.5 },
  ])
    assert.throws(() => rngFromState(bad), /not a ChaCha20 stream state/, JSON.stringify(bad));
});

/**
 * ChaCha20's keystream (RFC 8439) from OpenSSL through node:crypto, not the engine's library:
 * `n` little-endian words from word `from` of block 0, with the all-zero nonce.
 */
function referenceChaCha20(key: Buffer, n: number, from = 0): number[] {
  // OpenSSL's 16-byte IV is the 32-bit block counter (little-endian) and then the 12-byte nonce.
  const bytes = createCipheriv('chacha20', key, Buffer.alloc(16)).update(Buffer.alloc(4 * (from + n)));
  return Array.from({ length: n }, (_, i) => bytes.readUInt32LE(4 * (from + i)));
}
function keyOf(words: number[]): Buffer {
  const key = Buffer.alloc(32);
  words.forEach((w, i) => key.writeUInt32LE(w, 4 * i));
  return key;
}
function keyed(st: PlayRngState): { public: ChaChaState; hidden: ChaChaState } {
  assert.ok(!Array.isArray(st), 'a ChaCha20 generator keeps keyed streams for play');
  return st as { public: ChaChaState; hidden: ChaChaState };
}

test('seeding 3 is ChaCha20 keyed by HKDF-SHA256 of the seed, and its play streams by the next 512 bits of it', () => {
  for (const seed of ['quetzal:7', 'ü seed ✓', 123456789012345, '0123456789abcdef0123456789abcdef']) {
    const key = Buffer.from(hkdfSync('sha256', String(seed), Buffer.alloc(0), SET_UP_INFO, 32));
    const rng = createRng(seed, 3);
    // 40 words: across a block's end and a refill of the batch.
    assert.deepEqual(stream(rng, 40), referenceChaCha20(key, 40), String(seed));
    // The play streams' keys are the next 16 words: the public stream's 8, then the hidden one's.
    const next = referenceChaCha20(key, 16, 40);
    const play = keyed(rng.playState());
    assert.deepEqual(play.public, { chacha20: keyOf(next.slice(0, 8)).toString('hex'), at: 0 });
    assert.deepEqual(play.hidden, { chacha20: keyOf(next.slice(8)).toString('hex'), at: 0 });
    assert.deepEqual(stream(playRng(play, 'public'), 70), referenceChaCha20(keyOf(next.slice(0, 8)), 70));
    assert.deepEqual(stream(playRng(play, 'hidden'), 70), referenceChaCha20(keyOf(next.slice(8)), 70));
  }
  assert.deepEqual(stream(createRng(7, 3)), stream(createRng('7', 3)));
  assert.notDeepEqual(stream(createRng(COLLIDING[0], 3)), stream(createRng(COLLIDING[1], 3)));
  assert.throws(() => createRng('\ud800', 3), /lone surrogate/);
  assert.throws(() => createRng(Number.POSITIVE_INFINITY, 3), /finite/);
});

test('ChaCha20 streams restored in turn, more of them than the batches kept, each go on with their own keystream', () => {
  const seeds = Array.from({ length: 100 }, (_, i) => `turns:${i}`);
  let states = seeds.map((seed) => createRng(seed, 3).state());
  const drawn = seeds.map((): number[] => []);
  for (let round = 0; round < 12; round++) {
    states = states.map((st, i) => {
      const rng = rngFromState(st);
      drawn[i]!.push(...stream(rng, 7));
      return rng.state();
    });
  }
  seeds.forEach((seed, i) => {
    const key = Buffer.from(hkdfSync('sha256', seed, Buffer.alloc(0), SET_UP_INFO, 32));
    assert.deepEqual(drawn[i], referenceChaCha20(key, 84), seed);
  });
});

test('draws of one kind leave the other kind of a ChaCha20 play state where it was', () => {
  const st = keyed(createRng('kinds', 3).playState());
  for (const [kind, other] of [
    ['public', 'hidden'],
    ['hidden', 'public'],
  ] as const) {
    const rng = playRng(st, kind);
    const drawn = stream(rng, 1000);
    const after = keyed(playStateAfter(st, kind, rng));
    assert.deepEqual(after[kind], { chacha20: st[kind].chacha20, at: 1000 });
    assert.equal(after[other], st[other]);
    assert.deepEqual(stream(playRng(after, other), 50), stream(playRng(st, other), 50));
    // No word of one stream turns up in the other (two unrelated streams share one word of 2^32).
    const others = new Set(stream(playRng(st, other), 1000));
    assert.ok(drawn.filter((w) => others.has(w)).length <= 1);
  }
  // An sfc32 play state (seedings 1 and 2, and a bot's sample) is one stream for both kinds.
  const fast = createRng('kinds').playState();
  const dice = playRng(fast, 'public');
  dice.u32();
  assert.deepEqual(stream(playRng(playStateAfter(fast, 'public', dice), 'hidden')), stream(dice));
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
