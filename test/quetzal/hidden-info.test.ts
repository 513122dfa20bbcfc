import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRng } from '../../src/core/rng.js';
import { decide } from '../../src/bots/bot.js';
import { randomBot } from '../../src/bots/random.js';
import { act, buildPosition, forSeeds, g, randomGame, range, type State } from '../helpers/quetzal.js';
import { cardName } from '../../src/games/quetzal/data.js';
import { EventRecorder, silentRecorder } from '../../src/core/events.js';
import { Match } from '../../src/core/match.js';
import type { QEvent } from '../../src/games/quetzal/events.js';
import { drawCard, rerollFaces } from '../../src/games/quetzal/rules.js';

const FORBIDDEN_KEYS = ['deck', 'upStack', 'rng', 'bottomKnown', 'stack', 'cache', 'hand'];

function keysDeep(v: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(v)) v.forEach((x) => keysDeep(x, out));
  else if (v && typeof v === 'object')
    for (const [k, x] of Object.entries(v)) {
      out.add(k);
      keysDeep(x, out);
    }
  return out;
}

/** What of the state's generator would betray it in a text: its keys, or its words too long to turn up by chance. */
function generatorText(s: State): string[] {
  if ('public' in s.rng) return [s.rng.public.chacha20, s.rng.hidden.chacha20];
  return s.rng.filter((w) => w >= 1000).map(String);
}

test('Q-HID-1 determinize keeps hand sizes and the deck size, conserves the 75 cards, reseeds future rolls, and a bot deciding through a sample gets a true choice back', () => {
  forSeeds(range(1, 61), (seed) => {
    const seats = 2 + (seed % 4);
    const rng = createRng(`d:${seed}`);
    randomGame(seed, seats, (s) => {
      if (rng.int(6) !== 0) return;
      for (let seat = 0; seat < seats; seat++) {
        // (Views and the acting seat's choices under determinize: the Game contract suite.)
        const d = g.determinize(s, seat, rng);
        assert.deepEqual(
          d.players.map((p) => p.hand.length),
          s.players.map((p) => p.hand.length),
        );
        assert.equal(d.deck.length, s.deck.length);
        const all = [
          ...d.deck,
          ...d.discard,
          ...d.temple,
          ...d.sites.flat(),
          ...d.players.flatMap((p) => p.hand),
          ...d.stack.flatMap((f) => (f.k === 'keep' ? f.cards : [])),
        ].filter((c) => c >= 0);
        assert.equal(new Set(all).size, 75);
        assert.notDeepEqual(d.rng, s.rng);
      }
      // a bot deciding through a sample gets the true state's choice back
      decide(g, s, { ...randomBot(), needsSample: true }, rng);
    });
  });
});

test('Q-HID-1 determinize redraws what the seat has not seen: other hands, deck order, upgrade stack; never its own hand nor cards it put under the deck', () => {
  const s = buildPosition({
    seats: 3,
    phase: 'activate',
    temple: ['jar', 'jar', 'jar', 'jar', 'jar', 'jar', 'jar', 'jar'],
    deck: ['mummy', 'tablet'],
    templeBanners: { 3: 0 },
    players: [
      { upgrades: ['templeDraw'], hand: ['weapon'] },
      { hand: ['sculpture', 'sculpture+vp', 'mummy+discovery'] },
      { hand: ['tablet+coin'] },
    ],
  });
  act(s, { t: 'take', card: 'jar' }, { t: 'keep', card: 'mummy' });
  const bottom = s.deck[0]!;
  let otherChanged = 0;
  let deckChanged = 0;
  let stackChanged = 0;
  const rng = createRng(3);
  for (let i = 0; i < 30; i++) {
    const d = g.determinize(s, 0, rng);
    assert.deepEqual(d.players[0]!.hand, s.players[0]!.hand);
    assert.equal(d.deck[0], bottom); // seat 0 knows what it put under
    if (d.players[1]!.hand.map(cardName).sort().join() !== s.players[1]!.hand.map(cardName).sort().join()) otherChanged++;
    if (d.deck.join() !== s.deck.join()) deckChanged++;
    if (d.upStack.join() !== s.upStack.join()) stackChanged++;
    const e = g.determinize(s, 1, rng);
    if (e.deck[0] !== bottom) deckChanged++;
  }
  assert.ok(otherChanged > 0 && deckChanged > 0 && stackChanged > 0);
});

test("Q-HID-1 no view or event shows another seat's hand, the deck order, the upgrade stack or the generator", () => {
  forSeeds(range(100, 140), (seed) => {
    const seats = 2 + (seed % 4);
    const rng = createRng(`h:${seed}`);
    // Both kinds of in-play generator: sfc32 (seeding 2) and ChaCha20 (seeding 3).
    const s = g.setup(g.options({}), seats, createRng(seed, seed % 2 === 0 ? 3 : 2));
    while (g.toAct(s) !== null) {
      const cs = g.choices(s);
      const c = cs[rng.int(cs.length)]!;
      const ev = g.apply(s, c);
      for (const e of ev) {
        const keys = keysDeep(e);
        for (const k of FORBIDDEN_KEYS) assert.ok(!keys.has(k), `event ${e.type} has ${k}`);
        if (e.type === 'draw' || e.type === 'underDeck') assert.ok(!('card' in e) && !('cards' in e), `${e.type} names a card`);
      }
      for (let v = -1; v < seats; v++) {
        const viewer = v < 0 ? null : v;
        const view = g.view(s, viewer);
        view.players.forEach((p) => assert.equal(p.hand === null, p.seat !== viewer));
        const keys = keysDeep(view);
        for (const k of ['deck', 'upStack', 'rng', 'bottomKnown', 'stack', 'cache']) assert.ok(!keys.has(k), `view has ${k}`);
        if (view.pending?.drawn) assert.equal(view.pending.seat, viewer);
        if (view.pending?.added) assert.equal(view.pending.seat, viewer);
        if (view.choices) assert.equal(g.toAct(s), viewer);
        const text = JSON.stringify(view);
        for (const secret of generatorText(s)) assert.ok(!text.includes(secret), `view shows ${secret}`);
      }
    }
  });
});

test('Q-HID-1 hand sizes, coins, upgrades, tracks and displays are public', () => {
  const s: State = buildPosition({
    seats: 3,
    phase: 'place',
    players: [{ hand: ['jar', 'mummy'], coins: 7, vp: 3, discovery: 2, upgrades: ['jarSet'], figures: { adv: 1 } }],
  });
  const v = g.view(s, 1).players[0]!;
  assert.deepEqual([v.handSize, v.hand, v.coins, v.vp, v.discovery, v.upgrades], [2, null, 7, 3, 2, ['jarSet']]);
  assert.deepEqual(g.view(s, 0).players[0]!.hand, ['jar', 'mummy']);
  assert.equal(g.view(s, null).temple.length, 8);
});

test('Q-HID-1 cards taken face up stay known under determinize; only cards drawn face down are redrawn', () => {
  const s = buildPosition({
    seats: 3,
    phase: 'activate',
    temple: ['jar', 'weapon', 'tablet', 'sculpture', 'mummy', 'jar+coin', 'weapon+coin', 'tablet+vp'],
    deck: ['mummy+discovery'],
    templeBanners: { 2: 1, 4: 0 },
  });
  act(s, { t: 'take', card: 'mummy' }, { t: 'take', card: 'sculpture' }, { t: 'take', card: 'jar' });
  // seat 1 took mummy and sculpture face up; seat 0 took a jar face up and drew mummy+discovery face down
  const rng = createRng(5);
  let redrawn = 0;
  for (let i = 0; i < 40; i++) {
    const d = g.determinize(s, 2, rng);
    assert.deepEqual(d.players[1]!.hand.map(cardName).sort(), ['mummy', 'sculpture']);
    assert.ok(d.players[0]!.hand.map(cardName).includes('jar'));
    if (!d.players[0]!.hand.map(cardName).includes('mummy+discovery')) redrawn++;
  }
  assert.ok(redrawn > 0);
});

/** Rerolls seat 0's leader `n` times (public draws); the results, as the log shows them. */
function rollLeader(s: State, n: number): unknown[] {
  const rec = new EventRecorder<QEvent>(true);
  rerollFaces(s, rec, 0, new Array<'leader'>(n).fill('leader'), 'rerollAll');
  return rec.list;
}
/** Empties the deck into the discard pile and draws: the draw reshuffles (a hidden draw). */
function reshuffle(s: State): void {
  s.discard.push(...s.deck.splice(0));
  drawCard(s, silentRecorder());
}

test('Q-HID-1 in a new game, no number of dice rolled moves a reshuffle, and no reshuffle moves the dice', () => {
  forSeeds(range(1, 21), (seed) => {
    const m = new Match<State>(g, 2 + (seed % 4), `draws:${seed}`);
    const plain = g.clone(m.state);
    reshuffle(plain);
    for (const dice of [1, 7, 40]) {
      const rolled = g.clone(m.state);
      rollLeader(rolled, dice);
      reshuffle(rolled);
      assert.deepEqual(rolled.deck, plain.deck, `after ${dice} rolls`);
    }
    const first = rollLeader(g.clone(m.state), 20);
    const shuffled = g.clone(m.state);
    reshuffle(shuffled);
    assert.deepEqual(rollLeader(shuffled, 20), first);
  });
});

test("Q-HID-1 a new game's dice and reshuffles draw from keyed ChaCha20 streams; a bot's sample from the bot's fast generator", () => {
  const m = new Match<State>(g, 3, 'streams');
  const s = m.state;
  assert.ok('public' in s.rng, 'a new game keeps one ChaCha20 stream per kind of draw');
  assert.notEqual(s.rng.public.chacha20, s.rng.hidden.chacha20);
  const sample = g.determinize(s, 0, createRng('bot'));
  assert.ok(Array.isArray(sample.rng) && sample.rng.length === 4, "a sample's draws come from a fork of the bot's sfc32");
});
