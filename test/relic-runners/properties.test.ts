import { test } from 'node:test';
import assert from 'node:assert/strict';
import { relicRunners as g, type State } from '../../src/games/relic-runners/index.js';
import { relicsCollected } from '../../src/games/relic-runners/rules.js';
import { END_RELICS, tileColour, tileLevel, tileSet, type Level } from '../../src/games/relic-runners/tiles.js';
import { forSeeds, randomGame, range } from '../helpers/rr.js';

/** Every invariant the issue names, checked on one state; `prevVp` carries scores between calls. */
function checkInvariants(s: State, prevVp: number[]): void {
  const n = s.seats;
  let rations = s.pool;
  s.players.forEach((p, seat) => {
    const me = 1 << seat;
    const own = s.owners.filter((o) => (o & me) !== 0).length;
    // RR-COMP-2 / RR-PATH-1: pathways on the board plus supply are 10, one per trail at most (bitmask).
    assert.equal(own + p.supply, 10, `seat ${seat}: ${own} pathways on board + ${p.supply} in supply`);
    assert.ok(p.supply >= 0);
    // RR-RAT-1
    assert.ok(p.rations >= 0 && p.rations <= 5, `seat ${seat} has ${p.rations} rations`);
    rations += p.rations;
    // Toolboxes: 3 per player, never negative (RR-COMP-2, RR-TOOL-5).
    assert.ok(p.tb.every((x) => x >= 0) && p.reserve >= 0);
    assert.equal(p.tb.reduce((a, b) => a + b, 0) + p.reserve, 3, `seat ${seat} toolboxes`);
    // Scores never decrease.
    assert.ok(p.vp >= prevVp[seat]!, `seat ${seat} VP went from ${prevVp[seat]} to ${p.vp}`);
    prevVp[seat] = p.vp;
  });
  // D-2: base camp pool plus the charts stay constant (2 per player in camp + 3 each on charts).
  assert.equal(rations, 5 * n, 'rations in pool + charts');
  // Relic conservation: each revealed shrine produced one relic, now held or still on it.
  for (let colour = 0; colour < 4; colour++) {
    let shrines = 0;
    let onBoard = 0;
    s.board.locations.forEach((l, i) => {
      if (l.kind === 'camp' || s.stacks[i]!.length > 0) return;
      // The last tile's action is still being resolved: its relic comes after it (RR-EXPL-7).
      if (!s.relic[i] && s.stack.some((f) => f.k === 'shrine' && f.site === i)) return;
      const c = l.kind === 'ruin' ? 0 : s.colour[i]! + 1;
      if (c !== colour) return;
      shrines++;
      if (s.relic[i]) onBoard++;
    });
    const held = s.players.reduce((a, p) => a + p.relics[colour]!, 0);
    assert.equal(held + onBoard, shrines, `relics of colour ${colour}: ${held} held + ${onBoard} on shrines vs ${shrines} shrines`);
  }
  // End trigger matches the player count (RR-END-1).
  const collected = relicsCollected(s);
  if (s.trigger >= 0) assert.ok(collected >= END_RELICS[n]!, `end triggered with ${collected} relics`);
  else assert.ok(collected < END_RELICS[n]!, `${collected} relics collected but no end triggered`);
  if (s.over) assert.ok(s.trigger >= 0, 'game over without the relic trigger');
  // Tile conservation: the tiles of each colour and level are all somewhere.
  const where = new Map<number, number[]>();
  const put = (t: number) => {
    const k = tileColour(t) * 10 + tileLevel(t);
    where.set(k, [...(where.get(k) ?? []), t]);
  };
  s.stacks.forEach((st, i) => {
    if (s.colour[i]! >= 0) st.forEach(put);
  });
  s.players.forEach((p) => {
    p.ivory.filter((t) => t !== 0).forEach(put);
    p.blue.forEach(put);
  });
  s.discards.forEach(put);
  s.box.forEach(put);
  for (const f of s.stack) if (f.k === 'keep') put(f.taken);
  for (let c = 0; c < 3; c++) {
    for (const lv of [1, 2, 3] as Level[]) {
      const expected = tileSet(c, lv, s.opts.gems).sort();
      const got = (where.get(c * 10 + lv) ?? []).sort();
      assert.deepEqual(got, expected, `tiles of colour ${c} level ${lv}`);
    }
  }
  // Token bits stay within the ten river trails.
  assert.equal(s.tokens >>> s.board.rivers.length, 0);
}

test('invariants hold at every decision of 1,500 random games (2–5 seats, all layouts)', () => {
  const layouts = ['standard', 'random', 'first'] as const;
  let decisions = 0;
  forSeeds(range(0, 1500), (seed) => {
    const seats = 2 + (seed % 4);
    const prev = new Array<number>(seats).fill(0);
    const end = randomGame(
      seed,
      seats,
      120,
      (s) => {
        checkInvariants(s, prev);
        decisions++;
      },
      { layout: layouts[seed % 3] },
    );
    checkInvariants(end, prev);
  });
  assert.ok(decisions > 100_000, `only ${decisions} decisions checked`);
});

test('random games that run to the end finish by the relic rule with a result', () => {
  let finished = 0;
  forSeeds(range(0, 300), (seed) => {
    const s = randomGame(seed, 2, 3000);
    if (s.over) {
      finished++;
      const r = g.result(s)!;
      assert.equal(r.scores.length, 2);
      assert.ok(r.winners.length >= 1);
      assert.ok(relicsCollected(s) >= END_RELICS[2]!);
    }
  });
  assert.ok(finished > 0, 'no random 2-seat game reached the relic end in 3000 turns');
});

test('different seeds give different setups', () => {
  const hashes = new Set(range(0, 200).map((seed) => g.hash(randomGame(seed, 4, 0))));
  assert.equal(hashes.size, 200);
});
