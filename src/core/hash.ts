/**
 * A stable 64-bit hash (two independent 32-bit FNV-1a style lanes) of a string, as 16 hex digits.
 * Used for state hashes: equal strings give equal hashes on every platform.
 */
export function hashString(s: string): string {
  let h1 = 0x811c9dc5;
  let h2 = 0x9747b28c;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 0x01000193);
    h2 = Math.imul(h2 ^ c, 0x5bd1e995);
    h2 ^= h2 >>> 15;
  }
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
