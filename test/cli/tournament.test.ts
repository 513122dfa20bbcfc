import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { botFromSpec } from '../../src/bots/index.js';
import { pairGames, pairRoundRobin, playTournament, runTournament, seatedFor, TournamentTally } from '../../src/cli/tournament.js';
import type { GameOutcome } from '../../src/cli/simulate.js';
import { gameById } from '../../src/bots/registry.js';

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

  it('a round robin of pairs plays every pair of entrants in two-seat games, the pair alternating seats', () => {
    const plan = pairRoundRobin(3, 2);
    const games = Array.from({ length: pairGames(3, 2) }, (_, i) => plan(i + 1));
    assert.deepEqual(games, [
      [0, 1],
      [1, 0],
      [0, 2],
      [2, 0],
      [1, 2],
      [2, 1],
    ]);
  });

  it('a tally over a round robin of pairs rates each game’s two entrants only, in one rating for all', () => {
    // Entrant 2 beats everyone, entrant 1 beats entrant 0: whatever the seat, the ratings follow.
    const plan = pairRoundRobin(3, 4);
    const tally = new TournamentTally(['weak', 'middle', 'strong'], plan);
    const afterFirstPair: number[] = [];
    for (let g = 1; g <= pairGames(3, 4); g++) {
      const seated = plan(g);
      const scores = seated.map((k) => 10 * (k + 1));
      const best = Math.max(...scores);
      tally.add({ index: g, capped: false, scores, winners: [scores.indexOf(best)] } as unknown as GameOutcome);
      if (g === 4) afterFirstPair.push(...tally.standings().map((b) => b.mu));
    }
    assert.equal(afterFirstPair[2], 25, 'the entrant that has not played yet keeps its first rating');
    const s = tally.standings();
    assert.deepEqual(
      s.map((b) => b.wins),
      [0, 4, 8],
    );
    assert.ok(s[0]!.rating < s[1]!.rating && s[1]!.rating < s[2]!.rating, JSON.stringify(s));
    assert.deepEqual(
      s.map((b) => b.meanScore),
      [10, 20, 30],
    );
  });
});
