import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { InvalidInput, ReplayError } from '../../src/core/errors.js';
import { Match, parseRecord, replay } from '../../src/core/match.js';
import { createRng } from '../../src/core/rng.js';
import { gameById } from '../../src/games/index.js';
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

test('a tampered record names the first bad choice', () => {
  const m = playRandom(1, 200);
  const rec = JSON.parse(JSON.stringify(m.record));
  rec.choices[57] = { t: 'move', trails: [999] };
  assert.throws(
    () => replay(g, parseRecord(rec)),
    (e: unknown) => e instanceof ReplayError && e.index === 57 && /#57/.test(e.message),
  );
  const extra = JSON.parse(JSON.stringify(m.record));
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
  const c = JSON.parse(JSON.stringify(g.choices(m.state)[0]));
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

test('issue 13 #1: version-1 records still replay, with the legacy seeding, to their recorded hash', () => {
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

test('issue 13 #1: new records are version 2 and replay; other versions are refused with the reason', () => {
  const m = playRandom(3, 60);
  assert.equal(m.record.version, 2);
  const r = replay<State>(g, parseRecord(JSON.parse(JSON.stringify(m.record))));
  assert.equal(g.hash(r.state), g.hash(m.state));
  const rec = JSON.parse(JSON.stringify(m.record));
  assert.throws(
    () => parseRecord({ ...rec, version: 3 }),
    (e: unknown) => e instanceof InvalidInput && e.message === 'record version 3 is newer than this program (reads 1–2)',
  );
  assert.throws(() => parseRecord({ ...rec, version: 0 }), /record version 0 is not one this program knows \(reads 1–2\)/);
  assert.throws(() => parseRecord({ ...rec, version: '2' }), /record version "2" is not one/);
  assert.throws(() => parseRecord({ ...rec, version: undefined }), /no "version" field/);
});
