import { test } from 'node:test';
import assert from 'node:assert/strict';
import { findChoice } from '../../src/core/apply.js';
import { canonicalJson, sameJson } from '../../src/core/hash.js';
import { createRng, type Rng } from '../../src/core/rng.js';
import { GAMES } from '../../src/bots/registry.js';

/** A small JSON-like value: nested arrays and objects of a few keys, with undefined members now and then. */
function value(rng: Rng, depth: number): unknown {
  const k = rng.int(depth > 2 ? 5 : 8);
  if (k === 0) return null;
  if (k === 1) return rng.int(3);
  if (k === 2) return ['a', 'b', '1'][rng.int(3)];
  if (k === 3) return rng.int(2) === 0;
  if (k === 4) return undefined;
  if (k === 5) return Array.from({ length: rng.int(3) }, () => value(rng, depth + 1));
  const o: Record<string, unknown> = {};
  for (const key of ['t', 'x', 'y'].slice(0, 1 + rng.int(3))) if (rng.int(4) > 0) o[key] = value(rng, depth + 1);
  return o;
}

/** The same value with its keys in reverse order, and sometimes one member changed. */
function twin(rng: Rng, v: unknown): unknown {
  if (Array.isArray(v)) return v.map((x) => twin(rng, x));
  if (v !== null && typeof v === 'object') {
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(v).reverse()) out[k] = twin(rng, (v as Record<string, unknown>)[k]);
    if (rng.int(6) === 0) out[['t', 'x', 'z'][rng.int(3)]!] = value(rng, 3);
    return out;
  }
  return rng.int(8) === 0 ? value(rng, 3) : v;
}

test('sameJson tells equal canonical JSON exactly as comparing canonicalJson texts does (seeded random values)', () => {
  const seed = 'same-json';
  const rng = createRng(seed);
  let equal = 0;
  for (let i = 0; i < 20_000; i++) {
    const a = value(rng, 0);
    const b = rng.int(3) === 0 ? value(rng, 0) : twin(rng, a);
    const want = canonicalJson(a) === canonicalJson(b);
    if (want) equal++;
    assert.equal(sameJson(a, b), want, `seed ${seed}, case ${i}: ${canonicalJson(a)} vs ${canonicalJson(b)}`);
    assert.equal(sameJson(b, a), want, `seed ${seed}, case ${i} swapped`);
  }
  assert.ok(equal > 2_000 && equal < 18_000, `both answers were tried (${equal} equal)`);
  // The corners JSON itself has: an absent key and one set to undefined, a NaN written as null, arrays and objects apart.
  assert.ok(sameJson({ t: 'a', x: undefined }, { t: 'a' }));
  assert.ok(sameJson([NaN], [null]));
  assert.ok(!sameJson([], {}));
  assert.ok(!sameJson({ 0: 1 }, [1]));
  assert.ok(!sameJson(JSON.parse('{"__proto__":1}'), {}));
});

test('findChoice finds a legal choice that crossed the wire (keys in any order), and nothing else (both games)', () => {
  for (const game of GAMES.values()) {
    const rng = createRng(`find-${game.id}`);
    let s = game.setup(game.options(undefined), game.minSeats, createRng(`find-${game.id}`));
    for (let i = 0; i < 120 && game.toAct(s) !== null; i++) {
      const cs = game.choices(s);
      for (const c of cs) {
        // Keys in another order finds the engine's own object; a choice changed on the way finds its equal, or none.
        assert.equal(findChoice(cs, JSON.parse(canonicalJson(c))), c, `${game.id} move ${i}: ${canonicalJson(c)}`);
        const wire = JSON.parse(JSON.stringify(twin(rng, c)) ?? 'null') as unknown;
        assert.equal(
          findChoice(cs, wire),
          cs.find((x) => canonicalJson(x) === canonicalJson(wire)),
          `${game.id} move ${i}: ${canonicalJson(wire)}`,
        );
      }
      assert.equal(findChoice(cs, { t: 'no-such-choice' }), undefined);
      game.apply(s, cs[rng.int(cs.length)]);
      if (i === 60) s = game.clone(s);
    }
  }
});
