import { test } from 'node:test';
import assert from 'node:assert/strict';
import { diffView } from '../../src/core/view-patch.js';
import { relicRunners as g } from '../../src/games/relic-runners/index.js';
import { isShrine, relicColour, relicShrine } from '../../src/games/relic-runners/rules.js';
import { tbPos, type State } from '../../src/games/relic-runners/state.js';
import { COLOUR_NAMES, PURPLE, RELIC_NAMES, tileFace, tileLevel } from '../../src/games/relic-runners/tiles.js';
import { tileName, type RRView } from '../../src/games/relic-runners/view.js';
import { forSeeds, randomGame, range } from '../helpers/rr.js';

/*
 * The view's parts that look the same from move to move are shared objects (view.ts): these tests
 * spell each part out from the state the long way, so that a look filed under the wrong key would
 * show, and check that an unchanged part is the very same object, which is what makes the server's
 * per-move diff cheap.
 */

function spelledOut(s: State, viewer: number | null) {
  const b = s.board;
  return {
    // RR-SETUP-8: a purple temple's top tile is face up; no other stack tile is in a view.
    sites: b.locations.map((l, i) => {
      const st = s.stacks[i]!;
      return {
        id: l.id,
        kind: l.kind,
        colour: s.colour[i]! >= 0 ? COLOUR_NAMES[s.colour[i]!] : null,
        height: st.length,
        top: s.colour[i] === PURPLE && st.length > 0 ? tileName(st.at(-1)!) : null,
        shrine: isShrine(s, i),
        relic: relicShrine(s, i) ? RELIC_NAMES[relicColour(s, i)] : null,
      };
    }),
    tokens: b.rivers.filter((_, i) => (s.tokens & (1 << i)) !== 0).map((t) => b.trails[t]!.id),
    options: { layout: s.opts.layout, openScores: s.opts.openScores },
    players: s.players.map((p, seat) => ({
      machete: [1, 2, 3].map((l) => p.tb[tbPos(0, l)]),
      compass: [1, 2, 3].map((l) => p.tb[tbPos(1, l)]),
      shovel: [1, 2, 3].map((l) => p.tb[tbPos(2, l)]),
      ivory: p.ivory.filter((c) => c !== 0).map(tileName),
      relics: { green: p.relics[0], ivory: p.relics[1], blue: p.relics[2], purple: p.relics[3] },
      // RR-EXPL-5: a blue value is its owner's until Shovel 3 shows it or the game ends.
      blue: p.blue
        .map((c, i) => ({ level: tileLevel(c), value: tileFace(c), shown: p.blueShown[i]! }))
        .filter((x) => seat === viewer || x.shown || s.over),
    })),
  };
}

function partsOf(v: RRView) {
  return {
    sites: v.sites,
    tokens: v.tokens,
    options: v.options,
    players: v.players.map(({ machete, compass, shovel, ivory, relics, blue }) => ({ machete, compass, shovel, ivory, relics, blue })),
  };
}

test('§7 the shared parts of a view say what the state holds, for every seat and a spectator', () => {
  forSeeds(range(700, 730), (seed) => {
    const seats = 2 + (seed % 4);
    const options = seed % 2 === 0 ? {} : { layout: 'random', openScores: true };
    randomGame(
      seed,
      seats,
      400,
      (s) => {
        for (let q = -1; q < seats; q++) {
          const viewer = q < 0 ? null : q;
          assert.deepEqual(partsOf(g.view(s, viewer)), spelledOut(s, viewer));
        }
      },
      options,
    );
  });
});

test('a part of the view that did not change is the same object, frozen, from move to move and game to game', () => {
  forSeeds(range(740, 750), (seed) => {
    let before: RRView | null = null;
    let same = 0;
    randomGame(seed, 3, 400, (s) => {
      const v = g.view(s, 0);
      for (const site of v.sites) assert.ok(Object.isFrozen(site), 'a shared site can be changed by whoever holds a view');
      if (before !== null) {
        const b = before;
        v.sites.forEach((site, i) => {
          const was = b.sites[i]!;
          if (JSON.stringify(site) === JSON.stringify(was)) {
            assert.equal(site, was, `site ${site.id} looks the same but is another object`);
            same++;
          }
        });
        v.players.forEach((p, i) => {
          for (const k of ['machete', 'compass', 'shovel', 'ivory', 'relics'] as const) {
            if (JSON.stringify(p[k]) === JSON.stringify(b.players[i]![k])) assert.equal(p[k], b.players[i]![k], `player ${i}'s ${k}`);
          }
        });
        assert.equal(v.options, b.options);
      }
      before = v;
    });
    assert.ok(same > 0);
  });
  // Two games on the same board: a site with the same look is one object in both.
  const a = randomGame(751, 2, 0);
  const b = randomGame(752, 2, 0);
  const va = g.view(a, null);
  const vb = g.view(b, 1);
  const shared = va.sites.filter((site, i) => JSON.stringify(site) === JSON.stringify(vb.sites[i]));
  assert.ok(shared.length > 0);
  for (const site of shared)
    assert.equal(
      site,
      vb.sites.find((x) => x.id === site.id),
    );
});

test('as a patch’s starting point the routes and choices are left out (NaN), and the patch carries them whole', () => {
  let checked = 0;
  randomGame(760, 2, 400, (s) => {
    const f = s.stack.at(-1);
    if (f?.k !== 'move') return;
    const base = g.diffBase!(s, s.cur) as RRView;
    assert.ok(Number.isNaN(base.routes), 'the routes are worked out for the state before too');
    assert.ok(Number.isNaN(base.choices), 'so are the choices');
    const view = g.view(s, s.cur);
    assert.deepEqual(
      { ...base, routes: view.routes, choices: view.choices },
      view,
      'the base differs from the view elsewhere than the routes and choices',
    );
    // The patch to the view after the next move sets the choices in one operation, never member by member.
    const next = g.clone(s);
    g.apply(next, s.cache[0]!);
    const patch = diffView(base, g.view(next, s.cur));
    assert.ok(
      patch.every((op) => op[0][0] !== 'choices' || op[0].length === 1),
      `the choices are set whole: ${JSON.stringify(patch.filter((op) => op[0][0] === 'choices'))}`,
    );
    // The other seat and a spectator have no routes: their base is their view.
    for (const other of [1 - s.cur, null]) assert.deepEqual(g.diffBase!(s, other), g.view(s, other));
    checked++;
  });
  assert.ok(checked > 20);
});
