import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkJsonShape } from '../../src/core/json-shape.js';
import { InvalidInput } from '../../src/core/errors.js';

const LIMITS = { maxDepth: 8, maxNodes: 50 };

/** `depth` objects, each inside the one before: {"a":{"a":…{"a":1}}}. */
const nestedObjects = (depth: number): unknown => JSON.parse('{"a":'.repeat(depth) + '1' + '}'.repeat(depth));

test('objects nested past the limit are refused, as arrays are', () => {
  assert.doesNotThrow(() => checkJsonShape(nestedObjects(LIMITS.maxDepth), LIMITS));
  assert.throws(
    () => checkJsonShape(nestedObjects(LIMITS.maxDepth + 1), LIMITS),
    (e: unknown) => e instanceof InvalidInput && /nested more than 8 levels deep/.test(e.message),
  );
});

test('values are counted through objects and arrays alike, the root included', () => {
  const fits = { list: Array.from({ length: 24 }, () => ({ x: 1 })) }; // 1 + 1 + 24 × 2 = 50
  assert.doesNotThrow(() => checkJsonShape(fits, LIMITS));
  assert.throws(
    () => checkJsonShape({ ...fits, one: 'more' }, LIMITS, 'the request body'),
    (e: unknown) => e instanceof InvalidInput && e.message === 'the request body has more than 50 values',
  );
  // An empty array and a null count one value each, as a number does.
  const mixed = { list: Array.from({ length: 25 }, (_, i) => ({ i: i % 2 === 0 ? [] : null })) }; // 1 + 1 + 25 × 2 = 52
  assert.throws(() => checkJsonShape(mixed, LIMITS), InvalidInput);
});

test("an object's inherited properties are not its values", () => {
  const withProto = Object.create({ hidden: Array.from({ length: 100 }, () => 1) }) as Record<string, unknown>;
  withProto.own = 1;
  assert.doesNotThrow(() => checkJsonShape(withProto, LIMITS));
});
