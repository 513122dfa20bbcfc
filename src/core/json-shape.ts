import { InvalidInput } from './errors.js';

/** How deep and how large a parsed JSON value from outside may be before anything walks it. */
export interface JsonLimits {
  /** Nesting of arrays and objects; a scalar is depth 0. */
  readonly maxDepth: number;
  /** Arrays, objects and scalars counted together. */
  readonly maxNodes: number;
}

/**
 * Refuses a value nested or sized beyond `limits`. It walks with an explicit stack, so a hostile
 * value cannot overflow the call stack here, and every recursive walk after it (canonical JSON,
 * schema checks, the engine's comparisons) only ever sees bounded values.
 */
export function checkJsonShape(value: unknown, limits: JsonLimits, what = 'the message'): void {
  // Two parallel stacks, not a [value, depth] pair per value: every message a server reads is walked here.
  const values: unknown[] = [value];
  const depths: number[] = [0];
  let nodes = 0;
  while (values.length > 0) {
    const v = values.pop();
    const depth = depths.pop()!;
    if (++nodes > limits.maxNodes) throw new InvalidInput(`${what} has more than ${limits.maxNodes} values`);
    if (v === null || typeof v !== 'object') continue;
    if (depth >= limits.maxDepth) throw new InvalidInput(`${what} is nested more than ${limits.maxDepth} levels deep`);
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) {
        values.push(v[i]);
        depths.push(depth + 1);
      }
    } else {
      for (const k in v) {
        if (!Object.hasOwn(v, k)) continue;
        values.push((v as Record<string, unknown>)[k]);
        depths.push(depth + 1);
      }
    }
  }
}
