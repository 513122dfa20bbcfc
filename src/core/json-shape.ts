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
  const stack: [unknown, number][] = [[value, 0]];
  let nodes = 0;
  while (stack.length > 0) {
    const [v, depth] = stack.pop()!;
    if (++nodes > limits.maxNodes) throw new InvalidInput(`${what} has more than ${limits.maxNodes} values`);
    if (v === null || typeof v !== 'object') continue;
    if (depth >= limits.maxDepth) throw new InvalidInput(`${what} is nested more than ${limits.maxDepth} levels deep`);
    const children = Array.isArray(v) ? v : Object.values(v as Record<string, unknown>);
    for (const c of children) stack.push([c, depth + 1]);
  }
}
