import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { handle, handleLine, Sessions, stepFault } from '../../src/cli/engine/handler.js';
import { MAX_STEP, Response, StepRequest } from '../../src/cli/engine/schema.js';
import { gameById } from '../../src/bots/registry.js';
import { replay, type MatchRecord } from '../../src/core/match.js';
import { createRng } from '../../src/core/rng.js';

type Answer = Record<string, unknown> & { ok: boolean; error?: { code: string; message: string } };

/** Sends one request and checks the answer against the protocol's response schema. */
function ask(s: Sessions, req: unknown): Answer {
  const r = handle(s, req) as Answer;
  assert.ok(Response.safeParse(r).success, `response fits the schema: ${JSON.stringify(r).slice(0, 300)}`);
  return r;
}

function ok(s: Sessions, req: Record<string, unknown>): Answer {
  const r = ask(s, req);
  assert.equal(r.ok, true, JSON.stringify(r));
  assert.equal(r.id, req.id, 'the id is echoed');
  return r;
}

function fails(s: Sessions, req: unknown, code: string): Answer {
  const r = ask(s, req);
  assert.equal(r.ok, false, JSON.stringify(r));
  assert.equal(r.error!.code, code, JSON.stringify(r));
  assert.ok(r.error!.message.length > 0);
  return r;
}

function create(s: Sessions, game = 'quetzal', seats = 3, seed: string | number = 'p1'): number {
  return ok(s, { id: 0, type: 'create', game, seats, seed }).gameId as number;
}

/** Plays `n` decisions with index (k * 7) mod count, a fixed and varied pick. */
function playSome(s: Sessions, gameId: number, n: number): void {
  for (let k = 0; k < n; k++) {
    const count = ok(s, { id: k, type: 'legal', gameId, as: 'indices' }).count as number;
    if (count === 0) return;
    ok(s, { id: k, type: 'apply', gameId, index: (k * 7) % count });
  }
}

describe('engine protocol: requests', () => {
  it('hello names the protocol version and every registered game', () => {
    const r = ok(new Sessions(), { id: 'h', type: 'hello' });
    assert.equal(r.protocol, 1);
    assert.deepEqual(
      (r.games as { id: string }[]).map((g) => g.id),
      ['relic-runners', 'quetzal'],
    );
  });

  it('create sets up the game its seed names, as a Match does', () => {
    const s = new Sessions();
    const a = ok(s, { id: 1, type: 'create', game: 'relic-runners', seats: 2, seed: 5 });
    const b = ok(s, { id: 2, type: 'create', game: 'relic-runners', seats: 2, seed: 5 });
    assert.notEqual(a.gameId, b.gameId);
    assert.equal(a.toAct, 0);
    const va = ok(s, { id: 3, type: 'view', gameId: a.gameId, seat: null }).view;
    const vb = ok(s, { id: 4, type: 'view', gameId: b.gameId, seat: null }).view;
    assert.deepEqual(va, vb);
  });

  it('legal lists the choices as JSON, and as a count for an action mask; apply takes either', () => {
    const s = new Sessions();
    const g = create(s);
    const json = ok(s, { id: 1, type: 'legal', gameId: g });
    const idx = ok(s, { id: 2, type: 'legal', gameId: g, as: 'indices' });
    assert.equal(idx.choices, undefined);
    assert.equal(idx.count, (json.choices as unknown[]).length);
    const choices = json.choices as { t: string }[];
    const byChoice = ok(s, { id: 3, type: 'apply', gameId: g, choice: choices[2], events: true });
    assert.deepEqual(byChoice.choice, choices[2]);
    assert.ok(Array.isArray(byChoice.events));
    const g2 = create(s);
    const byIndex = ok(s, { id: 4, type: 'apply', gameId: g2, index: 2 });
    assert.equal(byIndex.events, undefined);
    assert.deepEqual(ok(s, { id: 5, type: 'result', gameId: g }), ok(s, { id: 5, type: 'result', gameId: g2 }));
  });

  it('observe gives the seat to act its own view and its choices; view gives a seat or a spectator theirs', () => {
    const s = new Sessions();
    const g = create(s);
    const o = ok(s, { id: 1, type: 'observe', gameId: g });
    const game = gameById('quetzal');
    assert.equal(o.seat, 0);
    assert.deepEqual(o.view, ok(s, { id: 2, type: 'view', gameId: g, seat: 0 }).view);
    assert.deepEqual(o.choices, ok(s, { id: 3, type: 'legal', gameId: g }).choices);
    const spectator = ok(s, { id: 4, type: 'view', gameId: g, seat: null }).view;
    assert.notDeepEqual(spectator, o.view, 'the spectator does not see seat 0’s hand');
    assert.ok(game);
    fails(s, { id: 5, type: 'view', gameId: g, seat: 3 }, 'invalid-input');
  });

  it('bot plays the built-in bot’s choice, seeded by the game’s seed and the decision', () => {
    const s = new Sessions();
    const a = create(s, 'quetzal', 3, 'b');
    const b = create(s, 'quetzal', 3, 'b');
    for (let k = 0; k < 10; k++) {
      const x = ok(s, { id: k, type: 'bot', gameId: a, bot: 'greedy' });
      const y = ok(s, { id: k, type: 'bot', gameId: b, bot: 'greedy' });
      assert.deepEqual(x.choice, y.choice);
    }
    fails(s, { id: 1, type: 'bot', gameId: a, bot: 'nobody' }, 'invalid-input');
  });

  it('result and record: a finished game’s record replays to the hash the engine gives', () => {
    const s = new Sessions();
    const g = create(s, 'relic-runners', 2, 'r');
    assert.equal(ok(s, { id: 1, type: 'result', gameId: g }).result, null);
    let guard = 0;
    while (ok(s, { id: 2, type: 'result', gameId: g }).over === false && guard++ < 5000)
      ok(s, { id: 3, type: 'bot', gameId: g, bot: 'random' });
    const res = ok(s, { id: 4, type: 'result', gameId: g });
    assert.equal(res.over, true);
    assert.ok((res.result as { scores: number[] }).scores.length === 2);
    fails(s, { id: 5, type: 'apply', gameId: g, index: 0 }, 'game-over');
    const rec = ok(s, { id: 6, type: 'record', gameId: g }).record as MatchRecord & { hash: string; capped: boolean };
    assert.equal(rec.capped, false);
    const game = gameById('relic-runners');
    assert.equal(game.hash(replay(game, rec).state), rec.hash);
  });

  it('copy is a separate game at the same position, with its record', () => {
    const s = new Sessions();
    const g = create(s);
    playSome(s, g, 5);
    const c = ok(s, { id: 1, type: 'copy', gameId: g }).gameId as number;
    assert.deepEqual(ok(s, { id: 2, type: 'record', gameId: c }).record, ok(s, { id: 2, type: 'record', gameId: g }).record);
    ok(s, { id: 3, type: 'apply', gameId: c, index: 0 });
    assert.notDeepEqual(ok(s, { id: 4, type: 'record', gameId: c }).record, ok(s, { id: 4, type: 'record', gameId: g }).record);
  });

  it('undo takes back the last choice, to the same state and record as before it', () => {
    const s = new Sessions();
    const g = create(s);
    playSome(s, g, 6);
    const before = ok(s, { id: 1, type: 'record', gameId: g }).record;
    const view = ok(s, { id: 2, type: 'view', gameId: g, seat: null }).view;
    ok(s, { id: 3, type: 'apply', gameId: g, index: 1 });
    const u = ok(s, { id: 4, type: 'undo', gameId: g });
    assert.deepEqual(ok(s, { id: 5, type: 'record', gameId: g }).record, before);
    assert.deepEqual(ok(s, { id: 6, type: 'view', gameId: g, seat: null }).view, view);
    assert.equal(u.count, ok(s, { id: 7, type: 'legal', gameId: g, as: 'indices' }).count);
    const fresh = create(s);
    fails(s, { id: 8, type: 'undo', gameId: fresh }, 'undo-unavailable');
  });

  it('determinize samples a state the seat cannot tell from the true one', () => {
    const s = new Sessions();
    const g = create(s, 'quetzal', 3, 'd');
    playSome(s, g, 12);
    for (const seat of [0, 1, 2]) {
      const d = ok(s, { id: 1, type: 'determinize', gameId: g, seat, seed: seat }).gameId as number;
      assert.deepEqual(ok(s, { id: 2, type: 'view', gameId: d, seat }).view, ok(s, { id: 3, type: 'view', gameId: g, seat }).view);
      assert.deepEqual(ok(s, { id: 4, type: 'legal', gameId: d }).choices, ok(s, { id: 5, type: 'legal', gameId: g }).choices);
      ok(s, { id: 6, type: 'apply', gameId: d, index: 0 });
      fails(s, { id: 7, type: 'record', gameId: d }, 'invalid-input');
      fails(s, { id: 8, type: 'undo', gameId: d }, 'undo-unavailable');
    }
    fails(s, { id: 9, type: 'determinize', gameId: g, seat: 7, seed: 1 }, 'invalid-input');
  });

  it('close forgets a game', () => {
    const s = new Sessions();
    const g = create(s);
    ok(s, { id: 1, type: 'close', gameId: g });
    fails(s, { id: 2, type: 'legal', gameId: g }, 'no-such-game');
    fails(s, { id: 3, type: 'close', gameId: g }, 'no-such-game');
  });

  it('a batch is answered as its requests one by one', () => {
    const singles = new Sessions();
    const batched = new Sessions();
    const reqs: Record<string, unknown>[] = [
      { id: 'a', type: 'create', game: 'quetzal', seats: 2, seed: 'x' },
      { id: 'b', type: 'create', game: 'relic-runners', seats: 3, seed: 'y' },
    ];
    for (let k = 0; k < 20; k++) {
      reqs.push({ id: `p${k}`, type: 'apply', gameId: 1 + (k % 2), index: k % 3 });
      reqs.push({ id: `q${k}`, type: 'bot', gameId: 1 + (k % 2), bot: 'greedy' });
    }
    reqs.push(
      { id: 'bad', type: 'apply', gameId: 99, index: 0 },
      { id: 'r', type: 'record', gameId: 1 },
      { id: 'v', type: 'view', gameId: 2, seat: 1 },
    );
    const one = reqs.map((q) => handle(singles, q));
    const all = ok(batched, { id: 'B', type: 'batch', requests: reqs });
    assert.deepEqual(all.responses, one);
    assert.equal((one.at(-3) as Answer).ok, false);
  });
});

describe('engine protocol: bad requests are answered with an error naming the fault, and change nothing', () => {
  it('each kind of bad input', () => {
    const s = new Sessions();
    const g = create(s);
    const record = ok(s, { id: 0, type: 'record', gameId: g }).record;
    const bad = (line: string, code: string, id: unknown = null) => {
      const r = handleLine(s, line) as Answer;
      assert.ok(Response.safeParse(r).success);
      assert.equal(r.ok, false, line);
      assert.equal(r.error!.code, code, `${line}: ${JSON.stringify(r)}`);
      assert.equal(r.id, id);
      return r.error!.message;
    };
    bad('{"id":1,"type":"hello"', 'bad-json');
    bad('', 'bad-json');
    bad('[1,2]', 'bad-request');
    bad('null', 'bad-request');
    bad('{"id":1}', 'bad-request', 1);
    bad('{"id":2,"type":"launch"}', 'bad-request', 2);
    bad('{"id":3,"type":"hello","extra":1}', 'bad-request', 3);
    bad('{"id":4,"type":"legal","gameId":"one"}', 'bad-request', 4);
    bad('{"id":5,"type":"legal","gameId":12345}', 'no-such-game', 5);
    bad(`{"id":6,"type":"apply","gameId":${g},"index":100000}`, 'illegal-choice', 6);
    bad(`{"id":7,"type":"apply","gameId":${g},"choice":{"t":"place","loc":"nowhere"}}`, 'illegal-choice', 7);
    bad(`{"id":8,"type":"apply","gameId":${g}}`, 'bad-request', 8);
    bad(`{"id":9,"type":"apply","gameId":${g},"index":0,"choice":{"t":"x"}}`, 'bad-request', 9);
    bad('{"id":10,"type":"create","game":"chess","seats":2}', 'invalid-input', 10);
    bad('{"id":11,"type":"create","game":"quetzal","seats":9}', 'invalid-input', 11);
    bad('{"id":12,"type":"create","game":"quetzal","seats":2,"options":{"nonsense":true}}', 'invalid-input', 12);
    bad('{"id":{"x":1},"type":"hello"}', 'bad-request');
    bad('['.repeat(100_000), 'bad-json');
    // A hostile choice or options are refused by their shape before the engine walks them.
    const deep = (n: number) => '{"t":"x","a":'.repeat(n) + '1' + '}'.repeat(n);
    assert.match(bad(`{"id":16,"type":"apply","gameId":${g},"choice":${deep(50_000)}}`, 'invalid-input', 16), /choice is nested/);
    assert.match(
      bad(`{"id":17,"type":"create","game":"quetzal","seats":2,"options":${deep(50_000)}}`, 'invalid-input', 17),
      /options is nested/,
    );
    const nested = handleLine(s, '{"id":14,"type":"batch","requests":[{"id":1,"type":"batch","requests":[]}]}') as Answer;
    assert.equal(nested.ok, true);
    assert.equal((nested.responses as Answer[])[0]!.error!.code, 'bad-request', 'a batch in a batch is refused');
    assert.deepEqual(ok(s, { id: 15, type: 'record', gameId: g }).record, record, 'nothing changed');
    assert.equal(s.games.size, 1, 'no half-made game was kept');
  });

  it('a process holds at most its limit of games', () => {
    const s = new Sessions(2);
    create(s);
    create(s);
    fails(s, { id: 1, type: 'create', game: 'quetzal', seats: 2 }, 'too-many-games');
    ok(s, { id: 2, type: 'close', gameId: 1 });
    create(s);
  });
});

describe('engine protocol: step', () => {
  /** Each game's record and public view: what a step must leave as it found when it is refused. */
  const snapshot = (s: Sessions, games: readonly number[]) =>
    games.map((g) => [ok(s, { id: 0, type: 'record', gameId: g }).record, ok(s, { id: 0, type: 'view', gameId: g, seat: null }).view]);

  it('answers as the same applies one by one, with each game’s count and seat to act', () => {
    const stepped = new Sessions();
    const applied = new Sessions();
    const specs: [string, number][] = [
      ['relic-runners', 2],
      ['quetzal', 3],
      ['relic-runners', 4],
      ['quetzal', 2],
    ];
    const games = specs.map(([game, seats], k) => create(stepped, game, seats, `s${k}`));
    specs.forEach(([game, seats], k) => create(applied, game, seats, `s${k}`));
    let counts = games.map((g) => ok(stepped, { id: 0, type: 'legal', gameId: g, as: 'indices' }).count as number);
    for (let round = 0; round < 40; round++) {
      const choices = counts.map((n, i) => (round * 7 + i * 3) % n);
      const r = ok(stepped, { id: round, type: 'step', games, choices });
      const one = games.map((gameId, i) => ok(applied, { id: 0, type: 'apply', gameId, index: choices[i] }));
      assert.deepEqual(
        r.counts,
        one.map((a) => a.count),
      );
      assert.deepEqual(
        r.toAct,
        one.map((a) => a.toAct),
      );
      counts = r.counts as number[];
    }
    assert.deepEqual(snapshot(stepped, games), snapshot(applied, games));
    assert.deepEqual(ok(stepped, { id: 'e', type: 'step', games: [], choices: [] }), { id: 'e', ok: true, counts: [], toAct: [] });
  });

  it('plays a game to its end: the last step answers count 0 and no seat to act', () => {
    const s = new Sessions();
    const g = create(s, 'relic-runners', 2, 'end');
    const rng = createRng('step to the end');
    let r = ok(s, { id: 0, type: 'step', games: [g], choices: [0] });
    for (let k = 1; (r.toAct as (number | null)[])[0] !== null && k < 20_000; k++)
      r = ok(s, { id: k, type: 'step', games: [g], choices: [rng.int((r.counts as number[])[0]!)] });
    assert.deepEqual([r.counts, r.toAct], [[0], [null]]);
    assert.equal(ok(s, { id: 1, type: 'result', gameId: g }).over, true);
  });

  it('refuses a bad step whole, naming the fault, and changes no game', () => {
    const s = new Sessions(10);
    const a = create(s, 'quetzal', 3, 'a');
    const b = create(s, 'relic-runners', 3, 'b');
    const over = create(s, 'relic-runners', 2, 'over');
    playSome(s, over, 20_000);
    assert.equal(ok(s, { id: 0, type: 'result', gameId: over }).over, true);
    const countB = ok(s, { id: 0, type: 'legal', gameId: b, as: 'indices' }).count as number;
    const before = snapshot(s, [a, b, over]);
    const refused = (req: Record<string, unknown>, code: string, message: RegExp) => {
      const r = fails(s, { id: 'x', type: 'step', ...req }, code);
      assert.equal(r.id, 'x');
      assert.match(r.error!.message, message);
    };
    refused({ games: [a, 999], choices: [0, 0] }, 'no-such-game', /games\[1\] \(game 999\)/);
    refused(
      { games: [a, b], choices: [0, countB] },
      'illegal-choice',
      new RegExp(`games\\[1\\] \\(game ${b}\\): index ${countB} is out of range`),
    );
    refused({ games: [a, b, over], choices: [0, 0, 0] }, 'game-over', new RegExp(`games\\[2\\] \\(game ${over}\\): the game is over`));
    refused(
      { games: [a, b, a], choices: [0, 0, 0] },
      'bad-request',
      new RegExp(`games\\[2\\] \\(game ${a}\\): the game is already in this step`),
    );
    refused({ games: [a, b], choices: [0] }, 'bad-request', /differ in length \(2 and 1\)/);
    refused({ games: [a], choices: [0.5] }, 'bad-request', /choices\.0: 0.5 is not an index/);
    refused({ games: [a, b], choices: [0, -1] }, 'bad-request', /choices\.1: -1 is not an index/);
    refused({ games: [a, '2'], choices: [0, 0] }, 'bad-request', /games\.1: "2" is not a game id/);
    refused({ games: [a], choices: [null] }, 'bad-request', /choices\.0: null/);
    refused({ games: a, choices: [0] }, 'bad-request', /games: an array/);
    refused({ games: [a] }, 'bad-request', /choices: an array/);
    refused({ games: [a], choices: [0], events: true }, 'bad-request', /unrecognized key: "events"/);
    const long = Array.from({ length: MAX_STEP + 1 }, () => a);
    refused({ games: long, choices: long.map(() => 0) }, 'bad-request', new RegExp(`at most ${MAX_STEP} entries`));
    const noId = handle(s, { type: 'step', games: [a], choices: [0] }) as Answer;
    assert.equal(noId.error!.code, 'bad-request');
    assert.deepEqual(snapshot(s, [a, b, over]), before, 'no game changed');
    // In a batch, a step is answered as if sent alone.
    const batch = ok(s, { id: 'B', type: 'batch', requests: [{ id: 1, type: 'step', games: [a, a], choices: [0, 0] }] });
    assert.equal((batch.responses as Answer[])[0]!.error!.code, 'bad-request');
    assert.deepEqual(snapshot(s, [a, b, over]), before, 'no game changed');
  });

  it('the hand-made check accepts and refuses what the documented zod schema does', () => {
    const cases: Record<string, unknown>[] = [
      { id: 1, type: 'step', games: [1, 2], choices: [0, 3] },
      { id: 's', type: 'step', games: [], choices: [] },
      { id: 1, type: 'step', games: [1], choices: [1.5] },
      { id: 1, type: 'step', games: [-1], choices: [0] },
      { id: 1, type: 'step', games: [1], choices: ['0'] },
      { id: 1, type: 'step', games: [1], choices: [true] },
      { id: 1, type: 'step', games: {}, choices: [] },
      { id: 1, type: 'step', choices: [] },
      { id: 1, type: 'step', games: [], choices: [], more: 1 },
      { id: 'x'.repeat(201), type: 'step', games: [], choices: [] },
      { id: null, type: 'step', games: [], choices: [] },
      { id: 1, type: 'step', games: Array.from({ length: MAX_STEP + 1 }, () => 1), choices: Array.from({ length: MAX_STEP + 1 }, () => 0) },
    ];
    for (const c of cases) assert.equal(stepFault(c) === null, StepRequest.safeParse(c).success, JSON.stringify(c).slice(0, 200));
  });
});
