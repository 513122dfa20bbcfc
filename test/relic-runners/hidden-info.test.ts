import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRng } from '../../src/core/rng.js';
import { relicRunners as g } from '../../src/games/relic-runners/index.js';
import { forSeeds, randomGame, range } from '../helpers/rr.js';

test('§7 other seats never see blue values, VP or choices; a spectator sees no VP and no choices', () => {
  forSeeds(range(200, 260), (seed) => {
    randomGame(seed, 4, 200, (s) => {
      for (let q = -1; q < s.seats; q++) {
        const viewer = q < 0 ? null : q;
        const v = g.view(s, viewer);
        v.players.forEach((pv, seat) => {
          const p = s.players[seat]!;
          if (seat === viewer) {
            assert.equal(pv.vp, p.vp);
            assert.equal(pv.blue.length, p.blue.length);
          } else {
            assert.equal(pv.vp, null, "another seat's VP is visible");
            assert.equal(pv.blue.length, p.blueShown.filter(Boolean).length, 'unrevealed blue tiles are visible');
            assert.ok(pv.blue.every((b) => b.shown));
          }
          assert.equal(pv.blueCount, p.blue.length);
        });
        assert.equal(v.choices !== null, viewer === s.cur, 'choices go only to the seat that decides');
        if (viewer !== s.cur) assert.equal(v.peek, null);
        const text = JSON.stringify(v);
        assert.ok(!/\b(seed|rng|box)\b/i.test(text), 'the view mentions the seed, the generator or the box');
      }
    });
  });
});

test('D-17 open scores show every VP total to everyone', () => {
  const s = randomGame(5, 3, 30, undefined, { openScores: true });
  for (const viewer of [null, 0, 1, 2]) {
    const v = g.view(s, viewer);
    v.players.forEach((pv, seat) => assert.equal(pv.vp, s.players[seat]!.vp));
  }
});

test('§7 purple tops are face up; other stack tiles are never in any view', () => {
  forSeeds(range(300, 330), (seed) => {
    randomGame(seed, 3, 150, (s) => {
      const v = g.view(s, null);
      v.sites.forEach((site, i) => {
        const st = s.stacks[i]!;
        assert.equal(site.height, st.length);
        if (site.colour === 'purple' && st.length > 0) assert.match(site.top!, /^PU-\d$/);
        else assert.equal(site.top, null);
      });
    });
  });
});

test('§7, D-19 public events never carry an unrevealed blue value or a VP total', () => {
  forSeeds(range(400, 500), (seed) => {
    const s = g.setup(g.options({}), 4, createRng(seed));
    const rng = createRng(seed + 1);
    while (g.toAct(s) !== null && g.turn(s) < 200) {
      const cs = g.choices(s);
      const events = g.apply(s, cs[rng.int(cs.length)]);
      for (const e of events) {
        const r = e as unknown as Record<string, unknown>;
        if (e.type === 'blueTaken') assert.deepEqual(Object.keys(r).sort(), ['level', 'reveals', 'seat', 'site', 'type']);
        if ('value' in r) {
          assert.equal(e.type, 'blueRevealed');
          // Revealed values stay public: every seat's view shows them.
          const shown = g.view(s, null).players[e.seat]!.blue.map((b) => b.value);
          assert.ok(shown.includes(r.value as number));
        }
        assert.ok(!('total' in r) && !('score' in r) && !('scores' in r), `event ${e.type} carries a total`);
        const text = JSON.stringify(e);
        assert.ok(!/\b(seed|rng|box|stack)\b/i.test(text), `event ${text} mentions hidden state`);
      }
    }
  });
});
