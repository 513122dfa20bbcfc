import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRng } from '../../src/core/rng.js';
import { Match } from '../../src/core/match.js';
import { g, act, choices, buildPosition, decision, type State } from '../helpers/rr.js';
import { BLUE, GEMMED, IVORY, PURPLE, tileColour, tileFace, tileLevel, tileSet, type Level } from '../../src/games/relic-runners/tiles.js';

const SEEDS = [1, 2, 3, 7, 42, 1234, 99999];
const COLOURS = ['ivory', 'blue', 'purple'] as const;

function setup(seats: number, seed: number, opts: object = {}): State {
  return g.setup(g.options(opts), seats, createRng(seed));
}

const idOf = (s: State, l: number): string => s.board.locations[l]!.id;

/** Every temple tile on the board or in the box, of one colour. */
function allTiles(s: State, colour: number): number[] {
  const onBoard = s.board.temples.flatMap((t) => s.stacks[t]!);
  return [...onBoard, ...s.box].filter((t) => tileColour(t) === colour).sort((a, b) => a - b);
}

/** Plays one whole turn of the current seat from a fresh setup: first move offered, then end. */
function passTurn(s: State): void {
  const seat = s.cur;
  act(s, choices(s, 'move')[0]!);
  while (s.cur === seat && decision(s) !== 'move') {
    if (choices(s, 'end').length > 0) act(s, { t: 'end' });
    else act(s, g.choices(s)[0]!);
  }
}

// ------------------------------------------------------------------ components

test('RR-COMP-1 board: one centre camp, 8 ruins, 12 temples, 10 river trails each with a toolbox token', () => {
  const s = setup(3, 1);
  const kinds = s.board.locations.map((l) => l.kind);
  assert.equal(kinds.filter((k) => k === 'camp').length, 1);
  assert.equal(kinds.filter((k) => k === 'ruin').length, 8);
  assert.equal(kinds.filter((k) => k === 'temple').length, 12);
  const camp = s.board.locations[s.board.camp]!;
  assert.deepEqual([camp.id, camp.x, camp.y], ['camp', 500, 500]);
  const rivers = s.board.trails.filter((t) => t.river).map((t) => t.id);
  assert.deepEqual(
    rivers.sort((a, b) => a - b),
    [7, 11, 13, 15, 18, 22, 24, 28, 30, 34],
  );
  // one token per river trail, all ten shown coloured at the start
  assert.deepEqual(
    [...g.view(s, 0).tokens].sort((a, b) => a - b),
    rivers,
  );
  // every trail joins two different locations
  for (const t of s.board.trails) assert.notEqual(t.a, t.b);
});

test('RR-COMP-2 2–5 players, each with 10 pathways and 3 toolboxes', () => {
  assert.equal(g.minSeats, 2);
  assert.equal(g.maxSeats, 5);
  assert.throws(() => new Match(g, 1, 1), { name: 'InvalidInput' });
  assert.throws(() => new Match(g, 6, 1), { name: 'InvalidInput' });
  for (const seats of [2, 3, 4, 5]) {
    const m = new Match(g, seats, 5);
    const s = m.state as State;
    assert.equal(s.players.length, seats);
    for (const p of s.players) {
      assert.equal(p.supply, 10);
      assert.equal(p.tb.reduce((a, b) => a + b, 0) + p.reserve, 3);
    }
  }
});

test('RR-COMP-3 24 ruin tiles; 8 purple, 6 blue, 6 ivory tiles per size; blue worth 2–5', () => {
  const s = setup(4, 11);
  assert.equal(
    s.board.ruins.reduce((a, r) => a + s.stacks[r]!.length, 0),
    24,
  );
  for (const level of [1, 2, 3] as Level[]) {
    assert.equal(tileSet(PURPLE, level, true).length, 8);
    assert.equal(tileSet(BLUE, level, true).length, 6);
    assert.equal(tileSet(IVORY, level, true).length, 6);
    assert.deepEqual(tileSet(IVORY, level, true).map(tileFace), [1, 2, 3, 4, 5, 6]);
    assert.deepEqual(tileSet(PURPLE, level, true).map(tileFace), [1, 2, 3, 4, 5, 6, 7, 8]);
    for (const t of tileSet(BLUE, level, true)) assert.ok(tileFace(t) >= 2 && tileFace(t) <= 5);
  }
  // with gems (the default) every tile is either dealt or in the box
  assert.equal(allTiles(s, PURPLE).length, 24);
  assert.equal(allTiles(s, BLUE).length, 18);
  assert.equal(allTiles(s, IVORY).length, 18);
});

test('RR-COMP-4 25 ration packs in a 5-player game (chart + camp), conserved in play; 10 toolbox tokens', () => {
  const s = setup(5, 3);
  assert.equal(s.pool + s.players.reduce((a, p) => a + p.rations, 0), 25);
  assert.equal(s.board.rivers.length, 10);
  // spend and gain rations for a few turns: the total stays 25
  for (let i = 0; i < 8; i++) {
    const seat = s.cur;
    act(s, choices(s, 'move')[0]!);
    while (s.cur === seat && decision(s) !== 'move') {
      const ex = choices(s, 'explore');
      act(s, ex.length > 0 ? ex[0]! : g.choices(s)[0]!);
    }
    assert.equal(s.pool + s.players.reduce((a, p) => a + p.rations, 0), 25);
  }
});

test('RR-COMP-5 relic colour is the colour of its site: green under ruins, temple colour elsewhere', () => {
  const s = buildPosition({
    seats: 2,
    temples: { 'temple-3': 'blue', 'temple-2': 'ivory' },
    stacks: { 'ruin-1': 1, 'temple-3': ['B1:4'], 'temple-2': ['IV1-1'] },
    players: [{ at: 'temple-2', pathways: [38] }, { at: 'temple-2' }],
  });
  // seat 0: temple-2 -> temple-3 (familiar 38), explore the blue temple's last tile
  act(s, { t: 'move', trails: [38] }, { t: 'explore' });
  assert.equal(g.view(s, 0).sites.find((x) => x.id === 'temple-3')!.relic, 'blue');
  // seat 1: temple-2 -> ruin-1 (40), explore the ruin's last tile
  act(s, { t: 'move', trails: [40] });
  const ev = act(s, { t: 'explore' });
  assert.equal(decision(s), 'place');
  ev.push(...act(s, choices(s, 'place')[0]!));
  assert.ok(ev.some((e) => e.type === 'shrine' && (e as unknown as { relic: number }).relic === 0));
  assert.equal(g.view(s, 1).sites.find((x) => x.id === 'ruin-1')!.relic, 'green');
  // the supply: 8 ruins (green), 4 temples of each colour
  const full = setup(3, 8);
  assert.equal(full.board.ruins.length, 8);
  for (let c = 0; c < 3; c++) assert.equal(full.board.temples.filter((t) => full.colour[t] === c).length, 4);
});

test('RR-COMP-6 VP are hidden from other players: views show only own total', () => {
  const s = buildPosition({ seats: 3, players: [{ vp: 7 }, { vp: 4 }, { vp: 0 }] });
  for (const viewer of [0, 1, 2]) {
    const v = g.view(s, viewer);
    v.players.forEach((p, seat) => assert.equal(p.vp, seat === viewer ? [7, 4, 0][seat] : null));
  }
  assert.ok(g.view(s, null).players.every((p) => p.vp === null));
});

// ------------------------------------------------------------------ setup

test('RR-SETUP-1 each ruin gets 3 ruin tiles, 2 in a 2-player game', () => {
  for (const seed of SEEDS) {
    for (const seats of [2, 3, 4, 5]) {
      const s = setup(seats, seed);
      for (const r of s.board.ruins)
        assert.deepEqual(s.stacks[r], new Array(seats === 2 ? 2 : 3).fill(0), `seed ${seed} seats ${seats} ${idOf(s, r)}`);
      const v = g.view(s, 0);
      for (const site of v.sites.filter((x) => x.kind === 'ruin')) assert.equal(site.height, seats === 2 ? 2 : 3);
    }
  }
});

test('RR-SETUP-2 4 temples per colour, stacks large/medium/small of their colour (2 players: no small), rest boxed', () => {
  for (const seed of SEEDS) {
    for (const seats of [2, 3, 5]) {
      const s = setup(seats, seed);
      const levels = seats === 2 ? [1, 2] : [1, 2, 3];
      for (let c = 0; c < 3; c++) {
        const sites = s.board.temples.filter((t) => s.colour[t] === c);
        assert.equal(sites.length, 4, `seed ${seed}: ${COLOURS[c]} temples`);
        for (const t of sites) {
          const st = s.stacks[t]!;
          assert.deepEqual(st.map(tileLevel), levels, `seed ${seed} ${idOf(s, t)} levels bottom first`);
          assert.ok(
            st.every((x) => tileColour(x) === c),
            `seed ${seed} ${idOf(s, t)} colours`,
          );
        }
        // the dealt tiles and the box together are exactly the tile set, none twice
        for (const level of [1, 2, 3] as Level[]) {
          const dealt = sites
            .map((t) => s.stacks[t]!)
            .flat()
            .filter((x) => tileLevel(x) === level);
          const boxed = s.box.filter((x) => tileColour(x) === c && tileLevel(x) === level);
          assert.equal(dealt.length, levels.includes(level) ? 4 : 0);
          assert.deepEqual(
            [...dealt, ...boxed].sort((a, b) => a - b),
            tileSet(c, level, true),
          );
        }
      }
    }
  }
  // the draw is random: different seeds deal different stacks
  const deals = new Set(SEEDS.map((seed) => JSON.stringify(setup(3, seed).stacks)));
  assert.ok(deals.size > 1);
});

test('RR-SETUP-3 first-game layout is the board data and leaves out gemmed ivory/purple tiles', () => {
  for (const seed of SEEDS) {
    const s = setup(4, seed, { layout: 'first', gems: true });
    assert.equal(s.opts.gems, false, 'the first game never uses gems');
    const fg = s.board.data.firstGameTemples;
    for (const t of s.board.temples) assert.equal(COLOURS[s.colour[t]!], fg[idOf(s, t)], `seed ${seed} ${idOf(s, t)}`);
    for (const t of s.board.temples) {
      for (const x of s.stacks[t]!) {
        const gemmed = GEMMED[tileColour(x)]![tileLevel(x) - 1]!;
        assert.ok(!gemmed.includes(tileFace(x)), `seed ${seed}: gemmed tile ${x} dealt at ${idOf(s, t)}`);
      }
      assert.equal(s.stacks[t]!.length, 3);
    }
  }
});

test('RR-SETUP-3 standard layout: one temple of each colour per quadrant, varying with the seed', () => {
  const layouts = new Set<string>();
  for (const seed of [...SEEDS, 5, 6, 8, 9, 10]) {
    const s = setup(3, seed, { layout: 'standard' });
    for (const q of ['NE', 'SE', 'SW', 'NW']) {
      const cols = s.board.temples.filter((t) => s.board.locations[t]!.quadrant === q).map((t) => s.colour[t]!);
      assert.deepEqual(cols.sort(), [0, 1, 2], `seed ${seed} quadrant ${q}`);
    }
    layouts.add(s.board.temples.map((t) => s.colour[t]).join(''));
  }
  assert.ok(layouts.size > 3, `only ${layouts.size} different layouts over 12 seeds`);
});

test('RR-SETUP-3 random layout: 4 temples per colour anywhere (some quadrant lacks a colour on some seed)', () => {
  let nonStandard = 0;
  for (let seed = 1; seed <= 20; seed++) {
    const s = setup(3, seed, { layout: 'random' });
    for (let c = 0; c < 3; c++) assert.equal(s.board.temples.filter((t) => s.colour[t] === c).length, 4);
    const standard = ['NE', 'SE', 'SW', 'NW'].every((q) => {
      const cols = s.board.temples.filter((t) => s.board.locations[t]!.quadrant === q).map((t) => s.colour[t]!);
      return new Set(cols).size === 3;
    });
    if (!standard) nonStandard++;
  }
  assert.ok(nonStandard > 0);
});

test('D-20 defaults: standard layout, gemmed tiles included, seat 0 starts, scores hidden', () => {
  assert.deepEqual(g.options(), { layout: 'standard', gems: true, startSeat: 0, openScores: false });
  assert.deepEqual(g.options({}), { layout: 'standard', gems: true, startSeat: 0, openScores: false });
  const s = setup(3, 4);
  assert.equal(s.cur, 0);
  assert.equal(g.toAct(s), 0);
  // gemmed tiles are in the draw: they are dealt or boxed, and over a few seeds some get dealt
  let dealtGems = 0;
  for (const seed of SEEDS) {
    const t = setup(3, seed);
    assert.ok(allTiles(t, PURPLE).some((x) => tileFace(x) === 7));
    for (const site of t.board.temples) {
      for (const x of t.stacks[site]!) if (GEMMED[tileColour(x)]![tileLevel(x) - 1]!.includes(tileFace(x))) dealtGems++;
    }
  }
  assert.ok(dealtGems > 0);
  assert.throws(() => g.options({ layout: 'spiral' }), { name: 'InvalidInput' });
});

test('RR-SETUP-4 a coloured toolbox token on every river trail', () => {
  for (const seed of SEEDS) {
    const s = setup(2, seed);
    assert.equal(s.tokens, (1 << 10) - 1);
    const rivers = s.board.trails
      .filter((t) => t.river)
      .map((t) => t.id)
      .sort((a, b) => a - b);
    assert.deepEqual(
      [...g.view(s, null).tokens].sort((a, b) => a - b),
      rivers,
    );
  }
});

test('RR-SETUP-5 each player: on base camp, 1 toolbox at the bottom, 2 in reserve, 10 pathways, 3 rations', () => {
  for (const seed of SEEDS.slice(0, 3)) {
    for (const seats of [2, 4, 5]) {
      const s = setup(seats, seed);
      for (const pv of g.view(s, 0).players) {
        assert.equal(pv.at, 'camp');
        assert.equal(pv.bottom, 1);
        assert.equal(pv.reserve, 2);
        assert.deepEqual(
          [pv.machete, pv.compass, pv.shovel],
          [
            [0, 0, 0],
            [0, 0, 0],
            [0, 0, 0],
          ],
        );
        assert.equal(pv.supply, 10);
        assert.deepEqual(pv.pathways, []);
        assert.equal(pv.rations, 3);
        assert.deepEqual(pv.ivory, []);
        assert.equal(pv.blueCount, 0);
        assert.deepEqual(pv.relics, { green: 0, ivory: 0, blue: 0, purple: 0 });
      }
    }
  }
});

test('RR-SETUP-6 base camp holds 2 rations per player', () => {
  for (const seats of [2, 3, 4, 5]) {
    for (const seed of SEEDS.slice(0, 3)) {
      const s = setup(seats, seed);
      assert.equal(s.pool, 2 * seats);
      assert.equal(g.view(s, null).pool, 2 * seats);
    }
  }
});

test('RR-SETUP-7 the chosen start player begins and play follows seat order', () => {
  const s = setup(3, 17, { startSeat: 2 });
  assert.equal(g.toAct(s), 2);
  const order: number[] = [];
  for (let i = 0; i < 5; i++) {
    order.push(s.cur);
    passTurn(s);
  }
  assert.deepEqual(order, [2, 0, 1, 2, 0]);
  assert.throws(() => g.setup(g.options({ startSeat: 3 }), 3, createRng(1)), { name: 'InvalidInput' });
});

test('RR-SETUP-8 purple tops face up in every view; ivory and blue stacks show no face', () => {
  for (const seed of SEEDS) {
    const s = setup(3, seed);
    for (const viewer of [0, 1, 2, null]) {
      const v = g.view(s, viewer);
      for (const t of s.board.temples) {
        const site = v.sites.find((x) => x.id === idOf(s, t))!;
        const st = s.stacks[t]!;
        if (s.colour[t] === PURPLE) assert.equal(site.top, `PU-${tileFace(st[st.length - 1]!)}`);
        else assert.equal(site.top, null);
        assert.equal(site.height, 3);
      }
    }
    // no ivory or blue tile face is written anywhere in a seat's view
    const text = JSON.stringify(g.view(s, 1));
    assert.ok(!/IV\d-\d|B\d:\d/.test(text));
  }
});
