import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRng } from '../../src/core/rng.js';
import { relicRunners as g } from '../../src/games/relic-runners/index.js';
import { tileColour, tileLevel } from '../../src/games/relic-runners/tiles.js';
import { forSeeds, randomGame, range } from '../helpers/rr.js';

test('determinize keeps what the seat knows of stacks and blue tiles and redraws the rest among unseen tiles', () => {
  forSeeds(range(0, 60), (seed) => {
    randomGame(seed, 4, 100, (s, c, rng) => {
      if (rng.int(4) !== 0) return;
      const q = rng.int(s.seats);
      const d = g.determinize(s, q, createRng(seed));
      // Whichever seat the sample is for, the legal choices stay the same and the chosen move still
      // applies: no Relic Runners choice depends on hidden information.
      assert.deepEqual(g.choices(d), g.choices(s));
      g.apply(g.clone(d), c);
      // Sizes stay; own blue tiles stay; stacks keep their heights and colours.
      d.stacks.forEach((st, i) => {
        assert.deepEqual(
          st.map((t) => [tileColour(t), tileLevel(t)]),
          s.stacks[i]!.map((t) => [tileColour(t), tileLevel(t)]),
        );
      });
      assert.deepEqual(d.players[q]!.blue, s.players[q]!.blue);
      d.players.forEach((p, i) => assert.deepEqual(p.blue.map(tileLevel), s.players[i]!.blue.map(tileLevel)));
      // The original is untouched.
      assert.notEqual(d.stacks, s.stacks);
    });
  });
});

test('determinize actually varies the hidden information', () => {
  const s = randomGame(11, 4, 20);
  const hashes = new Set(range(0, 20).map((i) => g.hash(g.determinize(s, 0, createRng(i)))));
  assert.ok(hashes.size > 10, `only ${hashes.size} distinct samples`);
});

test('§7, RR-END-3 at the end everything in the views is public: determinize leaves every view unchanged', () => {
  let s = randomGame(0, 2, 3000);
  for (let seed = 1; !s.over; seed++) s = randomGame(seed, 2, 3000);
  for (let q = 0; q < 2; q++) {
    const d = g.determinize(s, q, createRng(q));
    for (const viewer of [null, 0, 1]) assert.deepEqual(g.view(d, viewer), g.view(s, viewer));
  }
});
