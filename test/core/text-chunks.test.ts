import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRng } from '../../src/core/rng.js';
import { TextChunks } from '../../src/core/text-chunks.js';

test('texts kept in chunks read back as pushed, across chunk ends, after any truncation (seeded)', () => {
  for (const per of [1, 3, 16]) {
    const seed = `chunks-${per}`;
    const rng = createRng(seed);
    const chunks = new TextChunks(per);
    const plain: string[] = [];
    for (let step = 0; step < 2_000; step++) {
      if (plain.length > 0 && rng.int(8) === 0) {
        const n = rng.int(plain.length + 1);
        chunks.truncate(n);
        plain.length = n;
      } else {
        // Texts of every length, the empty one included: ends are what tells them apart.
        const t = rng.int(5) === 0 ? '' : `{"move":${step},"é":"${'x'.repeat(rng.int(40))}"}`;
        chunks.push(t);
        plain.push(t);
      }
      assert.equal(chunks.length, plain.length, `seed ${seed}, step ${step}`);
      const i = rng.int(plain.length + 1) - 1;
      if (i >= 0) assert.equal(chunks.at(i), plain[i], `seed ${seed}, step ${step}: text #${i}`);
    }
    for (let i = 0; i < plain.length; i++) assert.equal(chunks.at(i), plain[i], `seed ${seed}: text #${i}`);
  }
});

test('chunks refuse what they do not hold', () => {
  const c = new TextChunks(2);
  c.push('a');
  assert.throws(() => c.at(1), RangeError);
  assert.throws(() => c.at(-1), RangeError);
  assert.throws(() => c.truncate(-1), RangeError);
  assert.throws(() => new TextChunks(0), RangeError);
  c.truncate(5);
  assert.equal(c.length, 1, 'keeping more than there is keeps all');
});
