import { test } from 'node:test';
import assert from 'node:assert/strict';
import { decide, type Bot } from '../../src/bots/bot.js';
import { greedyBot, parseGreedyArg } from '../../src/bots/greedy.js';
import { botFromSpec } from '../../src/bots/index.js';
import { randomBot } from '../../src/bots/random.js';
import type { AnyGame, Choice } from '../../src/core/game.js';
import { createRng } from '../../src/core/rng.js';
import { g, buildPosition, decision, player, loc, type State } from '../helpers/rr.js';

const game = g as AnyGame;
const greedy = botFromSpec('greedy');

/** Plays the current seat's whole turn with a bot; returns the choices it made. */
function playTurn(s: State, bot: Bot = greedy, seed = 1): Choice[] {
  const seat = s.cur;
  const turn = s.turnNo;
  const rng = createRng(seed);
  const made: Choice[] = [];
  while (!s.over && s.cur === seat && s.turnNo === turn) {
    const c = decide(game, s, bot, rng);
    made.push(c);
    g.apply(s, c);
  }
  return made;
}

/** Seat 0 on ruin-7's shrine (green relic); ruin-6 also a green shrine with its relic. */
function greenRun(pathways: number[] = [37, 21, 20]): State {
  return buildPosition({
    seats: 2,
    stacks: { 'ruin-7': [], 'ruin-6': [] },
    relics: ['ruin-7', 'ruin-6'],
    players: [{ at: 'ruin-7', pathways }],
  });
}

test('greedy is built by the factory, with its arguments', () => {
  assert.equal(greedy.name, 'greedy');
  assert.equal(greedy.needsSample, true);
  assert.deepEqual(parseGreedyArg('self,500'), { score: 'self', budget: 500 });
  assert.throws(() => botFromSpec('greedy:fast'), { name: 'InvalidInput' });
});

test('RR-EXP-1 greedy takes the expedition relic, along the longest route (4 trails, 8 VP)', () => {
  const s = greenRun();
  const made = playTurn(s);
  assert.deepEqual(made[0], { t: 'move', trails: [37, 21, 20, 30] });
  assert.ok(made.some((c) => c.t === 'relic' && (c as unknown as { take: boolean }).take));
  assert.deepEqual(player(s, 0).relics, [1, 0, 0, 0]);
  // 8 VP for the expedition; the river step may also lift the toolbox to Shovel 1 for 2 VP more.
  assert.ok(player(s, 0).vp >= 8);
});

test('RR-EXP-1 greedy takes an offered relic', () => {
  const s = greenRun([]);
  g.apply(s, { t: 'move', trails: [10] });
  assert.equal(decision(s), 'relic');
  assert.deepEqual(decide(game, s, greedy, createRng(3)), { t: 'relic', take: true });
});

test('RR-EXPL-1 greedy explores a site with tiles rather than ending its turn', () => {
  const s = buildPosition({
    seats: 2,
    temples: { 'temple-5': 'blue' },
    stacks: { 'temple-5': ['B1:5', 'B2:4'] },
    players: [{ at: 'camp', rations: 3 }],
  });
  g.apply(s, { t: 'move', trails: [5] });
  assert.equal(decision(s), 'post');
  assert.deepEqual(decide(game, s, greedy, createRng(1)), { t: 'explore' });
});

test('greedy does not waste its turn: with rations it moves somewhere it can explore, and explores', () => {
  // Seed 2: the tile it explores gives no rations, so the one it spends shows.
  const s = buildPosition({ seed: 2, seats: 2, players: [{ at: 'ruin-4', rations: 3 }] });
  const made = playTurn(s);
  assert.ok(
    made.some((c) => c.t === 'explore'),
    JSON.stringify(made),
  );
  assert.equal(player(s, 0).rations, 2);
});

test('greedy prefers the move that completes an expedition to one that explores', () => {
  // temple-10 (next to ruin-7) still has tiles, but ruin-6 holds a green relic one trail away.
  const s = greenRun([]);
  const made = playTurn(s);
  assert.deepEqual(made[0], { t: 'move', trails: [10] });
  assert.deepEqual(player(s, 0).relics, [1, 0, 0, 0]);
  assert.equal(player(s, 0).loc, loc(s, 'ruin-6'));
});

test('RR-TB-9 greedy doubles an expedition with Shovel 3', () => {
  const s = buildPosition({
    seats: 2,
    stacks: { 'ruin-7': [], 'ruin-6': [] },
    relics: ['ruin-7', 'ruin-6'],
    players: [{ at: 'ruin-7', pathways: [37, 21, 20], shovel: [0, 0, 1], reserve: 2 }],
  });
  playTurn(s);
  assert.deepEqual(player(s, 0).relics, [1, 0, 0, 0]);
  assert.equal(player(s, 0).vp, 16, 'the 4-trail expedition (8 VP), doubled');
});

test('RR-TB-3 greedy cashes Machete 3 when it holds relics', () => {
  const s = buildPosition({
    seats: 2,
    players: [{ at: 'ruin-4', rations: 0, machete: [0, 0, 1], reserve: 2, relics: { green: 1, blue: 1, ivory: 1 } }],
  });
  const made = playTurn(s);
  assert.ok(
    made.some((c) => c.t === 'tool' && (c as unknown as { col: string }).col === 'machete'),
    JSON.stringify(made),
  );
  assert.equal(player(s, 0).vp, 12);
});

test('greedy only returns offered choices, in every decision of seeded games', () => {
  for (const seed of [1, 2]) {
    const s = g.setup(g.options(undefined), 3, createRng(seed));
    const rng = createRng(`greedy-legal:${seed}`);
    const bot = greedyBot({ budget: 200 });
    while (!s.over && s.turnNo <= 60) g.apply(s, decide(game, s, bot, rng));
  }
});

test('greedy beats random in 2-player games (seeded: at least 18 of 20)', () => {
  const rnd = randomBot();
  let wins = 0;
  const lost: string[] = [];
  for (let i = 0; i < 20; i++) {
    const gs = i % 2;
    const s = g.setup(g.options(undefined), 2, createRng(`gvr:${i}`));
    const bots = gs === 0 ? [greedy, rnd] : [rnd, greedy];
    const rngs = [createRng(`gvr:${i}/0`), createRng(`gvr:${i}/1`)];
    while (!s.over && s.turnNo <= 400) {
      const seat = s.cur;
      g.apply(s, decide(game, s, bots[seat]!, rngs[seat]!), false);
    }
    const r = g.result(s);
    if (r !== null && r.winners.length === 1 && r.winners[0] === gs) wins++;
    else lost.push(`gvr:${i} (greedy seat ${gs}, scores ${r ? r.scores.join(':') : 'capped'})`);
  }
  if (lost.length) console.log(`greedy did not win: ${lost.join('; ')}`);
  assert.ok(wins >= 18, `greedy won ${wins} of 20; not won: ${lost.join('; ')}`);
});

test('RR-END-1 the relic rule of thumb: take, unless taking ends the game while behind or a search deliberates', async () => {
  const { rrChoiceFilter } = await import('../../src/bots/relic-runners/filter.js');
  const at = (vp: number): State => {
    const s = buildPosition({
      seats: 2,
      stacks: { 'ruin-7': [], 'ruin-6': [] },
      relics: ['ruin-7', 'ruin-6'],
      players: [
        { at: 'ruin-7', vp },
        { relics: { green: 2, ivory: 2, blue: 2 }, vp: 40 },
      ],
    });
    g.apply(s, { t: 'move', trails: [10] });
    return s;
  };
  const behind = at(0);
  assert.equal(decision(behind), 'relic');
  assert.equal(rrChoiceFilter(behind, 0, g.choices(behind)).length, 2, 'the 7th relic would end a lost game: the heuristic decides');
  const ahead = at(80);
  assert.deepEqual(rrChoiceFilter(ahead, 0, g.choices(ahead)), [{ t: 'relic', take: true }]);
  assert.equal(rrChoiceFilter(ahead, 0, g.choices(ahead), true).length, 2, 'a searching seat deliberates its own game-ending relic');
});
