import { sha256 } from '@noble/hashes/sha2.js';
import { InvalidInput } from './errors.js';

/**
 * Seeded random numbers: sfc32 (Chris Doty-Humphrey's Small Fast Counting generator, PractRand-clean).
 * Only 32-bit integer arithmetic, so every platform gives the same stream.
 */

/**
 * How a seed becomes the generator's 128-bit state.
 * 2 (current): SHA-256 of the UTF-8 of String(seed) fills all four words, so no two seeds share a
 * game and guessing the state means guessing the seed (a random server seed has 128 bits).
 * 1 (legacy, for records written before): the seed was hashed to 32 bits and stretched by
 * splitmix32, so 2^32 trials recovered any game's seed from its opening view.
 */
export type Seeding = 1 | 2;
export const CURRENT_SEEDING: Seeding = 2;

export interface Rng {
  /** Uniform 32-bit unsigned integer. */
  u32(): number;
  /** Uniform integer in [0, n). */
  int(n: number): number;
  /** Uniform float in [0, 1). */
  float(): number;
  /** Snapshot of the generator, to serialise or to fork. */
  state(): RngState;
  /**
   * A new generator seeded from this one's next outputs: a hidden sub-stream (a game's dice) gets a
   * full 128-bit state under seeding 2; under seeding 1 it gets 32 bits, as records of version 1 need.
   */
  fork(): Rng;
}

export type RngState = readonly [number, number, number, number];

/** Seeding 1: any seed (number or string) to a 32-bit integer. */
function seedToU32(seed: number | string): number {
  if (typeof seed === 'number') {
    // Mix both halves of a large integer seed so that 2^32 + 1 and 1 differ.
    const lo = seed >>> 0;
    const hi = Math.floor(seed / 4294967296) >>> 0;
    return (lo ^ Math.imul(hi, 0x9e3779b1)) >>> 0;
  }
  let h = 0x811c9dc5;
  for (let i = 0; i < seed.length; i++) {
    h ^= seed.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

function splitmix32(x: number): () => number {
  let s = x >>> 0;
  return () => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) >>> 0;
  };
}

class Sfc32 implements Rng {
  constructor(
    private a: number,
    private b: number,
    private c: number,
    private d: number,
    private readonly seeding: Seeding,
  ) {}

  u32(): number {
    const t = (((this.a + this.b) >>> 0) + this.d) >>> 0;
    this.d = (this.d + 1) >>> 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) >>> 0;
    this.c = ((this.c << 21) | (this.c >>> 11)) >>> 0;
    this.c = (this.c + t) >>> 0;
    return t;
  }

  int(n: number): number {
    if (!(n > 0) || n > 4294967296 || !Number.isInteger(n)) throw new RangeError(`int(n) needs an integer 1..2^32, got ${n}`);
    // Rejection sampling keeps the result exactly uniform.
    const limit = 4294967296 - (4294967296 % n);
    for (;;) {
      const x = this.u32();
      if (x < limit) return x % n;
    }
  }

  float(): number {
    return this.u32() / 4294967296;
  }

  state(): RngState {
    return [this.a, this.b, this.c, this.d];
  }

  fork(): Rng {
    if (this.seeding === 1) return createRng(this.u32(), 1);
    return warmedUp(new Sfc32(this.u32(), this.u32(), this.u32(), this.u32(), 2));
  }
}

/** Discards the first outputs: sfc32's authors recommend warming up. */
function warmedUp(rng: Sfc32): Sfc32 {
  for (let i = 0; i < 12; i++) rng.u32();
  return rng;
}

const utf8 = new TextEncoder();

/** A generator for `seed`; `seeding` 1 only to replay what was played before seeding 2 existed. */
export function createRng(seed: number | string, seeding: Seeding = CURRENT_SEEDING): Rng {
  if (typeof seed === 'number' && !Number.isFinite(seed)) throw new InvalidInput(`seed must be a finite number, got ${seed}`);
  if (seeding === 1) {
    const next = splitmix32(seedToU32(seed));
    return warmedUp(new Sfc32(next(), next(), next(), next(), 1));
  }
  const text = String(seed);
  // UTF-8 turns every lone surrogate into U+FFFD, so two such seeds would share one game.
  if (/\p{Cs}/u.test(text)) throw new InvalidInput('seed must be well-formed Unicode text (it has a lone surrogate)');
  const digest = sha256(utf8.encode(text));
  const word = new DataView(digest.buffer, digest.byteOffset, 16);
  return warmedUp(new Sfc32(word.getUint32(0), word.getUint32(4), word.getUint32(8), word.getUint32(12), 2));
}

/** A generator continuing from a snapshot; it forks with the current seeding. */
export function rngFromState(st: RngState): Rng {
  return new Sfc32(st[0] >>> 0, st[1] >>> 0, st[2] >>> 0, st[3] >>> 0, CURRENT_SEEDING);
}

/** Fisher–Yates shuffle in place. */
export function shuffle<T>(rng: Rng, arr: T[]): T[] {
  for (let i = arr.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    const t = arr[i]!;
    arr[i] = arr[j]!;
    arr[j] = t;
  }
  return arr;
}
