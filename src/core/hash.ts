/**
 * A stable 64-bit hash (two independent 32-bit FNV-1a style lanes) of a string, as 16 hex digits.
 * Used for state hashes: equal strings give equal hashes on every platform.
 */
export function hashString(s: string): string {
  startLanes();
  feedText(s);
  return finish(lane1, lane2);
}

/*
 * The lanes of hashString, and hashJson: `hashString(JSON.stringify(v))` without writing the text. A server hashes the state
 * after every move (the stored log carries it), and the text would be ~1 KB made and dropped per
 * move for the hash alone. The lanes below are hashString's, fed the characters JSON.stringify would
 * write, in its order (own enumerable keys; undefined, functions and symbols left out of objects
 * and null in arrays). What this walk does not write the same way itself (strings that need
 * escapes, numbers other than small integers, objects that are not plain) it hands to
 * JSON.stringify, so the hash is hashString's for every value.
 */
let lane1 = 0;
let lane2 = 0;

function startLanes(): void {
  lane1 = 0x811c9dc5;
  lane2 = 0x9747b28c;
}

function feedChar(c: number): void {
  lane1 = Math.imul(lane1 ^ c, 0x01000193);
  lane2 = Math.imul(lane2 ^ c, 0x5bd1e995);
  lane2 ^= lane2 >>> 15;
}

function feedText(s: string): void {
  let h1 = lane1;
  let h2 = lane2;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 0x01000193);
    h2 = Math.imul(h2 ^ c, 0x5bd1e995);
    h2 ^= h2 >>> 15;
  }
  lane1 = h1;
  lane2 = h2;
}

/** Digits of an integer from 0 to 2^31, most significant first. */
function feedDigits(n: number): void {
  if (n >= 10) {
    const high = (n / 10) | 0;
    if (high >= 10) feedDigits(high);
    else feedChar(48 + high);
  }
  feedChar(48 + (n % 10));
}

function feedString(s: string): void {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    // Quotes, backslashes, control characters and surrogates are escaped (or may be): JSON writes those.
    if (c < 0x20 || c === 34 || c === 92 || (c >= 0xd800 && c <= 0xdfff)) {
      feedText(JSON.stringify(s));
      return;
    }
  }
  feedChar(34);
  feedText(s);
  feedChar(34);
}

/** Whether JSON.stringify leaves the value out of an object (and writes null for it in an array). */
const omitted = (v: unknown): boolean => v === undefined || typeof v === 'function' || typeof v === 'symbol';

function feedValue(v: unknown): void {
  if (typeof v === 'number') {
    if (v === (v | 0)) {
      if (v < 0) {
        feedChar(45);
        feedDigits(-v);
      } else feedDigits(v);
    } else feedText(JSON.stringify(v));
  } else if (typeof v === 'string') feedString(v);
  else if (typeof v === 'boolean') feedText(v ? 'true' : 'false');
  else if (v === null) feedText('null');
  else if (Array.isArray(v)) {
    feedChar(91);
    for (let i = 0; i < v.length; i++) {
      if (i > 0) feedChar(44);
      const x: unknown = v[i];
      if (omitted(x)) feedText('null');
      else feedValue(x);
    }
    feedChar(93);
  } else if (typeof v === 'object') {
    const proto: unknown = Object.getPrototypeOf(v);
    if ((proto !== Object.prototype && proto !== null) || typeof (v as { toJSON?: unknown }).toJSON === 'function') {
      feedText(JSON.stringify(v));
      return;
    }
    feedChar(123);
    let first = true;
    // for-in walks a plain object's own keys in Object.keys' order (its prototype, checked above,
    // has none to add) without making their array: the server hashes a state after every move.
    for (const k in v) {
      const x = (v as Record<string, unknown>)[k];
      if (omitted(x)) continue;
      if (!first) feedChar(44);
      first = false;
      feedString(k);
      feedChar(58);
      feedValue(x);
    }
    feedChar(125);
  } else {
    // A bigint throws here as JSON.stringify throws; undefined, a function or a symbol alone writes nothing.
    const text = JSON.stringify(v) as string | undefined;
    if (text !== undefined) feedText(text);
  }
}

/** `hashString(JSON.stringify(v))` (with the same fault for a value JSON refuses), without the text. */
export function hashJson(v: unknown): string {
  startLanes();
  feedValue(v);
  return finish(lane1, lane2);
}

function finish(h1: number, h2: number): string {
  h1 = Math.imul(h1 ^ (h1 >>> 16), 0x85ebca6b);
  h1 = Math.imul(h1 ^ (h1 >>> 13), 0xc2b2ae35);
  h1 ^= h1 >>> 16;
  h2 = Math.imul(h2 ^ (h2 >>> 16), 0x7feb352d);
  h2 = Math.imul(h2 ^ (h2 >>> 15), 0x846ca68b);
  h2 ^= h2 >>> 16;
  return (h1 >>> 0).toString(16).padStart(8, '0') + (h2 >>> 0).toString(16).padStart(8, '0');
}

/** JSON with object keys sorted, so that equal values give equal text. */
export function canonicalJson(v: unknown): string {
  if (v === null || typeof v !== 'object') return JSON.stringify(v) ?? 'null';
  if (Array.isArray(v)) return '[' + v.map(canonicalJson).join(',') + ']';
  const keys = Object.keys(v as Record<string, unknown>)
    .filter((k) => (v as Record<string, unknown>)[k] !== undefined)
    .sort();
  return '{' + keys.map((k) => JSON.stringify(k) + ':' + canonicalJson((v as Record<string, unknown>)[k])).join(',') + '}';
}

/**
 * Whether two values have the same canonical JSON (`canonicalJson(a) === canonicalJson(b)`),
 * without writing either out: finding a choice that crossed a wire among the legal ones compares
 * it with each of them (a replay does it for every stored move), and most differ early.
 */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  const ao = typeof a === 'object' && a !== null;
  const bo = typeof b === 'object' && b !== null;
  // Two different primitives are equal only as JSON writes them (undefined and NaN as null).
  if (!ao || !bo) return !ao && !bo && (JSON.stringify(a) ?? 'null') === (JSON.stringify(b) ?? 'null');
  const arr = Array.isArray(a);
  if (arr !== Array.isArray(b)) return false;
  if (arr) {
    const x = a as unknown[];
    const y = b as unknown[];
    if (x.length !== y.length) return false;
    for (let i = 0; i < x.length; i++) if (!sameJson(x[i], y[i])) return false;
    return true;
  }
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  let n = 0;
  for (const k of Object.keys(x)) {
    if (x[k] === undefined) continue;
    n++;
    // A member set to undefined is absent from JSON (where, in an array, it is null).
    if (!Object.hasOwn(y, k) || y[k] === undefined || !sameJson(x[k], y[k])) return false;
  }
  // As many keys with a value on each side: the same keys.
  for (const k of Object.keys(y)) if (y[k] !== undefined) n--;
  return n === 0;
}
