import { test } from 'node:test';
import assert from 'node:assert/strict';
import { hashJson, hashString } from '../../src/core/hash.js';
import { createRng, type Rng } from '../../src/core/rng.js';
import { GAMES } from '../../src/bots/registry.js';
import { randomGame } from '../helpers/play.js';
import { hashedFields as rrFields, type State as RRState } from '../../src/games/relic-runners/state.js';
import { hashedFields as qFields, type State as QState } from '../../src/games/quetzal/state.js';

/** Numbers where JSON's text is not the plain digits (fractions, exponents, -0, the int32 edges, NaN). */
const NUMBERS = [
  0,
  -0,
  7,
  -7,
  10,
  99,
  100,
  65535,
  2147483647,
  -2147483647,
  -2147483648,
  2147483648,
  1e21,
  -1e-7,
  0.1,
  1.5,
  NaN,
  Infinity,
  -Infinity,
  Number.MAX_SAFE_INTEGER,
];
/** Strings JSON writes as they are, and ones it escapes (quotes, backslashes, control characters, lone and paired surrogates). */
const STRINGS = ['', 'move', 'ruin-3', 'é', 'a"b', 'back\\slash', 'tab\there', 'line\n', '\u0000', '\ud800', 'x\udfff', '😀', '\u2028'];

/** A JSON-like value with whatever JSON.stringify treats specially along the way. */
function value(rng: Rng, depth: number): unknown {
  const k = rng.int(depth > 3 ? 7 : 12);
  if (k === 0) return null;
  if (k === 1) return NUMBERS[rng.int(NUMBERS.length)];
  if (k === 2) return rng.int(1000) - 500;
  if (k === 3) return STRINGS[rng.int(STRINGS.length)];
  if (k === 4) return rng.int(2) === 0;
  if (k === 5) return [undefined, () => 1, Symbol('s')][rng.int(3)];
  if (k === 6)
    return [
      new Date(rng.int(2 ** 32) * 300),
      new Map([[1, 2]]),
      Object.assign(Object.create(null) as object, { n: 1 }),
      { toJSON: () => 'own' },
    ][rng.int(4)];
  if (k < 9) return Array.from({ length: rng.int(5) }, () => value(rng, depth + 1));
  const o: Record<string, unknown> = {};
  for (const key of ['t', STRINGS[rng.int(STRINGS.length)]!, '2', '10', 'k"'].slice(0, 1 + rng.int(5))) o[key] = value(rng, depth + 1);
  return o;
}

test('hashJson is hashString of the JSON text, for any value JSON writes (seeded random values)', () => {
  const seed = 'hash-json';
  const rng = createRng(seed);
  for (let i = 0; i < 20_000; i++) {
    const v = value(rng, 0);
    const text = JSON.stringify(v) as string | undefined;
    // A lone undefined, function or symbol has no JSON text: hashed as nothing, the empty text.
    assert.equal(hashJson(v), hashString(text ?? ''), `seed ${seed}, value ${i}: ${text}`);
  }
  assert.throws(() => hashJson({ big: 1n }), TypeError, 'a value JSON refuses is refused');
});

test("both games' state hashes are the hash of their states' JSON text, through whole games", () => {
  for (const game of GAMES.values()) {
    for (let seats = game.minSeats; seats <= game.maxSeats; seats++) {
      randomGame(game, seats, 1000 + seats, {
        visit: (s) => {
          const fields = game.id === 'relic-runners' ? rrFields(s as RRState) : qFields(s as QState);
          assert.equal(game.hash(s), hashString(JSON.stringify(fields)), `${game.id}, ${seats} seats`);
        },
      });
    }
  }
});
