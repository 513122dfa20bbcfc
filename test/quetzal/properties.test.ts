import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Match, replay } from '../../src/core/match.js';
import { createRng } from '../../src/core/rng.js';
import { forSeeds, g, randomGame, range, type State } from '../helpers/quetzal.js';
import { AUCTIONS, CARD_COUNT } from '../../src/games/quetzal/data.js';
import { bidSize } from '../../src/games/quetzal/state.js';

/** Every card id exactly once across deck, displays, hands, discard and a pending templeDraw pair. */
function allCards(s: State): number[] {
  const out = [...s.deck, ...s.discard, ...s.temple.filter((c) => c >= 0), ...s.sites.flat().filter((c) => c >= 0)];
  for (const p of s.players) out.push(...p.hand);
  for (const f of s.stack) if (f.k === 'keep') out.push(...f.cards);
  return out;
}

function checkInvariants(s: State): void {
  for (const p of s.players) {
    assert.ok(p.coins >= 0, `negative coins ${p.coins}`);
    assert.ok(p.ups.length <= 2, 'more than 2 permanent upgrades');
    assert.equal(new Set(p.ups).size, p.ups.length, 'duplicate permanent upgrade');
    assert.ok(p.disc >= 0 && p.disc <= 14);
    assert.ok(p.fig.every((x) => x >= 0));
  }
  const cards = allCards(s);
  assert.equal(cards.length, CARD_COUNT, 'card conservation');
  assert.equal(new Set(cards).size, CARD_COUNT, 'a card in two places');
  for (const a of AUCTIONS) {
    const b = s.bids[a];
    if (b) assert.ok(bidSize(b) >= 1);
  }
}

const SEATS = [2, 3, 4, 5];
const GAMES_PER_SEATS = 80; // 320 games in all

test('properties over 320 seeded random games (2–5 seats): coins never negative, 75 cards conserved, every figure placed each round, end after round 5', () => {
  for (const seats of SEATS) {
    forSeeds(range(1000 * seats, 1000 * seats + GAMES_PER_SEATS), (seed) => {
      const s0 = g.setup(g.options({}), seats, createRng(seed));
      const rng = createRng(`p:${seed}`);
      const s = s0;
      let placed = new Array<number>(seats).fill(0);
      let rounds = 0;
      checkInvariants(s);
      while (g.toAct(s) !== null) {
        const cs = g.choices(s);
        assert.ok(cs.length > 0);
        const c = cs[rng.int(cs.length)]!;
        const ev = g.apply(s, c);
        for (const e of ev) {
          if (e.type === 'place') placed[e.seat]! += e.n;
          if (e.type === 'outbid' && e.seat !== undefined) placed[e.seat]! -= e.back;
          if (e.type === 'activate') {
            rounds++;
            s.players.forEach((p, q) =>
              assert.equal(placed[q], p.team + 1, `round ${rounds}: seat ${q} placed ${placed[q]} of ${p.team + 1}`),
            );
            placed = new Array<number>(seats).fill(0);
          }
        }
        checkInvariants(s);
      }
      assert.equal(rounds, 5);
      assert.equal(s.round, 5);
      assert.ok(s.over);
      const r = g.result(s)!;
      assert.equal(r.scores.length, seats);
      assert.ok(r.winners.length >= 1);
    });
  }
});

test('replay determinism: a recorded random game replays to the same hash, and the same seed gives the same game', () => {
  forSeeds(range(1, 41), (seed) => {
    const seats = 2 + (seed % 4);
    const m = new Match<State>(g, seats, seed, {});
    const rng = createRng(`r:${seed}`);
    while (g.toAct(m.state) !== null) {
      const cs = g.choices(m.state);
      m.play(cs[rng.int(cs.length)]);
    }
    const again = replay<State>(g, JSON.parse(JSON.stringify(m.record)) as typeof m.record);
    assert.equal(g.hash(again.state), g.hash(m.state));
    const a = randomGame(seed, seats);
    const b = randomGame(seed, seats);
    assert.equal(g.hash(a), g.hash(b));
  });
});

test('illegal choices are rejected with IllegalChoice and leave the hash unchanged', () => {
  const bad = (s: State, c: unknown) => {
    const h = g.hash(s);
    assert.throws(() => g.apply(s, c), { name: 'IllegalChoice' });
    assert.equal(g.hash(s), h);
  };
  forSeeds(range(1, 41), (seed) => {
    const seats = 2 + (seed % 4);
    randomGame(seed, seats, (s, c, rng) => {
      if (rng.int(4) !== 0) return;
      bad(s, null);
      bad(s, 'place');
      bad(s, [c]);
      bad(s, { t: 'nonsense' });
      bad(s, { ...c, extra: 1 });
      bad(s, { t: 'place', loc: 'camp', adv: 99, arch: 0, wild: 0, leader: false });
      bad(s, { t: 'add', card: 'dragon' });
      bad(s, { t: 'exchange', up: 'nothing' });
      if (!g.choices(s).some((x) => x.t === 'exchange')) bad(s, { t: 'exchange', up: 'coinsToVp' });
      // a legal choice of another decision kind is refused too
      if (c.t !== 'deliver') bad(s, { t: 'deliver', now: true });
    });
  });
  const s = randomGame(7, 3);
  bad(s, { t: 'done' }); // the game is over
});
