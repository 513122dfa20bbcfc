/**
 * Seeded random numbers: sfc32 (Chris Doty-Humphrey's Small Fast Counting generator, PractRand-clean),
 * seeded through splitmix32. Only 32-bit integer arithmetic, so every platform gives the same stream.
 */
export interface Rng {
  /** Uniform 32-bit unsigned integer. */
  u32(): number;
  /** Uniform integer in [0, n). */
  int(n: number): number;
  /** Uniform float in [0, 1). */
  float(): number;
  /** Snapshot of the generator, to serialise or to fork. */
  state(): RngState;
}

export type RngState = readonly [number, number, number, number];

/** Turns any seed (number or string) into a 32-bit integer, deterministically. */
export function seedToU32(seed: number | string): number {
  if (typeof seed === 'number') {
    if (!Number.isFinite(seed)) throw new RangeError(`seed must be a finite number, got ${seed}`);
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
  constructor(private a: number, private b: number, private c: number, private d: number) {}

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
}

export function createRng(seed: number | string): Rng {
  const next = splitmix32(seedToU32(seed));
  const rng = new Sfc32(next(), next(), next(), next());
  // Discard the first outputs: sfc32's authors recommend warming up.
  for (let i = 0; i < 12; i++) rng.u32();
  return rng;
}

export function rngFromState(st: RngState): Rng {
  return new Sfc32(st[0] >>> 0, st[1] >>> 0, st[2] >>> 0, st[3] >>> 0);
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
