import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { botFromSpec } from '../../src/bots/index.js';
import { playTournament, runTournament, seatedFor } from '../../src/cli/tournament.js';
import { gameById } from '../../src/games/index.js';

describe('tournament', () => {
  it('seats rotate: bot k sits at seat (k + g − 1) mod n in game g', () => {
    assert.deepEqual(seatedFor(['a', 'b', 'c'], 1), ['a', 'b', 'c']);
    assert.deepEqual(seatedFor(['a', 'b', 'c'], 2), ['c', 'a', 'b']);
    assert.deepEqual(seatedFor(['a', 'b', 'c'], 4), ['a', 'b', 'c']);
  });

  it('playTournament on 2 workers sums up as runTournament does with bots built here', async () => {
    const game = gameById('quetzal');
    const specs = ['greedy', 'random', 'ismcts:10it'];
    const seen: number[] = [];
    const here = runTournament(
      game,
      specs.map((s) => botFromSpec(s)),
      4,
      't17',
      400,
    );
    const there = await playTournament(game, specs, 4, 't17', 400, 2, (g) => seen.push(g));
    assert.deepEqual(seen, [1, 2, 3, 4], 'games reported in order');
    assert.ok(here.capped < 4, 'some games finished, so that the ratings moved');
    assert.deepEqual({ ...there, seconds: 0 }, { ...here, seconds: 0 });
  });
});
