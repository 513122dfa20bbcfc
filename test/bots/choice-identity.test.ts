import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRng } from '../../src/core/rng.js';
import { quetzal } from '../../src/games/quetzal/index.js';
import { relicRunners } from '../../src/games/relic-runners/index.js';
import type { AnyGame, Choice } from '../../src/core/game.js';

/**
 * Quetzal's placements and Relic Runners' moves are handed out as one frozen object per distinct
 * choice, which the search keys once (src/bots/ismcts.ts): listing the choices of a state twice,
 * or of another state offering the same choice, gives the same objects, and none can be changed.
 */
function checkIdentity(game: AnyGame, tag: string, seed: string): number {
  const s = game.setup(game.options(undefined), 2, createRng(seed));
  const rng = createRng(`${seed}:play`);
  const seen = new Map<string, Choice>();
  let checked = 0;
  for (let step = 0; step < 300 && game.toAct(s) !== null; step++) {
    const a = game.choices(s);
    const b = game.choices(s);
    assert.equal(a.length, b.length, `seed ${seed}, step ${step}`);
    a.forEach((c, i) => {
      if ((c as { t: string }).t !== tag) return;
      assert.equal(b[i], c, `seed ${seed}, step ${step}: a ${tag} listed twice is one object`);
      assert.ok(Object.isFrozen(c), `seed ${seed}, step ${step}: a ${tag} is frozen`);
      const key = JSON.stringify(c);
      const before = seen.get(key);
      if (before !== undefined) assert.equal(c, before, `seed ${seed}: ${key} in two states is one object`);
      seen.set(key, c);
      checked++;
    });
    game.apply(s, a[rng.int(a.length)]!, false);
  }
  return checked;
}

test('Quetzal placements listed twice are one frozen object each', () => {
  for (const seed of ['id1', 'id2']) assert.ok(checkIdentity(quetzal, 'place', seed) > 100);
});

test('Relic Runners moves listed twice are one frozen object each', () => {
  for (const seed of ['id1', 'id2']) assert.ok(checkIdentity(relicRunners, 'move', seed) > 100);
  const s = relicRunners.setup(relicRunners.options(undefined), 2, createRng('id3'));
  const move = relicRunners.choices(s).find((c) => (c as { t: string }).t === 'move') as { trails: number[] } | undefined;
  assert.ok(move);
  assert.throws(() => move.trails.push(0), TypeError, 'a move’s trails cannot be changed');
});
