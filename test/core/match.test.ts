import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { IllegalChoice, InvalidInput, ReplayError, UNDO_RULE, UndoRefused } from '../../src/core/errors.js';
import type { AnyGame, Choice, Game } from '../../src/core/game.js';
import { canonicalJson } from '../../src/core/hash.js';
import {
  CHECKPOINT_EVERY,
  decisionSeed,
  Match,
  parseRecord,
  RECORD_VERSION,
  replay,
  seatSeed,
  type MatchRecord,
  type Move,
} from '../../src/core/match.js';
import { createRng } from '../../src/core/rng.js';
import { GAMES, gameById } from '../../src/bots/registry.js';
import { relicRunners as g, type State } from '../../src/games/relic-runners/index.js';

function playRandom(seed: number, decisions: number): Match<State> {
  const m = new Match<State>(g, 3, seed, { layout: 'random' });
  const rng = createRng(`bot:${seed}`);
  for (let i = 0; i < decisions && g.toAct(m.state) !== null; i++) {
    const cs = g.choices(m.state);
    m.play(cs[rng.int(cs.length)]);
  }
  return m;
}

test('a replayed record reaches the same state hash (the move log is the truth)', () => {
  for (let seed = 0; seed < 20; seed++) {
    const m = playRandom(seed, 400);
    const r = replay<State>(g, parseRecord(JSON.parse(JSON.stringify(m.record))));
    assert.equal(g.hash(r.state), g.hash(m.state), `seed ${seed}`);
    assert.equal(r.decisions, m.decisions);
  }
});

test('a match that packs its moves keeps them without events, and hands each move its events as it is played', () => {
  const m = playRandom(3, 120);
  const told: unknown[][] = [];
  const r = replay<State>(g, m.record, { packMoves: true, each: (_, move) => told.push([...move.events]) });
  assert.equal(g.hash(r.state), g.hash(m.state));
  assert.deepEqual(
    told,
    m.moves.map((x) => [...x.events]),
    'each move is handed its events',
  );
  assert.ok(
    told.some((e) => e.length > 0),
    'the moves had events to tell',
  );
  assert.ok(
    r.moves.every((x) => x.events.length === 0),
    'the kept moves hold none',
  );
  // The set-up is made again from the seed, not kept (a server holds thousands of matches).
  assert.equal(r['checkpoints'][0], null);
  assert.equal(g.hash(r.stateAt(0)), g.hash(new Match<State>(g, 3, 3, { layout: 'random' }).state));
  // Undo and positions do not depend on the events.
  assert.equal(g.hash(r.stateAt(77)), g.hash(m.stateAt(77)));
  // A prepared move keeps its events for the caller, the kept copy has none.
  const p = r.prepare(g.choices(r.state)[0]);
  const committed = r.commit(p);
  assert.deepEqual(committed.events, p.move.events);
  assert.equal(r.moves.at(-1)!.events.length, 0);
  assert.deepEqual(r.moves.at(-1)!.choice, p.move.choice);
});

test('commit plays the prepared choice on the match’s own state, in place, to the prepared copy’s position; a stale prepared move is refused (both games)', () => {
  for (const game of GAMES.values()) {
    const m = new Match<unknown>(game, 2, `in-place-${game.id}`);
    const rng = createRng(`in-place-${game.id}`);
    const state = m.state;
    for (let i = 0; i < 60 && m.toAct() !== null; i++) {
      const cs = game.choices(m.state);
      const was = game.hash(m.state);
      const p = m.prepare(cs[rng.int(cs.length)]);
      const stale = m.prepare(cs[0]);
      assert.equal(game.hash(m.state), was, 'prepare leaves the match as it was');
      m.commit(p);
      assert.equal(m.state, state, `${game.id} move ${i}: the same state object`);
      assert.equal(game.hash(m.state), game.hash(p.state), `${game.id} move ${i}: the prepared position`);
      assert.throws(() => m.commit(stale), /another position/);
    }
    assert.equal(game.hash(m.state), game.hash(replay(game, m.record).state));
  }
});

test('a tampered record names the first bad choice', () => {
  const m = playRandom(1, 200);
  const rec = JSON.parse(JSON.stringify(m.record)) as MatchRecord;
  rec.choices[57] = { t: 'move', trails: [999] } as Choice;
  assert.throws(
    () => replay(g, parseRecord(rec)),
    (e: unknown) => e instanceof ReplayError && e.index === 57 && /#57/.test(e.message),
  );
  const extra = JSON.parse(JSON.stringify(m.record)) as MatchRecord;
  extra.choices.splice(10, 1);
  assert.throws(() => replay(g, parseRecord(extra)), ReplayError);
});

test('malformed records and options are rejected with the fault named', () => {
  assert.throws(() => parseRecord([]), /JSON object/);
  assert.throws(() => parseRecord({ format: 'x' }), /format/);
  const ok = playRandom(2, 5).record;
  assert.throws(() => parseRecord({ ...ok, choices: 'x' }), /"choices" must be an array/);
  assert.throws(() => parseRecord({ ...ok, seed: {} }), /"seed"/);
  assert.throws(() => replay(g, { ...ok, game: 'chess' }), /record is for game "chess"/);
  assert.throws(
    () => new Match(g, 6, 1),
    (e: unknown) => e instanceof InvalidInput && /2–5 seats/.test((e as Error).message),
  );
  assert.throws(() => new Match(g, 3, 1, { layout: 'spiral' }), /layout/);
  assert.throws(() => new Match(g, 3, 1, { colour: 'red' }), /unknown option "colour"/);
  assert.throws(() => new Match(g, 3, 1, { startSeat: 3 }), /startSeat/);
  assert.throws(() => gameById('chess'), /unknown game "chess"/);
});

test('the record keeps its own copy of each choice', () => {
  const m = new Match<State>(g, 2, 9);
  const c = JSON.parse(JSON.stringify(g.choices(m.state)[0])) as { t: string };
  m.play(c);
  c.t = 'changed';
  assert.notEqual(m.record.choices[0]!.t, 'changed');
});

/** Records written by the generator before seeding 2 (`simulate --save-dir`), with the hash `replay` printed then. */
const V1_FIXTURES = [
  { file: 'relic-runners.json', hash: '675ca74552c0e142' },
  { file: 'quetzal.json', hash: 'd0f64c6ff0237642' },
];
const fixture = (file: string): Record<string, unknown> =>
  JSON.parse(readFileSync(new URL(`../../../test/fixtures/records-v1/${file}`, import.meta.url), 'utf8')) as Record<string, unknown>;

test('version-1 records still replay, with the legacy seeding, to their recorded hash', () => {
  for (const { file, hash } of V1_FIXTURES) {
    const raw = fixture(file);
    assert.equal(raw.version, 1);
    const rec = parseRecord(raw);
    const game = gameById(rec.game);
    const m = replay(game, rec);
    assert.equal(game.hash(m.state), hash, file);
    assert.equal(game.toAct(m.state), null, `${file} is a finished game`);
    assert.equal(m.record.version, 1, 'a replayed version-1 record stays version 1');
    // The same choices under the new seeding are another game: they stop being legal, or end elsewhere.
    let other: string | null = null;
    try {
      const m2 = replay(game, { ...rec, version: 2 });
      other = game.hash(m2.state);
    } catch (e) {
      assert.ok(e instanceof ReplayError, String(e));
    }
    assert.notEqual(other, hash, `${file} replays identically under seeding 2`);
  }
});

/** Records written with seeding 2 (`simulate --save-dir`, greedy bots), with the hash `replay` printed then. */
const V2_FIXTURES = [
  { file: 'relic-runners.json', hash: 'ed826047befdda54' },
  { file: 'quetzal.json', hash: '9f3a0d395ef80d51' },
];

test('version-2 records still replay, with seeding 2, to their recorded hash', () => {
  for (const { file, hash } of V2_FIXTURES) {
    const raw = JSON.parse(readFileSync(new URL(`../../../test/fixtures/records-v2/${file}`, import.meta.url), 'utf8')) as Record<
      string,
      unknown
    >;
    assert.equal(raw.version, 2);
    assert.equal(raw.hash, hash);
    const rec = parseRecord(raw);
    const game = gameById(rec.game);
    const m = replay(game, rec);
    assert.equal(game.hash(m.state), hash, file);
    assert.equal(game.toAct(m.state), null, `${file} is a finished game`);
    assert.equal(m.record.version, 2, 'a replayed version-2 record stays version 2');
  }
});

test('new records are version 3 and replay to the same hashes; other versions are refused with the reason', () => {
  const m = playRandom(3, 60);
  assert.equal(m.record.version, 3);
  const r = replay<State>(g, parseRecord(JSON.parse(JSON.stringify(m.record))));
  assert.equal(g.hash(r.state), g.hash(m.state));
  // Quetzal draws during play too (dice, reshuffles): a whole game, position by position.
  const q = gameById('quetzal');
  const qm = new Match(q, 3, 'version-3 quetzal');
  const hashes = [qm.hash()];
  const rng = createRng('version-3 quetzal bots');
  while (!qm.over) {
    const cs = q.choices(qm.state);
    qm.play(cs[rng.int(cs.length)]);
    hashes.push(qm.hash());
  }
  assert.equal(qm.record.version, 3);
  const seen = [q.hash(q.setup(q.options(undefined), 3, createRng('version-3 quetzal', 3)))];
  replay(q, parseRecord(JSON.parse(JSON.stringify(qm.record))), { each: (x) => seen.push(x.hash()) });
  assert.deepEqual(seen, hashes);
  // The same choices under seeding 2 are another game.
  assert.throws(() => replay(q, { ...qm.record, version: 2 }), ReplayError);

  const rec = JSON.parse(JSON.stringify(m.record)) as MatchRecord;
  assert.throws(
    () => parseRecord({ ...rec, version: 4 }),
    (e: unknown) => e instanceof InvalidInput && e.message === 'record version 4 is newer than this program (reads 1–3)',
  );
  assert.throws(() => parseRecord({ ...rec, version: 0 }), /record version 0 is not one this program knows \(reads 1–3\)/);
  assert.throws(() => parseRecord({ ...rec, version: '3' }), /record version "3" is not one/);
  assert.throws(() => parseRecord({ ...rec, version: 2.5 }), /record version 2.5 is not one/);
  assert.throws(() => parseRecord({ ...rec, version: undefined }), /no "version" field/);
});

// ---- one Match for the server, the offline worker, the replay viewer and the CLI ----

/**
 * A toy game whose choices say exactly what undo must look at: `stay` (same seat, same turn),
 * `peek` (same seat, same turn, reveals hidden information), `pass` (next seat, new turn) and
 * `again` (same seat, but a new turn). It ends after 12 choices.
 */
interface Toy {
  seats: number;
  seat: number;
  turnNo: number;
  played: string[];
  cache: { t: string }[];
}
const TOY_CHOICES = ['stay', 'peek', 'pass', 'again'].map((t) => ({ t }));
const toy: Game<Toy> = {
  id: 'toy',
  minSeats: 2,
  maxSeats: 3,
  ruleIds: [],
  options: () => ({}),
  setup: (_o, seats) => ({ seats, seat: 0, turnNo: 1, played: [], cache: TOY_CHOICES.map((c) => ({ ...c })) }),
  seats: (s) => s.seats,
  toAct: (s) => (s.played.length >= 12 ? null : s.seat),
  choices: (s) => (s.played.length >= 12 ? [] : s.cache),
  apply(s, raw) {
    if (s.played.length >= 12) throw new IllegalChoice('the game is over', raw);
    const c = s.cache.find((x) => x.t === (raw as { t?: unknown }).t);
    if (!c) throw new IllegalChoice(`no choice ${JSON.stringify(raw)}`, raw);
    s.played.push(c.t);
    if (c.t === 'pass') s.seat = (s.seat + 1) % s.seats;
    if (c.t === 'pass' || c.t === 'again') s.turnNo++;
    s.cache = TOY_CHOICES.map((x) => ({ ...x }));
    return c.t === 'peek' ? [{ type: 'peek', seat: s.seat, reveals: true }] : [{ type: c.t }];
  },
  view: (s) => s,
  result: () => null,
  clone: (s) => ({ ...s, played: [...s.played], cache: [...s.cache] }),
  hash: (s) => `${s.seat}/${s.turnNo}/${s.played.join(',')}`,
  turn: (s) => s.turnNo,
  determinize: (s) => s,
  redrawUnseen: (s) => s,
};

test('undo rule: a seat takes back its own choices of this turn, none after a reveal, another seat acting or a new turn', () => {
  const m = new Match<Toy>(toy, 2, 1);
  assert.equal(m.canUndo(0), false, 'nothing played yet');
  m.play({ t: 'stay' });
  assert.equal(m.canUndo(0), true, 'own choice, same turn');
  assert.equal(m.canUndo(1), false, 'not the seat that chose');
  assert.equal(m.canUndo(null), false, 'a spectator');
  m.play({ t: 'stay' });
  const before = m.hash();
  m.play({ t: 'stay' });
  m.undo(0);
  assert.equal(m.hash(), before);
  m.undo(0);
  assert.equal(m.decisions, 1, 'earlier choices of the turn come back one undo at a time');

  m.play({ t: 'peek' });
  assert.equal(m.canUndo(0), false, 'the choice revealed hidden information');
  assert.throws(
    () => m.undo(0),
    (e: unknown) => e instanceof UndoRefused && e.message === UNDO_RULE,
  );
  m.play({ t: 'stay' });
  assert.equal(m.canUndo(0), true, 'a later choice that revealed nothing can still be taken back');
  m.undo(0);
  assert.equal(m.canUndo(0), false, '… but not the reveal before it');

  m.play({ t: 'pass' });
  assert.equal(m.toAct(), 1);
  assert.equal(m.canUndo(0), false, 'another seat is acting');
  assert.equal(m.canUndo(1), false, 'the acting seat did not make the last choice');

  m.play({ t: 'again' });
  assert.equal(m.toAct(), 1);
  assert.equal(m.canUndo(1), false, 'same seat, but its choice began a new turn');
  m.play({ t: 'stay' });
  assert.equal(m.canUndo(1), true);
  const n = m.decisions;
  assert.throws(() => m.undo(0), UndoRefused);
  assert.equal(m.decisions, n, 'a refused undo changes nothing');

  while (!m.over) m.play({ t: 'stay' });
  assert.equal(m.canUndo(1), false, 'the game is over');
});

test('undo through a prepared state: the match is unchanged until the caller commits', () => {
  const m = new Match<Toy>(toy, 2, 1);
  m.play({ t: 'stay' });
  const p = m.prepare({ t: 'stay' });
  assert.equal(m.decisions, 1);
  assert.equal(toy.hash(p.state), '0/1/stay,stay');
  m.commit(p);
  const u = m.prepareUndo(0);
  assert.equal(m.decisions, 2);
  m.commitUndo(u);
  assert.equal(m.hash(), '0/1/stay');
  assert.equal(m.decisions, 1);
  assert.throws(() => m.commit(p), /prepared on another position/, 'a prepared move whose position was left, even for an equal one');
  assert.throws(() => m.commitUndo(u), /prepared on another position/);
  assert.throws(() => m.prepare({ t: 'fly' }), IllegalChoice);
});

/** Plays a seeded random game of `game`, checking at every index that the checkpointed state equals a straight replay. */
function checkpointsAgree(game: AnyGame, seed: number, every: number): void {
  const seats = game.minSeats + (seed % (game.maxSeats - game.minSeats + 1));
  const m = new Match(game, seats, `cp-${seed}`, undefined, RECORD_VERSION, { checkpointEvery: every, packMoves: seed % 2 === 1 });
  const rng = createRng(`cp-bot-${seed}`);
  const straight = [game.hash(m.state)];
  for (let i = 0; i < 700 && !m.over; i++) {
    const cs = game.choices(m.state);
    m.play(JSON.parse(JSON.stringify(cs[rng.int(cs.length)])) as unknown);
    straight.push(m.hash());
  }
  // Straight replay of the record, position by position, against the match's checkpointed stateAt.
  const s: unknown = game.setup(game.options(undefined), seats, createRng(`cp-${seed}`, RECORD_VERSION));
  const rec = m.record;
  for (let k = 0; k <= m.decisions; k++) {
    if (k > 0) game.apply(s, rec.choices[k - 1], false);
    assert.equal(game.hash(s), straight[k], `${game.id} seed ${seed}: straight replay at ${k}`);
    assert.equal(game.hash(m.stateAt(k)), straight[k], `${game.id} seed ${seed} every ${every}: stateAt(${k})`);
  }
  // Backwards, as the replay viewer steps, and again after stateAt's copies were played on.
  for (let k = m.decisions; k >= 0; k -= 7) {
    const c = m.stateAt(k);
    if (game.toAct(c) !== null) game.apply(c, game.choices(c)[0], false);
    assert.equal(game.hash(m.stateAt(k)), straight[k]);
  }
  assert.equal(m.hash(), straight.at(-1));
}

test('checkpointed positions equal a straight replay at every index (both games, seeded random games)', () => {
  for (const game of GAMES.values()) {
    for (let seed = 0; seed < 4; seed++) checkpointsAgree(game, seed, [1, 5, CHECKPOINT_EVERY, 64][seed]!);
  }
});

test('undo replays from the nearest checkpoint and the checkpoints stay right after it; a match that packs its moves plays the same (both games)', () => {
  const bare = (x: Move) => ({ seat: x.seat, turn: x.turn, reveals: x.reveals, choice: canonicalJson(x.choice) });
  for (const game of GAMES.values()) {
    for (let seed = 0; seed < 6; seed++) {
      const m = new Match(game, game.minSeats, `undo-${seed}`, undefined, RECORD_VERSION, { checkpointEvery: 4 });
      // The server's kind: each move kept as the index of its choice, one small integer.
      const p = new Match(game, game.minSeats, `undo-${seed}`, undefined, RECORD_VERSION, { checkpointEvery: 4, packMoves: true });
      const rng = createRng(`undo-bot-${seed}`);
      const hashes = [m.hash()];
      let undone = 0;
      for (let i = 0; i < 600 && !m.over; i++) {
        const seat = m.toAct()!;
        const cs = game.choices(m.state);
        const c = cs[rng.int(cs.length)]!;
        m.play(c);
        p.play(JSON.parse(JSON.stringify(c)));
        hashes.push(m.hash());
        assert.deepEqual(bare(p.lastMove!), bare(m.lastMove!), `${game.id} seed ${seed}: last move at ${i}`);
        assert.equal(p.canUndo(seat), m.canUndo(seat), `${game.id} seed ${seed}: canUndo at ${i}`);
        if (m.canUndo(seat) && rng.int(2) === 0) {
          m.undo(seat);
          p.undo(seat);
          hashes.pop();
          undone++;
          assert.equal(m.hash(), hashes.at(-1), `${game.id} seed ${seed}: undo at ${i}`);
          assert.equal(p.hash(), hashes.at(-1), `${game.id} seed ${seed}: packed, undo at ${i}`);
          assert.equal(p.decisions, m.decisions);
          assert.deepEqual(
            p.lastMove && bare(p.lastMove),
            m.lastMove && bare(m.lastMove),
            `${game.id} seed ${seed}: last move after undo at ${i}`,
          );
        }
      }
      assert.ok(undone > 0, `${game.id} seed ${seed}: no undo happened`);
      assert.ok(p.decisions > 2 * 16, `${game.id} seed ${seed}: a long enough game`);
      const codes = (p as unknown as { codes: unknown[] }).codes;
      assert.equal(codes.length, p.decisions);
      assert.ok(
        codes.every((c) => Number.isInteger(c) && (c as number) >= 0),
        `${game.id} seed ${seed}: one integer a move`,
      );
      for (let k = 0; k < hashes.length; k++) {
        assert.equal(game.hash(m.stateAt(k)), hashes[k], `${game.id} seed ${seed}: stateAt(${k})`);
        assert.equal(game.hash(p.stateAt(k)), hashes[k], `${game.id} seed ${seed}: packed, stateAt(${k})`);
      }
      assert.deepEqual(p.moves.map(bare), m.moves.map(bare));
      // The packed match keeps one checkpoint, the latest (every 4 here), where the unpacked one keeps them all.
      const checkpoints = (x: Match) => (x as unknown as { checkpoints: unknown[] }).checkpoints;
      assert.ok(checkpoints(p).filter(Boolean).length <= 1, `${game.id} seed ${seed}: one checkpoint at most`);
      assert.equal(checkpoints(m).length, Math.floor(m.decisions / 4) + 1);
      assert.ok(checkpoints(m).slice(1).every(Boolean), `${game.id} seed ${seed}: every checkpoint unpacked`);
      // The packed match keeps no events and plays them again when asked, from any move.
      for (const from of [0, 1, 3, 4, 17, p.decisions - 1, p.decisions]) {
        const told = p.eventsSince(from);
        assert.deepEqual(told.events, m.eventsSince(from).events, `${game.id} seed ${seed}: events since move ${from}`);
        // Played again from the checkpoint at or before the first move told when it is kept, else from the set-up.
        const k = Math.floor(from / 4);
        assert.equal(told.played, p.decisions - (checkpoints(p)[k] ? k * 4 : 0), `${game.id} seed ${seed}: played since ${from}`);
      }
      assert.ok(
        m.eventsSince(0).events.some((e) => e.length > 0),
        'the moves had events to tell',
      );
      assert.deepEqual(p.record, JSON.parse(JSON.stringify(m.record)));
      const r = replay(game, JSON.parse(JSON.stringify(m.record)) as MatchRecord);
      assert.equal(r.hash(), m.hash());
    }
  }
});

test("one form of a stored choice: the engine's own object, whatever object the caller passed", () => {
  for (const game of GAMES.values()) {
    const m = new Match(game, game.minSeats, 'forms');
    const rng = createRng('forms');
    for (let i = 0; i < 80 && !m.over; i++) {
      const cs = game.choices(m.state);
      const own = cs[rng.int(cs.length)]!;
      // A copy as it comes over a wire, with its keys in the canonical (sorted) order the server used to store.
      const given: unknown = [own, JSON.parse(JSON.stringify(own)), JSON.parse(canonicalJson(own))][i % 3];
      const move = m.play(given);
      assert.equal(move.choice, own, `${game.id} move ${i}: the engine's own object is kept`);
      assert.equal(m.record.choices[i], own);
    }
    // A record whose choices were stored with sorted keys (the server's and the offline saves' old
    // form) replays to the same state and is saved again in the one form.
    const sorted = { ...m.record, choices: m.record.choices.map((c) => JSON.parse(canonicalJson(c)) as Choice) };
    const r = replay(game, sorted);
    assert.equal(r.hash(), m.hash());
    assert.equal(JSON.stringify(r.record), JSON.stringify(m.record));
  }
});

test('ReplayError: one error for a bad record, naming the first bad choice; each reader only names the choice its way', () => {
  const m = playRandom(4, 100);
  const rec = JSON.parse(JSON.stringify(m.record)) as MatchRecord;
  rec.choices[31] = { t: 'teleport' };
  rec.choices[60] = { t: 'teleport' };
  let err: unknown;
  try {
    replay(g, rec);
  } catch (e) {
    err = e;
  }
  assert.ok(err instanceof ReplayError);
  assert.equal(err.index, 31);
  assert.deepEqual(err.choice, { t: 'teleport' });
  assert.match(err.message, /^choice #31 \(\{"t":"teleport"\}\) is not legal: \S/);
  assert.equal(err.describe(), `choice #31 is not legal: ${err.reason}`);
  assert.equal(err.describe('choice', 'the saved game'), `choice #31 of the saved game is not legal: ${err.reason}`);
  assert.equal(err.describe('stored move'), `stored move #31 is not legal: ${err.reason}`);

  const done = new Match<Toy>(toy, 2, 1);
  while (!done.over) done.play({ t: 'stay' });
  const past = { ...done.record, choices: [...done.record.choices, { t: 'stay' }] };
  assert.throws(
    () => replay(toy, past),
    (e: unknown) => e instanceof ReplayError && e.index === 12 && e.reason === 'the game is already over',
  );
});

test('bot seeds: one per decision for interactive matches, one per seat for simulations', () => {
  const m = new Match<Toy>(toy, 2, 'abc');
  assert.equal(m.botSeed(), 'abc:bot:0');
  m.play({ t: 'stay' });
  assert.equal(m.botSeed(), 'abc:bot:1');
  assert.equal(m.botSeed(7), decisionSeed('abc', 7));
  assert.equal(decisionSeed(42, 3), '42:bot:3');
  assert.equal(seatSeed('7:1', 2), '7:1/seat2');
});
