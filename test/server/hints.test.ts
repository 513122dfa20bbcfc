/**
 * Hints: a seat playing against bots only may ask for a hint; the answer is a legal choice
 * for its decision now, goes to the asking connection only, and is computed once per decision
 * (in the bot pool) however often it is asked. Everyone else is refused, and nothing changes.
 */
import { after, before, describe, mock, test } from 'node:test';
import assert from 'node:assert/strict';
import { autoPlay, createGame, hello, joinSeat, live, startServer, until, type TestServer } from '../helpers/server.js';
import { http } from '../helpers/ws-client.js';
import type { ApiReply, ServerMsg } from '../helpers/wire.js';

const RR_TERMS = ['vp', 'tiles', 'relics', 'ivory', 'lead', 'toolboxes', 'rations', 'pathways', 'expedition', 'turn'];

describe('hints on the server', () => {
  let srv: TestServer;
  before(async () => {
    srv = await startServer('sqlite', { botThreads: 1 });
  });
  after(async () => {
    await srv?.stop();
  });

  /** A game of one person (seat 0) against `bots` greedy bots, with the person's connection. */
  async function soloGame(seed: string, bots = 1) {
    const id = await createGame(srv.base, {
      seats: [{ kind: 'human', name: 'Ada' }, ...Array.from({ length: bots }, () => ({ kind: 'bot', bot: 'greedy' }))],
      seed,
    });
    const token = await joinSeat(srv.base, id, 0, 'Ada');
    const c = await srv.client();
    await hello(c, id, token);
    const g = await live(srv.hub, id);
    await until(() => g.toAct() === 0, 'the person to act');
    return { id, token, c, g };
  }

  test('against bots only: a legal choice for the decision now, the same answer however often asked', async () => {
    const { id, token, c, g } = await soloGame('hint-allowed', 2);
    const pool = g.server.pool;
    assert.ok(pool, 'the server has a bot pool');
    const jobs = mock.method(pool, 'hint');
    try {
      // Others watching: the spectator and the seat's second device hear nothing of it.
      const spectator = await srv.client();
      await hello(spectator, id);
      const other = await srv.client();
      await hello(other, id, token);

      const moves = g.moves.length;
      const hashBefore = g.game.hash(g.state);
      const h = await c.request({ type: 'hint' });
      assert.equal(h.type, 'hint', JSON.stringify(h));
      assert.equal(h.move, moves);
      const offered = g.game.choices(g.state).map((x) => JSON.stringify(x));
      assert.ok(offered.includes(JSON.stringify(h.choice)), `the hint ${JSON.stringify(h.choice)} is not offered`);
      assert.ok(RR_TERMS.includes(h.reason!.term), `unknown term ${h.reason!.term}`);
      assert.equal(typeof h.reason!.gain, 'number');
      assert.equal(g.moves.length, moves, 'a hint plays nothing');
      assert.equal(g.game.hash(g.state), hashBefore);

      // A flood of asks: all answered alike, one computation in all.
      const replies = await Promise.all(Array.from({ length: 40 }, () => c.request({ type: 'hint' })));
      for (const r of replies) assert.deepEqual({ ...r, id: undefined }, { ...h, id: undefined });
      assert.equal(jobs.mock.callCount(), 1, 'one hint computed for one decision');

      // Nobody else heard of it.
      await spectator.request({ type: 'ping' });
      await other.request({ type: 'ping' });
      assert.equal(spectator.messages.filter((m) => m.type === 'hint').length, 0, 'a spectator was sent the hint');
      assert.equal(other.messages.filter((m) => m.type === 'hint').length, 0, "the seat's other connection was sent the hint");
      // The second device asks for itself: the cached answer, no new computation.
      const again = await other.request({ type: 'hint' });
      assert.deepEqual(again.choice, h.choice);
      assert.equal(jobs.mock.callCount(), 1);
    } finally {
      jobs.mock.restore();
    }
  });

  test('refused, changing nothing: a person at the table, not your turn, a spectator, a game over', async () => {
    // Two people and a bot.
    const mixed = await createGame(srv.base, {
      seats: [
        { kind: 'human', name: 'Ada' },
        { kind: 'human', name: 'Bo' },
        { kind: 'bot', bot: 'greedy' },
      ],
      seed: 'hint-mixed',
    });
    const t0 = await joinSeat(srv.base, mixed, 0, 'Ada');
    const c0 = await srv.client();
    await hello(c0, mixed, t0);
    const gm = await live(srv.hub, mixed);
    await until(() => gm.toAct() === 0, 'seat 0 to act');
    const r1 = await c0.request({ type: 'hint' });
    assert.equal(r1.type, 'error');
    assert.equal(r1.code, 'no_hint');
    assert.match(r1.message, /every other seat is a bot; seat 1 is a person/);

    // A spectator of a game against bots.
    const { id, c, g } = await soloGame('hint-refusals');
    const spectator = await srv.client();
    await hello(spectator, id);
    const r2 = await spectator.request({ type: 'hint' });
    assert.equal(r2.code, 'not_joined');

    // Not the seat's decision: the bot thinks (held back by a slow bot pause).
    const slow = await createGame(srv.base, {
      seats: [
        { kind: 'bot', bot: 'greedy' },
        { kind: 'human', name: 'Ada' },
      ],
      seed: 'hint-not-yours',
      botDelayMs: 10_000,
    });
    const ts = await joinSeat(srv.base, slow, 1, 'Ada');
    const cs = await srv.client();
    await hello(cs, slow, ts);
    const gs = await live(srv.hub, slow);
    assert.equal(gs.toAct(), 0);
    const r3 = await cs.request({ type: 'hint' });
    assert.equal(r3.code, 'not_your_turn');
    assert.equal(gs.moves.length, 0);

    // A request that is not a hint request is refused as such (strict schema).
    const r4 = await c.request({ type: 'hint', seat: 1 });
    assert.equal(r4.code, 'bad_message');

    // Played to the end (seeded random choices against the greedy bot): then no hint.
    const player = autoPlay(c, 0, 'hint-end');
    const last: ServerMsg = await player.done;
    player.stop();
    assert.equal(last.status, 'finished');
    const before = g.moves.length;
    const r5 = await c.request({ type: 'hint' });
    assert.equal(r5.code, 'game_over');
    assert.equal(g.moves.length, before);
  });
});

describe('hints against a seat handed to a bot', () => {
  let srv: TestServer;
  before(async () => {
    srv = await startServer('sqlite', { botThreads: 0 });
  });
  after(async () => {
    await srv?.stop();
  });

  test("refused in a game of two people once the other person's seat was handed to a bot", async () => {
    const id = await createGame(srv.base, {
      seats: [
        { kind: 'human', name: 'Ada' },
        { kind: 'human', name: 'Bo' },
      ],
      seed: 'hint-handed',
      botLevel: 'greedy',
    });
    const token = await joinSeat(srv.base, id, 0, 'Ada');
    const c = await srv.client();
    await hello(c, id, token);
    // Seat 1 was never taken: seat 0 hands it to the game's bot at once.
    const handed = await http<ApiReply>(srv.base, 'POST', `/api/games/${id}/seats/1/bot`, { token });
    assert.equal(handed.status, 200, JSON.stringify(handed.json));
    const g = await live(srv.hub, id);
    assert.equal(g.seatConfigs[1]!.bot, 'greedy');
    await until(() => g.toAct() === 0, 'seat 0 to act');
    const moves = g.moves.length;
    const r = await c.request({ type: 'hint' });
    assert.equal(r.type, 'error', JSON.stringify(r));
    assert.equal(r.code, 'no_hint');
    assert.match(r.message, /seat 1 is a person/);
    assert.equal(g.moves.length, moves);
  });
});

describe('hints on a server without bot threads', () => {
  let srv: TestServer;
  before(async () => {
    srv = await startServer('sqlite', { botThreads: 0 });
  });
  after(async () => {
    await srv?.stop();
  });

  test('computed on the event loop: the same legal answer, and Quetzal gives one too', async () => {
    for (const game of ['relic-runners', 'quetzal']) {
      const id = await createGame(srv.base, {
        game,
        seats: [
          { kind: 'human', name: 'Ada' },
          { kind: 'bot', bot: 'greedy' },
        ],
        seed: `hint-inline-${game}`,
      });
      const token = await joinSeat(srv.base, id, 0, 'Ada');
      const c = await srv.client();
      await hello(c, id, token);
      const g = await live(srv.hub, id);
      assert.equal(g.server.pool, null);
      await until(() => g.toAct() === 0, 'the person to act');
      const h = await c.request({ type: 'hint' });
      assert.equal(h.type, 'hint', JSON.stringify(h));
      assert.equal(h.move, g.moves.length);
      const offered = g.game.choices(g.state).map((x) => JSON.stringify(x));
      assert.ok(offered.includes(JSON.stringify(h.choice)), `${game}: the hint ${JSON.stringify(h.choice)} is not offered`);
      assert.deepEqual((await c.request({ type: 'hint' })).choice, h.choice);
    }
  });
});
