/**
 * Nobody can freeze the bots of a server. A bot spec that is not a bot or
 * asks for too much is refused with 400; a stored spec that today's limits refuse, or a bot that
 * fails, is logged once and its seat played by the fallback bot; a bot job past its deadline ends
 * its worker and never holds up another game's bot. On both stores.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { botFromSpec, type Bot } from '../../src/bots/index.js';
import { FALLBACK_BOT_SPEC } from '../../src/bots/limits.js';
import { canonicalJson } from '../../src/core/hash.js';
import { Match, RECORD_VERSION } from '../../src/core/match.js';
import { createRng } from '../../src/core/rng.js';
import { GAMES } from '../../src/bots/registry.js';
import { BotDeadlineExceeded, BotPool } from '../../src/server/bot-pool.js';
import { Hub } from '../../src/server/hub.js';
import type { ServerLog } from '../../src/server/log.js';
import { capturedLog, type LogLine } from '../helpers/log.js';
import { http } from '../helpers/ws-client.js';
import { createGame, joinSeat, live, startServer, until, type StoreKind, type TestServer } from '../helpers/server.js';
import { BOT_LEVELS } from '../../src/bots/levels.js';

/** Specs an attacker tried, each with what the refusal must say. */
const BAD_SPECS: [string, RegExp][] = [
  ['ismcts:99999999s', /bot "ismcts:99999999s": think time 99999999 s is above the limit of 10 s/],
  ['ismcts:99999999ms', /think time 99999999 ms is above the limit of 10000 ms/],
  ['ismcts:99999999it', /99999999 iterations are above the limit of 20000/],
  ['ismcts:0.4it', /whole number/],
  ['greedy:99999999999999', /bot "greedy:99999999999999": node budget 99999999999999 is above the limit of 5000/],
  ['ismcts:1s+c=1e9', /unknown setting "c=1e9"/],
  ['ismcts:1s+c=99', /setting "c=99" is outside 0–10/],
  ['ismcts:1s+rollout=100000', /setting "rollout=100000" is outside 0–50/],
  ['ismcts:1s+max=99999999', /setting "max=99999999" is outside/],
  ['ismcts:1s+potential=7', /setting "potential=7" is outside 0–1/],
  ['ismcts:1s+scale=0', /setting "scale=0" is outside/],
  ['ismcts:1s+shrink=1', /setting "shrink=1" is outside/],
  ['toString', /unknown bot "toString"/],
  ['constructor', /unknown bot "constructor"/],
  ['__proto__', /unknown bot "__proto__"/],
  ['hasOwnProperty', /unknown bot "hasOwnProperty"/],
  ['valueOf:1', /unknown bot "valueOf:1"/],
];

/** The server's warnings and errors as it logs them, for a server or hub built with `log`. */
function serverErrors(): { log: ServerLog; lines: () => LogLine[] } {
  const { log, lines } = capturedLog('warn');
  return { log, lines: () => lines };
}

/** The messages of the lines about one seat of one game. */
const linesOf = (lines: readonly LogLine[], id: string, seat: number): string[] =>
  lines.filter((l) => l.game === id && l.seat === seat).map((l) => l.msg);

/** A bot that always throws, as a bot with a bug would. */
const throwing = (name: string): Bot => ({
  name,
  needsSample: false,
  choose() {
    throw new Error(`${name} cannot decide`);
  },
});

for (const kind of ['sqlite', 'postgres'] as StoreKind[]) {
  describe(`bots nobody can freeze, on ${kind}`, () => {
    let srv: TestServer;
    before(async () => {
      srv = await startServer(kind);
    });
    after(async () => {
      await srv?.stop();
    });

    test('POST /api/games refuses unknown and oversized bot specs with 400 naming the fault, creating nothing', async () => {
      const before = (await http(srv.base, 'GET', '/api/games')).json.games.length;
      for (const [bot, message] of BAD_SPECS) {
        const r = await http(srv.base, 'POST', '/api/games', { game: 'relic-runners', seats: [{ kind: 'human' }, { kind: 'bot', bot }] });
        assert.equal(r.status, 400, `${bot}: ${JSON.stringify(r.json)}`);
        assert.equal(r.json.error, 'bad_message', bot);
        assert.match(r.json.message, message, bot);
      }
      assert.equal((await http(srv.base, 'GET', '/api/games')).json.games.length, before, 'no game was created');
      // The lobby's levels and the limits themselves are accepted.
      for (const bot of [...BOT_LEVELS.map((l) => l.spec), 'ismcts:10s', 'ismcts:20000it+rollout=50', 'greedy:self,5000']) {
        // Paced so that none of them thinks during the other tests.
        await createGame(srv.base, { seats: [{ kind: 'human' }, { kind: 'bot', bot }], botDelayMs: 10_000 });
      }
    });

    test('POST /api/games/:id/seats/:seat/bot refuses the same specs with 400 and leaves the seat alone', async () => {
      const id = await createGame(srv.base, { seats: [{ kind: 'human' }, { kind: 'human' }] });
      const token = await joinSeat(srv.base, id, 0);
      // Seat 1 was never claimed, so another seat may hand it to a bot: to the game's bot level,
      // whose spec was checked at creation; a hand-over naming any bot at all is refused.
      for (const [bot, message] of BAD_SPECS) {
        const r = await http(srv.base, 'POST', `/api/games/${id}/seats/1/bot`, { token, bot });
        assert.equal(r.status, 400, `${bot}: ${JSON.stringify(r.json)}`);
        assert.equal(r.json.error, 'bad_message', bot);
        assert.match(r.json.message, /only the token: the seat goes to the game's bot level/, bot);
        // And the game's bot level itself is checked when the game is created.
        const level = await http(srv.base, 'POST', '/api/games', {
          game: 'relic-runners',
          seats: [{ kind: 'human' }, { kind: 'human' }],
          botLevel: bot,
        });
        assert.equal(level.status, 400, `botLevel ${bot}: ${JSON.stringify(level.json)}`);
        assert.match(level.json.message, message, bot);
      }
      const g = await live(srv.hub, id);
      assert.equal(g.seatConfigs[1]!.bot, null);
      assert.equal((await http(srv.base, 'GET', `/api/games/${id}`)).json.seats[1]!.bot, null);
    });

    test("a stored game whose bot specs today's limits refuse is played by the fallback bot, each seat logged once", async () => {
      const id = await createGame(srv.base, { seats: [{ kind: 'human' }, { kind: 'human' }] });
      // As an older server would have stored them: seats handed to bots it accepted.
      await srv.store.updateSeat(id, 0, { bot: 'ismcts:99999999s' });
      await srv.store.updateSeat(id, 1, { bot: 'constructor' });
      const { log, lines } = serverErrors();
      const hub = new Hub(srv.store, { botThreads: 1, botDelayMs: 0, log });
      try {
        const g = await hub.get(id);
        assert.ok(g);
        await until(() => g.moves.length >= 8 && new Set(g.moves.map((m) => m.seat)).size === 2, 'both bot seats to play', 30_000);
        for (const [seat, spec] of [
          [0, 'ismcts:99999999s'],
          [1, 'constructor'],
        ] as const) {
          const mine = linesOf(lines(), id, seat);
          assert.equal(mine.length, 1, `seat ${seat} is logged once: ${JSON.stringify(lines())}`);
          assert.ok(mine[0]!.includes(`"${spec}" cannot be built`), mine[0]);
          assert.ok(mine[0]!.includes(`played by "${FALLBACK_BOT_SPEC}"`), mine[0]);
        }
        // The stored seats are left as they were.
        const stored = await srv.store.getGame(id);
        assert.deepEqual(
          stored!.seatConfigs.map((s) => s.bot),
          ['ismcts:99999999s', 'constructor'],
        );
      } finally {
        await hub.close();
      }
    });
  });
}

describe('bots that fail', () => {
  test('a bot that throws is logged once and its seat is played by the fallback bot', async () => {
    const { log, lines } = serverErrors();
    const srv = await startServer('sqlite', {
      botThreads: 0,
      buildBot: (spec, limits) => (spec === 'random' ? throwing('boom') : botFromSpec(spec, limits)),
      log,
    });
    try {
      const id = await createGame(srv.base, {
        seats: [
          { kind: 'bot', bot: 'random' },
          { kind: 'bot', bot: 'greedy' },
        ],
        seed: 'i13-2-throws',
      });
      const g = await live(srv.hub, id);
      await until(() => g.moves.filter((m) => m.seat === 0).length >= 4, 'the failing seat to play on', 30_000);
      const mine = linesOf(lines(), id, 0);
      assert.equal(mine.length, 1, JSON.stringify(lines()));
      assert.match(mine[0]!, /bot "random" failed: boom cannot decide; the seat is played by "greedy" from now on/);
      assert.deepEqual(linesOf(lines(), id, 1), []);
    } finally {
      await srv.stop();
    }
  });

  test('when the fallback bot fails too, the seat plays its first legal choice rather than stall', async () => {
    const { log, lines } = serverErrors();
    const srv = await startServer('sqlite', { botThreads: 0, buildBot: (spec) => throwing(spec), log });
    try {
      const id = await createGame(srv.base, {
        seats: [
          { kind: 'bot', bot: 'random' },
          { kind: 'bot', bot: 'random' },
        ],
        seed: 'i13-2-first',
      });
      const g = await live(srv.hub, id);
      await until(() => g.moves.length >= 10, 'the seats to play on', 30_000);
      for (const seat of [0, 1]) {
        const mine = linesOf(lines(), id, seat);
        assert.equal(mine.length, 2, JSON.stringify(lines()));
        assert.match(mine[0]!, /bot "random" failed/);
        assert.match(mine[1]!, /fallback bot "greedy" failed too/);
      }
      // Each of those moves was the first legal choice at its point.
      const s: unknown = g.game.setup(g.game.options(g.stored.options), g.stored.seats, createRng(g.stored.seed, g.seeding));
      for (const m of g.moves.slice(0, 10)) {
        assert.deepEqual(m.choice, JSON.parse(JSON.stringify(g.game.choices(s)[0])));
        g.game.apply(s, m.choice, false);
      }
    } finally {
      await srv.stop();
    }
  });

  test("a bot job past its deadline ends its worker, the seat falls back, and another game's bot moves meanwhile", async () => {
    // One worker; jobs that no spec times get the 200 ms think-time cap plus 800 ms of grace.
    const { log, lines } = serverErrors();
    const srv = await startServer('sqlite', { botThreads: 1, botMaxMs: 200, botGraceMs: 800, log });
    try {
      // About 20,000 playouts of 50 turns: many seconds of work for the one worker.
      const slow = { kind: 'bot', bot: 'ismcts:20000it+rollout=50' };
      const a = await createGame(srv.base, { seats: [slow, slow], seed: 'i13-2-slow' });
      const b = await createGame(srv.base, {
        seats: [
          { kind: 'bot', bot: 'greedy' },
          { kind: 'bot', bot: 'greedy' },
        ],
        seed: 'i13-2-quick',
      });
      const gb = await live(srv.hub, b);
      await until(() => gb.moves.length >= 4, "the other game's bots to move", 8_000);
      const ga = await live(srv.hub, a);
      await until(() => ga.moves.length >= 1, 'the slow game to move on its fallback bot', 8_000);
      const first = ga.moves[0]!.seat;
      const mine = linesOf(lines(), a, first);
      assert.equal(mine.length, 1, JSON.stringify(lines()));
      assert.match(mine[0]!, /bot "ismcts:20000it\+rollout=50" failed: no answer within 1000 ms/);
    } finally {
      await srv.stop();
    }
  });
});

describe('the bot pool', () => {
  test("a worker rebuilds a game from its moves' choice indexes (Match.choiceCodes) and answers for that position, in both games", async () => {
    const pool = new BotPool({ size: 1, graceMs: 2_000 });
    const task = { owner: 'test', lane: 'search', budgetMs: 5_000 } as const;
    try {
      for (const game of GAMES.values()) {
        const seed = `pool-codes-${game.id}`;
        const m = new Match(game, game.minSeats, seed, undefined, RECORD_VERSION, { packMoves: true });
        const rng = createRng(`${seed}/moves`);
        for (let i = 0; i < 40 && !m.over; i++) {
          const cs = game.choices(m.state);
          m.play(cs[rng.int(cs.length)]);
        }
        assert.ok(!m.over && m.decisions > 20, `${game.id}: a game under way`);
        const job = {
          game: game.id,
          seats: game.minSeats,
          seed,
          rng: RECORD_VERSION,
          options: {},
          codes: m.choiceCodes,
          rngSeed: `${seed}/bot`,
        };
        const legal = game.choices(m.state).map((c) => canonicalJson(c));
        const { choice: c } = await pool.decide({ ...job, bot: 'random' }, task);
        assert.ok(legal.includes(canonicalJson(c)), `${game.id}: ${JSON.stringify(c)} is legal at move ${m.decisions}`);
        const h = await pool.hint(job, m.toAct()!, 'test', 5_000);
        assert.ok(legal.includes(canonicalJson(h.choice)), `${game.id}: the hint ${JSON.stringify(h.choice)} is legal`);
        // An index no position has: the job fails, and the worker answers the next one.
        await assert.rejects(
          pool.decide({ ...job, codes: [...m.choiceCodes.slice(0, -1), 999], bot: 'random' }, task),
          /no legal choice #999/,
        );
        assert.ok(legal.includes(canonicalJson((await pool.decide({ ...job, bot: 'random' }, task)).choice)));
      }
    } finally {
      await pool.close();
    }
  });

  test('a job past its deadline is rejected and the job queued behind it is answered by a new worker', async () => {
    const pool = new BotPool({ size: 1, graceMs: 300 });
    try {
      const job = (bot: string) => ({
        game: 'relic-runners',
        seats: 2,
        seed: 'pool',
        rng: 2 as const,
        options: {},
        codes: [],
        bot,
        rngSeed: 'pool-bot',
      });
      const slow = pool.decide(job('ismcts:20000it+rollout=50'), { owner: 'a', lane: 'search', budgetMs: 0 });
      // Its budget covers the new worker's start.
      const next = pool.decide(job('random'), { owner: 'a', lane: 'search', budgetMs: 5_000 });
      await assert.rejects(slow, BotDeadlineExceeded);
      const { choice: c } = await next;
      assert.equal(typeof (c as { t?: unknown }).t, 'string');
    } finally {
      await pool.close();
    }
  });
});
