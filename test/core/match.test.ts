import { test } from 'node:test';
import assert from 'node:assert/strict';
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
  assert.throws(() => replay(g, parseRecord(rec)), (e: unknown) => e instanceof ReplayError && e.index === 57 && /#57/.test(e.message));
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
  assert.throws(() => new Match(g, 6, 1), (e: unknown) => e instanceof InvalidInput && /2–5 seats/.test((e as Error).message));
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
