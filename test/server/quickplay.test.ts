/**
 * Quick play: the planner alone (bands that widen, buckets that never mix, the largest table, bots
 * of the player's level), then the HTTP API and the matcher on both stores: guests and accounts
 * seated together and welcomed with their ticket's token, bots filling a table, every bad request
 * refused with its code and changing nothing, expiry, a table whose process died before (or while)
 * making its game finished by the next matcher exactly once, and on PostgreSQL concurrent claims
 * that never put one ticket at two tables. The three-process kill -9 test is
 * quickplay-processes.test.ts.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { AccountBrowser, refused, uniqueName, type Reply } from '../helpers/account-browser.js';
import { hello, openTestStore, startServer, until, type StoreKind, type TestServer } from '../helpers/server.js';
import { testLog } from '../helpers/log.js';
import { createRng } from '../../src/core/rng.js';
import { BAND_MAX, BAND_START, bandAfter, planTables, type WaitingTicket } from '../../src/server/matchmaking/planner.js';
import { Matcher } from '../../src/server/matchmaking/matcher.js';
import { hashToken, newGameId } from '../../src/server/tokens.js';
import type { QueuedTicket, TicketView } from '../../src/server/matchmaking/wire.js';
import type { NewTicket } from '../../src/server/matchmaking/store.js';
import { Hub } from '../../src/server/hub.js';

const PASSWORD = 'correct horse battery';
const bot = (_game: string, rating: number) => ({ spec: rating < 1400 ? 'random' : 'greedy' });

const ticket = (id: string, rating: number, over: Partial<WaitingTicket> = {}): WaitingTicket => ({
  id,
  game: 'quetzal',
  seats: [2],
  pace: 'realtime',
  rated: false,
  rating,
  botsAfterMs: null,
  queuedAt: 0,
  ...over,
});

describe('the planner', () => {
  test('the band starts narrow and widens with the wait, up to its widest', () => {
    assert.equal(bandAfter(0), BAND_START);
    assert.ok(bandAfter(10_000) > bandAfter(0));
    assert.equal(bandAfter(3_600_000), BAND_MAX);
  });

  test('players far apart meet only once both bands reach each other', () => {
    const ts = [ticket('a', 1500), ticket('b', 1750)];
    assert.deepEqual(planTables(ts, 1000, bot), []);
    const later = planTables(ts, 20_000, bot);
    assert.equal(later.length, 1);
    assert.deepEqual([...later[0]!.tickets].sort(), ['a', 'b']);
  });

  test('game, pace and rated-or-not never mix', () => {
    const ts = [
      ticket('a', 1500),
      ticket('b', 1500, { game: 'relic-runners' }),
      ticket('c', 1500, { pace: 'daily' }),
      ticket('d', 1500, { rated: true }),
    ];
    assert.deepEqual(planTables(ts, 0, bot), []);
  });

  test('the oldest player sits at the largest table it accepts that can be filled, with those who accept that size', () => {
    const ts = [
      ticket('old', 1500, { seats: [2, 3, 4] }),
      ticket('b', 1510, { seats: [3, 4], queuedAt: 1 }),
      ticket('c', 1490, { seats: [2, 3], queuedAt: 2 }),
      ticket('d', 1520, { seats: [4], queuedAt: 3 }),
    ];
    const [t, ...rest] = planTables(ts, 10, bot);
    assert.deepEqual(rest, []);
    // Four players: c does not accept 4, so the table is of three, which c, b and old accept.
    assert.deepEqual([...t!.tickets].sort(), ['b', 'c', 'old']);
  });

  test("bots of the player's level fill the smallest table it accepts once its own wait is over", () => {
    const alone = ticket('a', 1200, { seats: [3, 4], botsAfterMs: 5000 });
    assert.deepEqual(planTables([alone], 4999, bot), []);
    const [t] = planTables([alone], 5000, bot);
    assert.deepEqual(t!.tickets, ['a']);
    assert.deepEqual(t!.bots, [{ spec: 'random' }, { spec: 'random' }]);
  });

  test('a crowd of seeded random tickets: nobody at two tables, every table within its members bands', () => {
    const seed = 'planner-crowd';
    const rng = createRng(seed);
    const ts = Array.from({ length: 3000 }, (_, i) =>
      ticket(`t${i}`, 800 + rng.int(1400), {
        seats: [2, 3, 4, 5]
          .filter(() => rng.int(2) === 0)
          .concat([2 + rng.int(4)])
          .filter((v, j, a) => a.indexOf(v) === j)
          .sort(),
        queuedAt: rng.int(60_000),
        pace: rng.int(2) === 0 ? 'realtime' : 'daily',
        botsAfterMs: rng.int(3) === 0 ? null : rng.int(60_000),
      }),
    );
    const now = 60_000;
    const tables = planTables(ts, now, bot);
    const byId = new Map(ts.map((t) => [t.id, t]));
    const seen = new Set<string>();
    for (const t of tables) {
      const members = t.tickets.map((id) => byId.get(id)!);
      const size = members.length + t.bots.length;
      for (const m of members) {
        assert.ok(!seen.has(m.id), `seed ${seed}: ${m.id} is at two tables`);
        seen.add(m.id);
        assert.ok(m.seats.includes(size), `seed ${seed}: ${m.id} does not accept ${size} seats`);
      }
      const rs = members.map((m) => m.rating);
      const tightest = Math.min(...members.map((m) => bandAfter(now - m.queuedAt)));
      assert.ok(Math.max(...rs) - Math.min(...rs) <= tightest, `seed ${seed}: a table wider than its members' bands`);
    }
    assert.ok(seen.size > 2000, `seed ${seed}: most of the crowd is seated (${seen.size})`);
  });
});

/** A browser queueing for quick play (its cookies: a guest's, or an account's session). */
async function queue(b: AccountBrowser, body: Record<string, unknown>): Promise<Reply<QueuedTicket>> {
  return b.send<QueuedTicket>('POST', '/api/quickplay', body);
}

const QUICK = { game: 'quetzal', seats: [2], pace: 'realtime', rated: false, botsAfterMs: null } as const;

/** Asks about a ticket (as its client does) until it is seated. */
async function seated(b: AccountBrowser, id: string): Promise<TicketView> {
  let last: TicketView | null = null;
  await until(
    async () => {
      const r = await b.get<TicketView>(`/api/quickplay/tickets/${id}`);
      assert.equal(r.status, 200, JSON.stringify(r.json));
      last = r.json;
      return last.state === 'seated';
    },
    `ticket ${id} seated`,
    15_000,
  );
  return last!;
}

for (const kind of ['sqlite', 'postgres'] as StoreKind[]) {
  describe(`quick play on ${kind}`, () => {
    let s: TestServer;
    before(async () => {
      s = await startServer(kind);
    });
    after(async () => {
      await s.stop();
    });

    const signedUp = async (): Promise<AccountBrowser> => {
      const b = new AccountBrowser(s.base);
      const r = await b.post('/api/account/sign-up', { name: uniqueName('q'), password: PASSWORD });
      assert.equal(r.status, 201, JSON.stringify(r.json));
      return b;
    };

    test('two guests are seated together, each welcomed at its own seat with its ticket token', async () => {
      const ann = new AccountBrowser(s.base);
      const bob = new AccountBrowser(s.base);
      const a = await queue(ann, { ...QUICK, name: 'Ann' });
      assert.equal(a.status, 201, JSON.stringify(a.json));
      assert.equal(a.json.ticket.state, 'waiting');
      assert.ok(ann.cookies.has('expedition_guest'), 'a guest is given its cookie');
      const b = await queue(bob, { ...QUICK, name: 'Bob' });
      assert.equal(b.status, 201, JSON.stringify(b.json));
      const [ta, tb] = await Promise.all([seated(ann, a.json.ticket.id), seated(bob, b.json.ticket.id)]);
      assert.equal(ta.gameId, tb.gameId);
      assert.deepEqual([ta.seat, tb.seat].sort(), [0, 1]);
      for (const [t, token, name] of [
        [ta, a.json.token, 'Ann'],
        [tb, b.json.token, 'Bob'],
      ] as const) {
        const c = await s.client();
        const w = await hello(c, t.gameId!, token);
        assert.equal(w.seat, t.seat);
        assert.equal(w.seats?.[t.seat!]?.name, name);
      }
      // The other's token does not open this seat: each token is its own ticket's.
      const g = await s.hub.mustGet(ta.gameId!);
      assert.equal(s.hub.seatOf(g, a.json.token), ta.seat);
    });

    test('two accounts are seated at a rated game under their names, their seats attached to them', async () => {
      const [x, y] = [await signedUp(), await signedUp()];
      const qx = await queue(x, { ...QUICK, rated: true });
      const qy = await queue(y, { ...QUICK, rated: true });
      assert.equal(qx.status, 201, JSON.stringify(qx.json));
      assert.equal(qy.status, 201, JSON.stringify(qy.json));
      assert.equal(qx.json.ticket.rating, 1500, 'a new account is matched at 1500');
      const tx = await seated(x, qx.json.ticket.id);
      const ty = await seated(y, qy.json.ticket.id);
      assert.equal(tx.gameId, ty.gameId);
      const summary = (await (await fetch(`${s.base}/api/games/${tx.gameId}`)).json()) as { rated?: boolean };
      assert.equal(summary.rated, true);
      const owners = await s.store.ratings.seatAccounts(tx.gameId!);
      const me = (await x.get('/api/account')).json;
      assert.equal(owners.get(tx.seat!), me.id);
      assert.equal(owners.size, 2);
    });

    test("bots of the player's level fill the table once the player's wait for them is over", async () => {
      const g = new AccountBrowser(s.base);
      const r = await queue(g, { ...QUICK, game: 'relic-runners', seats: [3], botsAfterMs: 0 });
      assert.equal(r.status, 201, JSON.stringify(r.json));
      const t = await seated(g, r.json.ticket.id);
      const sum = (await (await fetch(`${s.base}/api/games/${t.gameId}`)).json()) as { seats: { kind: string; bot: string | null }[] };
      assert.equal(sum.seats.length, 3);
      assert.deepEqual(
        sum.seats.map((x) => x.kind),
        ['human', 'bot', 'bot'],
      );
    });

    test('bad requests are refused with their code and queue nothing', async () => {
      const g = new AccountBrowser(s.base);
      const before = await s.store.matchQueue.waitingCounts(0);
      const bad: [Record<string, unknown>, number, string][] = [
        [{ ...QUICK, seats: [1] }, 400, 'bad-request'],
        [{ ...QUICK, seats: [2, 2] }, 400, 'bad-request'],
        [{ ...QUICK, seats: [] }, 400, 'bad-request'],
        [{ ...QUICK, pace: 'blitz' }, 400, 'bad-request'],
        [{ ...QUICK, botsAfterMs: -1 }, 400, 'bad-request'],
        [{ ...QUICK, rated: 'yes' }, 400, 'bad-request'],
        [{ ...QUICK, seed: 'x' }, 400, 'bad-request'],
        [{ game: 'quetzal' }, 400, 'bad-request'],
        [{ ...QUICK, game: 'chess' }, 400, 'unknown-game'],
        [{ ...QUICK, rated: true }, 401, 'signed-out'],
      ];
      for (const [body, status, code] of bad) refused(await queue(g, body), status, code, JSON.stringify(body));
      refused(await g.send('POST', '/api/quickplay', '[1,2'), 400, 'bad-request', 'a body that is no JSON');
      const hostile = new AccountBrowser(s.base, 'https://evil.example');
      refused(await queue(hostile, QUICK), 403, 'cross-site', 'another site queueing its visitor');
      assert.deepEqual(await s.store.matchQueue.waitingCounts(0), before);
    });

    test("queueing twice, and another player's ticket, are refused; a ticket is cancelled once", async () => {
      const me = new AccountBrowser(s.base);
      const other = new AccountBrowser(s.base);
      const first = await queue(me, { ...QUICK, game: 'relic-runners', seats: [5] });
      assert.equal(first.status, 201);
      refused(await queue(me, { ...QUICK, seats: [3] }), 409, 'already-queued', 'a second ticket of one guest');
      const path = `/api/quickplay/tickets/${first.json.ticket.id}`;
      refused(await other.get(path), 404, 'no-ticket', "reading another guest's ticket");
      refused(await other.delete(path), 404, 'no-ticket', "cancelling another guest's ticket");
      refused(await me.get('/api/quickplay/tickets/not-a-ticket'), 400, 'bad-request', 'a malformed ticket id');
      refused(await me.get('/api/quickplay/tickets/AAAAAAAAAAAAAAAA'), 404, 'no-ticket', 'an unknown ticket');
      assert.equal((await me.get<TicketView>(path)).json.state, 'waiting', 'the refusals changed nothing');
      const gone = await me.delete(path);
      assert.equal(gone.status, 200, JSON.stringify(gone.json));
      assert.equal((await me.get<TicketView>(path)).json.state, 'cancelled');
      refused(await me.delete(path), 409, 'not-waiting', 'cancelling twice');
      const again = await queue(me, { ...QUICK, game: 'relic-runners', seats: [5] });
      assert.equal(again.status, 201, 'once cancelled, the player may queue again');
      await me.delete(`/api/quickplay/tickets/${again.json.ticket.id}`);
    });

    test("a guest who signs in while waiting still holds its ticket, and its rated table's bots play as their levels' accounts", async () => {
      const b = new AccountBrowser(s.base);
      const r = await queue(b, { ...QUICK, game: 'relic-runners', seats: [5] });
      assert.equal(r.status, 201);
      const up = await b.post('/api/account/sign-up', { name: uniqueName('g'), password: PASSWORD });
      assert.equal(up.status, 201);
      const path = `/api/quickplay/tickets/${r.json.ticket.id}`;
      assert.equal((await b.get<TicketView>(path)).json.state, 'waiting', 'the guest cookie still names its ticket');
      refused(await queue(b, { ...QUICK, rated: true }), 409, 'already-queued', 'the guest ticket waits, the account is the same player');
      assert.equal((await b.delete(path)).status, 200);
      const rated = await queue(b, { ...QUICK, rated: true, seats: [3], botsAfterMs: 0 });
      assert.equal(rated.status, 201, JSON.stringify(rated.json));
      const t = await seated(b, rated.json.ticket.id);
      const owners = await s.store.ratings.seatAccounts(t.gameId!);
      assert.equal(owners.size, 3, 'the player and both bots are attached');
      for (const [seat, account] of owners) if (seat !== t.seat) assert.match(account, /^bot-/);
    });

    test('the lobby counts the players waiting for each game; a ticket nobody asks about expires', async () => {
      const g = new AccountBrowser(s.base);
      const r = await queue(g, { ...QUICK, game: 'relic-runners', seats: [4] });
      assert.equal(r.status, 201);
      const counts = (await g.get<{ waiting: Record<string, number> }>('/api/quickplay/waiting')).json;
      assert.ok((counts.waiting['relic-runners'] ?? 0) >= 1, JSON.stringify(counts));
      const m = new Matcher(s.store, s.hub, { log: testLog() });
      await m.tick(Date.now() + m.abandonMs + 1000);
      assert.equal((await g.get<TicketView>(`/api/quickplay/tickets/${r.json.ticket.id}`)).json.state, 'expired');
    });
  });

  describe(`a table left half made on ${kind} is finished once`, () => {
    let opened: Awaited<ReturnType<typeof openTestStore>>;
    let hub: Hub;
    before(async () => {
      opened = await openTestStore(kind);
      hub = new Hub(opened.store, { botThreads: 0, botDelayMs: 0, log: testLog() });
    });
    after(async () => {
      await hub.close();
      await opened.store.close();
      await opened.drop();
    });

    const put = async (name: string, now: number, rating = 1500): Promise<{ id: string; token: string }> => {
      const token = `${name}-token-${now}`;
      const t: NewTicket = {
        id: `${name}${now}`.padEnd(16, 'x').slice(0, 16),
        owner: `g:${name}${now}`,
        accountId: null,
        name,
        game: 'quetzal',
        seats: [2],
        pace: 'realtime',
        rated: false,
        rating,
        botsAfterMs: null,
        queuedAt: now,
        seenAt: now,
        tokenHash: hashToken(token),
        address: '127.0.0.1',
      };
      assert.equal(await opened.store.matchQueue.enqueue(t, 100), 'queued');
      return { id: t.id, token };
    };

    test('a crowd of old tickets that cannot be matched does not hide two new ones that can', async () => {
      const now = Date.now();
      const old: string[] = [];
      // Each far from every other: no band reaches across 700 points.
      for (let i = 0; i < 10; i++) old.push((await put(`old${i}`, now - 600_000 + i, 3000 + 700 * i)).id);
      const a = await put('newa', now);
      const b = await put('newb', now);
      const q = opened.store.matchQueue;
      const tables = await q.claim({ seenSince: 0, limit: 4, now, plan: (ts) => planTables(ts, now, bot), newId: newGameId });
      const seatedIds = tables.flatMap((t) => t.seats.flatMap((x) => (x.kind === 'player' ? [x.ticket] : [])));
      assert.deepEqual(seatedIds.sort(), [a.id, b.id].sort());
      for (const id of old) assert.ok(await q.cancel(id), 'the old tickets still wait');
      assert.equal((await new Matcher(opened.store, hub, { log: testLog() }).tick(now)).made, 1);
    });

    test('a table whose game fails does not hold up the next; a refused one sends its players back to wait', async () => {
      const now = Date.now();
      const q = opened.store.matchQueue;
      const [a, b, c, d] = [await put('fa', now), await put('fb', now), await put('fc', now), await put('fd', now)];
      // Two tables planned: the first (a, b) for a game no server knows, the second (c, d) as asked.
      const tables = await q.claim({
        seenSince: 0,
        limit: 100,
        now,
        plan: () => [
          { game: 'chess', pace: 'realtime', rated: false, tickets: [a.id, b.id], bots: [] },
          { game: 'quetzal', pace: 'realtime', rated: false, tickets: [c.id, d.id], bots: [] },
        ],
        newId: newGameId,
      });
      assert.equal(tables.length, 2);
      const failures: string[] = [];
      const matcher = new Matcher(opened.store, hub, { log: testLog() });
      // A passing failure of the first (the database for a moment, say): the second is made all the same.
      let flaky = true;
      const made = await q.completePending(
        async (t) => {
          if (t.id === tables[0]!.id && flaky) throw new Error('for a moment');
          await matcher.make(t, now);
        },
        10,
        (t) => failures.push(t.id),
      );
      assert.equal(made, 1);
      assert.deepEqual(failures, [tables[0]!.id]);
      assert.equal((await q.ticket(a.id))?.tableState, 'pending', 'the failed table waits for the next round');
      assert.equal((await q.ticket(c.id))?.tableState, 'ready');
      // The next round: its game is refused (no such game), so its players wait again.
      flaky = false;
      assert.equal(
        await q.completePending(
          (t) => matcher.make(t, now),
          10,
          (t) => failures.push(t.id),
        ),
        0,
      );
      for (const t of [a, b]) assert.equal((await q.ticket(t.id))?.state, 'waiting');
      assert.equal(await opened.store.getGame(tables[0]!.id), null);
      for (const t of [a, b]) await q.cancel(t.id);
      // Over and a day old: pruned, the pending ones kept.
      await q.prune(now + 1);
      for (const t of [a, b, c, d]) assert.equal(await q.ticket(t.id), null, 'tickets that are over are pruned');
    });

    for (const stage of ['before its game was stored', 'after its game was stored'] as const)
      test(`a process that died ${stage}`, async () => {
        const now = Date.now();
        const [a, b] = [await put('ann', now), await put('bob', now)];
        const dead = new Matcher(opened.store, hub, { log: testLog() });
        // The dead process claimed the tickets and planned the table, then died (its make never ran, or ran halfway).
        const [table, ...none] = await opened.store.matchQueue.claim({
          seenSince: 0,
          limit: 100,
          now,
          plan: (ts) => planTables(ts, now, bot),
          newId: newGameId,
        });
        assert.deepEqual(none, []);
        if (stage === 'after its game was stored') await dead.make(table!);
        const seatedNow = await opened.store.matchQueue.ticket(a.id);
        assert.equal(seatedNow?.state, 'matched');
        assert.equal(seatedNow?.tableState, 'pending');
        const next = new Matcher(opened.store, hub, { log: testLog() });
        const { made } = await next.tick(now);
        assert.equal(made, 1);
        const stored = await opened.store.getGame(table!.id);
        assert.ok(stored, 'the game is made');
        for (const t of [a, b]) {
          const row = (await opened.store.matchQueue.ticket(t.id))!;
          assert.equal(row.tableState, 'ready');
          assert.equal(stored.seatConfigs[row.seat!]!.tokenHash, hashToken(t.token), "the seat is the ticket's");
        }
        assert.equal((await next.tick(now)).made, 0, 'a ready table is not made again');
        assert.equal((await opened.store.listGames()).filter((g) => g.id === table!.id).length, 1);
      });
  });
}

describe('the per-address cap', () => {
  let s: TestServer;
  before(async () => {
    s = await startServer('sqlite', { quickPlayPerAddress: 2 });
  });
  after(async () => {
    await s.stop();
  });

  test('an address holds at most its cap of waiting tickets; a cancelled one frees its place', async () => {
    const players = [new AccountBrowser(s.base), new AccountBrowser(s.base), new AccountBrowser(s.base)];
    const body = { ...QUICK, game: 'relic-runners', seats: [5] };
    const [a, b] = [await queue(players[0]!, body), await queue(players[1]!, body)];
    assert.equal(a.status, 201);
    assert.equal(b.status, 201);
    refused(await queue(players[2]!, body), 429, 'too-many-tickets', 'a third waiting ticket of one address');
    assert.equal((await players[0]!.delete(`/api/quickplay/tickets/${a.json.ticket.id}`)).status, 200);
    assert.equal((await queue(players[2]!, body)).status, 201);
  });
});

describe('concurrent matchers on PostgreSQL', () => {
  test('four stores claiming one crowd at once never put a ticket at two tables', async () => {
    const first = await openTestStore('postgres');
    try {
      const seed = 'claims';
      const rng = createRng(seed);
      const now = Date.now();
      for (let i = 0; i < 400; i++) {
        const t: NewTicket = {
          id: `c${String(i).padStart(15, '0')}`,
          owner: `g:c${i}`,
          accountId: null,
          name: 'p',
          game: 'quetzal',
          seats: [2, 3],
          pace: 'realtime',
          rated: false,
          rating: 1300 + rng.int(400),
          botsAfterMs: null,
          queuedAt: now - rng.int(20_000),
          seenAt: now,
          tokenHash: hashToken(`c${i}`),
          address: `a${i}`,
        };
        await first.store.matchQueue.enqueue(t, 10);
      }
      // Four claims at once on four connections of the same pool: SKIP LOCKED hands each row to one.
      let n = 0;
      const results = await Promise.all(
        Array.from({ length: 4 }, () =>
          first.store.matchQueue.claim({
            seenSince: 0,
            limit: 150,
            now,
            plan: (ts) => planTables(ts, now, bot),
            newId: () => `t${String(++n).padStart(15, '0')}`,
          }),
        ),
      );
      const seatedIds = results.flat().flatMap((t) => t.seats.flatMap((x) => (x.kind === 'player' ? [x.ticket] : [])));
      assert.equal(new Set(seatedIds).size, seatedIds.length, `seed ${seed}: a ticket at two tables`);
      assert.ok(seatedIds.length > 100, `seed ${seed}: the claims seated players (${seatedIds.length})`);
      for (const id of seatedIds) assert.equal((await first.store.matchQueue.ticket(id))?.state, 'matched');
    } finally {
      await first.store.close();
      await first.drop();
    }
  });
});
