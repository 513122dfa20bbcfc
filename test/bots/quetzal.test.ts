import { test } from 'node:test';
import assert from 'node:assert/strict';
import { botFromSpec, decide, type Bot } from '../../src/bots/index.js';
import { heuristicFor } from '../../src/bots/registry.js';
import { quetzalValue } from '../../src/bots/quetzal/index.js';
import type { AnyGame, Choice } from '../../src/core/game.js';
import { createRng } from '../../src/core/rng.js';
import { g, buildPosition, decision, place, setup, type State } from '../helpers/quetzal.js';
import { forSeeds, range } from '../helpers/play.js';

const game = g as AnyGame;

/**
 * Plays a whole seeded game, seat q played by bots[q % bots.length]. Every choice goes through
 * decide (which refuses a choice not offered) and apply (which refuses an illegal one); each is
 * also checked against the true state's list.
 */
function playGame(seed: number, seats: number, bots: readonly Bot[]): State {
  const s = setup(seats, seed);
  const rng = createRng(`bots:${seed}`);
  let guard = 0;
  while (g.toAct(s) !== null) {
    const seat = g.toAct(s)!;
    const c = decide(game, s, bots[seat % bots.length]!, rng);
    assert.ok((g.choices(s) as readonly Choice[]).includes(c), `not a legal choice: ${JSON.stringify(c)}`);
    g.apply(s, c, false);
    if (++guard > 5000) throw new Error(`game ${seed} did not end`);
  }
  assert.ok(s.over);
  return s;
}

test('the Quetzal heuristic is registered, with banked VP and a prune', () => {
  const h = heuristicFor(game);
  assert.ok(h.banked !== undefined && h.prune !== undefined);
  const s = setup(4, 1);
  for (let q = 0; q < 4; q++) {
    assert.equal(h.banked(s, q), 0);
    assert.ok(Number.isFinite(h.value(s, q)));
  }
});

test('greedy plays whole seeded Quetzal games to the end, 2 and 4 players, legal choices only', () => {
  const greedy = botFromSpec('greedy');
  forSeeds([1, 2], (seed) => {
    for (const seats of [2, 4]) {
      const s = playGame(seed, seats, [greedy]);
      const r = g.result(s)!;
      // The heuristic at the end is the exact score.
      r.scores.forEach((sc, q) => assert.equal(Math.floor(quetzalValue(s, q)), sc));
    }
  });
});

test('ismcts plays whole seeded Quetzal games to the end, 2 and 4 players, legal choices only', () => {
  const ismcts = botFromSpec('ismcts:60it');
  const greedy = botFromSpec('greedy');
  forSeeds([3], (seed) => {
    playGame(seed, 2, [ismcts, greedy]);
    playGame(seed, 4, [greedy, ismcts]);
  });
});

test('greedy beats random clearly in 2-player Quetzal (at least 9 of 10 seeded games, seats alternating)', () => {
  const greedy = botFromSpec('greedy');
  const random = botFromSpec('random');
  let wins = 0;
  const lines: string[] = [];
  for (const seed of range(1, 11)) {
    const first = seed % 2;
    const bots = first === 0 ? [greedy, random] : [random, greedy];
    const s = playGame(seed, 2, bots);
    const r = g.result(s)!;
    const me = first === 0 ? 0 : 1;
    // A shared win counts for greedy only if it is the sole winner.
    if (r.winners.length === 1 && r.winners[0] === me) wins++;
    lines.push(`seed ${seed}: greedy (seat ${me}) ${r.scores[me]} : random ${r.scores[1 - me]}`);
  }
  process.stdout.write(`# ${lines.join('\n# ')}\n`);
  assert.ok(wins >= 9, `greedy won only ${wins} of 10:\n${lines.join('\n')}`);
});

/** A state after `n` random decisions, moved on to a decision with several choices. */
function midGame(seed: number, seats: number, n: number): State {
  const s = setup(seats, seed);
  const rng = createRng(`mid:${seed}`);
  for (let i = 0; (i < n || g.choices(s).length < 3) && g.toAct(s) !== null; i++) {
    const cs = g.choices(s);
    g.apply(s, cs[rng.int(cs.length)]!, false);
  }
  return s;
}

/** Pairs of true states that differ only in what the seat to act cannot know. */
function worlds(): { seed: number; seat: number; a: State; b: State }[] {
  return range(0, 10).map((seed) => {
    const seats = seed % 2 === 0 ? 2 : 4;
    const a = midGame(seed, seats, seats === 2 ? 35 + seed * 3 : 70 + seed * 4);
    const seat = g.toAct(a)!;
    // Another true state: other hands' face-down cards, deck order, upgrade stack and the
    // automaton deck redrawn; everything the seat knows kept.
    return { seed, seat, a, b: g.determinize(a, seat, createRng(`other world ${seed}`)) };
  });
}

test('fairness: greedy and ismcts pick the same Quetzal choice in two true states that differ only in what the seat cannot know', () => {
  // The bots read nothing but their sample, and the sample depends only on the seat's knowledge
  // (the engine test below).
  const bots = ['random', 'greedy', 'ismcts:100it'].map((s) => botFromSpec(s));
  let hands = 0;
  let decks = 0;
  let stacks = 0;
  const ws = worlds();
  forSeeds(range(0, ws.length), (i) => {
    const { seed, seat, a, b } = ws[i]!;
    assert.deepEqual(b.players[seat], a.players[seat]);
    assert.deepEqual(g.choices(b), g.choices(a));
    if (a.players.some((p, q) => q !== seat && JSON.stringify(p.hand) !== JSON.stringify(b.players[q]!.hand))) hands++;
    if (JSON.stringify(a.deck) !== JSON.stringify(b.deck)) decks++;
    if (JSON.stringify(a.upStack) !== JSON.stringify(b.upStack)) stacks++;
    for (const bot of bots) {
      const ca = decide(game, a, bot, createRng(`bot ${seed}`));
      const cb = decide(game, b, bot, createRng(`bot ${seed}`));
      assert.deepEqual(cb, ca, `${bot.name} chose differently when only hidden information changed (seed ${seed}, seat ${seat})`);
    }
  });
  assert.ok(decks >= 8, `only ${decks} of 10 pairs differed in deck order`);
  assert.ok(stacks >= 8, `only ${stacks} of 10 pairs differed in the upgrade stack`);
  assert.ok(hands >= 3, `only ${hands} of 10 pairs differed in other hands`);
});

test('fairness, engine: Quetzal determinize draws the same sample from states that differ only in hidden order', () => {
  // Q-HID-1: for one rng seed the sample (and so a bot's choice) depends only on what the seat
  // knows, not on the hidden order the true state holds its cards, upgrades and automaton deck in.
  let differ = 0;
  for (const { seat, a, b } of worlds()) {
    const sa = g.determinize(a, seat, createRng('same'));
    const sb = g.determinize(b, seat, createRng('same'));
    if (g.hash(sa) !== g.hash(sb)) differ++;
  }
  assert.equal(differ, 0, `determinize depends on hidden order in ${differ} of 10 pairs`);
});

test('greedy delivers the best six of eight cards on a ship in the last round', () => {
  const s = buildPosition({
    seats: 2,
    round: 5,
    phase: 'activate',
    players: [{ hand: ['mummy', 'mummy', 'jar', 'sculpture', 'weapon', 'mummy', 'tablet', 'sculpture'] }, {}],
    bids: { ship1: { holder: 0, team: 1, kind: 'adv' } },
  });
  assert.equal(decision(s), 'deliver');
  const greedy = botFromSpec('greedy');
  const rng = createRng(5);
  while (decision(s) === 'deliver') g.apply(s, decide(game, s, greedy, rng));
  // 3 mummies (10) + 2 sculptures (5) + a tablet (2); any other six make less.
  assert.equal(s.players[0]!.vp, 17);
});

test('greedy in round 5 with a full set in hand buys a Harbour place rather than leaving it undelivered', () => {
  const s = buildPosition({
    seats: 3,
    round: 5,
    phase: 'place',
    current: 0,
    players: [
      { hand: ['sculpture', 'sculpture', 'sculpture'], figures: { arch: 1 }, coins: 2 },
      { figures: { adv: 2 } },
      { figures: { adv: 2 } },
    ],
    bids: { ship1: { holder: 1, team: 3, kind: 'adv' } },
  });
  assert.equal(decision(s), 'place');
  const c = decide(game, s, botFromSpec('greedy'), createRng(1));
  assert.deepEqual(c, place('harbour', { arch: 1 }));
});
