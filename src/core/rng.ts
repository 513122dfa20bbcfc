import { chacha20 } from '@noble/ciphers/chacha.js';
import { hkdf } from '@noble/hashes/hkdf.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { InvalidInput } from './errors.js';

/**
 * Seeded random numbers, of two kinds.
 *
 * sfc32 (Chris Doty-Humphrey's Small Fast Counting generator, PractRand-clean) is fast and only
 * statistical: its state can in principle be worked out from its outputs. Bots and tools draw from
 * it (playouts, samples: what they draw reveals nothing of a game), and so did games set up under
 * seedings 1 and 2.
 *
 * ChaCha20 (RFC 8439, @noble/ciphers) is a stream cipher: no number of its outputs predicts
 * another without its 256-bit key. Games set up under seeding 3 draw from it, so that no public
 * roll and no revealed card tells anything about a hidden card.
 *
 * Both use only 32-bit integer arithmetic, so every platform gives the same stream.
 */

/**
 * How a seed becomes a generator: a record's `version`.
 * 3 (current): a ChaCha20 key from HKDF-SHA256 of the seed (SET_UP_INFO); the set-up's draws are
 * that keystream, and the draws during play (`playState`) come from two further keys taken from
 * it, one for public draws (dice), one for hidden ones (reshuffles).
 * 2 (records before seeding 3): SHA-256 of the UTF-8 of String(seed) fills sfc32's 128-bit state,
 * and the game's draws during play share one sfc32 stream forked from it.
 * 1 (records before seeding 2): the seed was hashed to 32 bits and stretched by splitmix32, so
 * 2^32 trials recovered any game's seed from its opening view.
 */
export type Seeding = 1 | 2 | 3;
export const CURRENT_SEEDING: Seeding = 3;
/** The seeding of the fast generator (sfc32, 128-bit state from SHA-256) that bots and tools draw from. */
export const FAST_SEEDING = 2;

export interface Rng {
  /** Uniform 32-bit unsigned integer. */
  u32(): number;
  /** Uniform integer in [0, n). */
  int(n: number): number;
  /** Uniform float in [0, 1). */
  float(): number;
  /** Snapshot of the generator, to serialise or to go on from (rngFromState). */
  state(): RngState;
  /**
   * A new generator of the same kind seeded from this one's next outputs: a ChaCha20 generator's
   * child is keyed by its next 256 bits; an sfc32 child gets a full 128-bit state under seeding 2,
   * and 32 bits under seeding 1, as records of version 1 need.
   */
  fork(): Rng;
  /**
   * The generator state a game keeps for its draws during play (Quetzal's dice and reshuffles),
   * made from this generator's next outputs: an sfc32 generator forks one stream for every draw;
   * a ChaCha20 generator takes one key for public draws, then one for hidden draws.
   */
  playState(): PlayRngState;
}

/** The fast generator: sfc32 (seedings 1 and 2). */
export interface FastRng extends Rng {
  state(): Sfc32State;
  fork(): FastRng;
  playState(): Sfc32State;
}

/** sfc32's four words. */
export type Sfc32State = readonly [number, number, number, number];
/** A ChaCha20 stream: its key (64 hex digits) and the number of 32-bit words drawn from it. */
export interface ChaChaState {
  readonly chacha20: string;
  readonly at: number;
}
export type RngState = Sfc32State | ChaChaState;

/** Whether what a draw decides is shown to everyone (a die) or kept from someone (a shuffle, a face-down tile). */
export type DrawKind = 'public' | 'hidden';

/**
 * The generator a game keeps in its state for draws during play: plain JSON, hashed and copied
 * with the state. One sfc32 stream serves every kind of draw (games set up under seedings 1 and 2,
 * and every sample a bot plays out: determinize puts a fork of the bot's own generator there);
 * a game set up under seeding 3 keeps one ChaCha20 stream per kind of draw.
 */
export type PlayRngState = Sfc32State | { readonly public: ChaChaState; readonly hidden: ChaChaState };

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

/** int and float from u32, the same for every generator. */
abstract class Draws {
  abstract u32(): number;

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
}

class Sfc32 extends Draws implements FastRng {
  constructor(
    private a: number,
    private b: number,
    private c: number,
    private d: number,
    private readonly seeding: 1 | 2,
  ) {
    super();
  }

  u32(): number {
    const t = (((this.a + this.b) >>> 0) + this.d) >>> 0;
    this.d = (this.d + 1) >>> 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) >>> 0;
    this.c = ((this.c << 21) | (this.c >>> 11)) >>> 0;
    this.c = (this.c + t) >>> 0;
    return t;
  }

  state(): Sfc32State {
    return [this.a, this.b, this.c, this.d];
  }

  fork(): Sfc32 {
    if (this.seeding === 1) return legacySfc32(this.u32());
    return warmedUp(new Sfc32(this.u32(), this.u32(), this.u32(), this.u32(), 2));
  }

  playState(): Sfc32State {
    return this.fork().state();
  }
}

/** Discards the first outputs: sfc32's authors recommend warming up. */
function warmedUp(rng: Sfc32): Sfc32 {
  for (let i = 0; i < 12; i++) rng.u32();
  return rng;
}

function legacySfc32(seed: number | string): Sfc32 {
  const next = splitmix32(seedToU32(seed));
  return warmedUp(new Sfc32(next(), next(), next(), next(), 1));
}

/** Each key drives one stream only, so one fixed nonce serves them all. */
const NONCE = new Uint8Array(12);
const BLOCK_WORDS = 16;
/** Blocks made at once: a game's rolls restore its stream every few words, and a call costs most of a few blocks. */
const BATCH = 4;
const ZEROS = new Uint8Array(64 * BATCH);
const KEYSTREAM = new Uint8Array(64 * BATCH);
const KEYSTREAM_WORDS = new DataView(KEYSTREAM.buffer);
/** RFC 8439's block counter is 32 bits. */
const MAX_WORDS = 2 ** 32 * BLOCK_WORDS;

/** Keystream words from stream index `first` on (never written once made). */
interface Batch {
  readonly first: number;
  readonly words: Uint32Array;
}
const NO_WORDS: Batch = { first: 0, words: new Uint32Array(0) };
/**
 * The latest batch of each of the streams drawn from lately, by key: a game's state holds its
 * generator as JSON, so each roll starts from a restored stream, and the next rolls mostly fall in
 * the batch the last ones were drawn from. A batch is a function of its key and index alone.
 */
const RECENT = new Map<string, Batch>();
const RECENT_MAX = 64;

function batchAt(hex: string, at: number): Batch {
  const hit = RECENT.get(hex);
  if (hit !== undefined && at >= hit.first && at < hit.first + hit.words.length) return hit;
  if (at >= MAX_WORDS) throw new RangeError('a ChaCha20 stream has no more words (2^32 blocks drawn)');
  const block = Math.floor(at / BLOCK_WORDS);
  const bytes = 64 * Math.min(BATCH, 2 ** 32 - block);
  chacha20(hexToBytes(hex), NONCE, ZEROS.subarray(0, bytes), KEYSTREAM.subarray(0, bytes), block);
  const words = new Uint32Array(bytes / 4);
  for (let i = 0; i < words.length; i++) words[i] = KEYSTREAM_WORDS.getUint32(4 * i, true);
  const made = { first: block * BLOCK_WORDS, words };
  RECENT.delete(hex);
  RECENT.set(hex, made);
  if (RECENT.size > RECENT_MAX) RECENT.delete(RECENT.keys().next().value!);
  return made;
}

/** The ChaCha20 keystream of one key, read as little-endian 32-bit words from block 0 of the all-zero nonce. */
class ChaCha20Stream extends Draws implements Rng {
  private batch = NO_WORDS;

  constructor(
    private readonly hex: string,
    private at: number,
  ) {
    super();
  }

  u32(): number {
    let i = this.at - this.batch.first;
    if (i >= this.batch.words.length) {
      this.batch = batchAt(this.hex, this.at);
      i = this.at - this.batch.first;
    }
    this.at++;
    return this.batch.words[i]!;
  }

  state(): ChaChaState {
    return { chacha20: this.hex, at: this.at };
  }

  fork(): ChaCha20Stream {
    const key = new Uint8Array(32);
    const view = new DataView(key.buffer);
    for (let i = 0; i < 8; i++) view.setUint32(4 * i, this.u32(), true);
    return new ChaCha20Stream(bytesToHex(key), 0);
  }

  playState(): PlayRngState {
    const pub = this.fork().state();
    return { public: pub, hidden: this.fork().state() };
  }
}

const utf8 = new TextEncoder();

/** HKDF-SHA256's `info` for seeding 3's key (no salt: the seed is the secret). */
export const SET_UP_INFO = 'expedition seeding 3: set-up';

/**
 * A generator for `seed`. The default is the fast one (sfc32, FAST_SEEDING) that bots and tools
 * draw from; a game is set up with its record's version (Match), CURRENT_SEEDING for a new one.
 */
export function createRng(seed: number | string, seeding?: 1 | 2): FastRng;
export function createRng(seed: number | string, seeding: Seeding): Rng;
export function createRng(seed: number | string, seeding: Seeding = FAST_SEEDING): Rng {
  if (typeof seed === 'number' && !Number.isFinite(seed)) throw new InvalidInput(`seed must be a finite number, got ${seed}`);
  if (seeding === 1) return legacySfc32(seed);
  const text = String(seed);
  // UTF-8 turns every lone surrogate into U+FFFD, so two such seeds would share one game.
  if (/\p{Cs}/u.test(text)) throw new InvalidInput('seed must be well-formed Unicode text (it has a lone surrogate)');
  if (seeding === 3) return new ChaCha20Stream(bytesToHex(hkdf(sha256, utf8.encode(text), undefined, utf8.encode(SET_UP_INFO), 32)), 0);
  const digest = sha256(utf8.encode(text));
  const word = new DataView(digest.buffer, digest.byteOffset, 16);
  return warmedUp(new Sfc32(word.getUint32(0), word.getUint32(4), word.getUint32(8), word.getUint32(12), 2));
}

const HEX_KEY = /^[0-9a-f]{64}$/;

/** A generator going on from a snapshot; an sfc32 one forks with seeding 2. */
export function rngFromState(st: Sfc32State): FastRng;
export function rngFromState(st: RngState): Rng;
export function rngFromState(st: RngState): Rng {
  if (isSfc32(st)) return new Sfc32(st[0] >>> 0, st[1] >>> 0, st[2] >>> 0, st[3] >>> 0, 2);
  if (!HEX_KEY.test(st.chacha20) || !Number.isSafeInteger(st.at) || st.at < 0 || st.at > MAX_WORDS)
    throw new RangeError('not a ChaCha20 stream state (64 hex digits and a word count)');
  return new ChaCha20Stream(st.chacha20, st.at);
}

const isSfc32 = (st: RngState | PlayRngState): st is Sfc32State => Array.isArray(st);

/** The generator for draws of `kind` from a game's in-play state (playState); playStateAfter gives the state after them. */
export function playRng(st: PlayRngState, kind: DrawKind): Rng {
  return rngFromState(isSfc32(st) ? st : st[kind]);
}

/** The in-play state after `rng`, from playRng(st, kind), has drawn. */
export function playStateAfter(st: PlayRngState, kind: DrawKind, rng: Rng): PlayRngState {
  const now = rng.state();
  if (isSfc32(st)) {
    if (!isSfc32(now)) throw new TypeError('an sfc32 play state takes an sfc32 generator back');
    return now;
  }
  if (isSfc32(now)) throw new TypeError('a ChaCha20 play state takes a ChaCha20 generator back');
  return kind === 'public' ? { public: now, hidden: st.hidden } : { public: st.public, hidden: now };
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
