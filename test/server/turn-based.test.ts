/**
 * Turn-based games on both stores: clocks counted in days, what each game waits for stored with it
 * (so that an account's games waiting for it are listed without loading them, with an ETag), and
 * the clock of a game out of memory enforced by the sweep, exactly once however many sweepers run
 * at once. No sleep of days: the clock is injected by shifting Date.now, which the server's clocks
 * read (game-clock.ts), as a day passing between two moves would.
 */
import { after, before, describe, mock, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AccountBrowser, refused, uniqueName } from '../helpers/account-browser.js';
import { autoPlay, hello, live, openTestStore, startServer, until, type StoreKind, type TestServer } from '../helpers/server.js';
import { capturedLog, LEVEL, testLog } from '../helpers/log.js';
import { Refusal } from '../../src/server/refusal.js';
import { openSqliteStore } from '../../src/server/store-sqlite.js';
import type { Store } from '../../src/server/store.js';
import { DeadlineSweeper, type SweptHub } from '../../src/server/waits/sweeper.js';
import type { LiveGame } from '../../src/server/live-game.js';

const PASSWORD = 'correct horse battery';
const DAY = 24 * 3600 * 1000;
/** The friends form's daily clock: 3 days, and a day more with each move. */
const DAILY = { bankMs: 3 * DAY, incrementMs: DAY };

interface Created {
  id: string;
  invites: { seat: number; key: string }[];
}
interface Waiting {
  waiting: { gameId: string; seat: number; yourTurn: boolean; dueAt: number | null; moves: number }[];
}

/** Date.now shifted by what the test makes pass (`pass`): the server's clocks read it. */
function injectedClock(): { pass(ms: number): void; reset(): void } {
  const real = Date.now.bind(Date);
  let offset = 0;
  mock.method(Date, 'now', () => real() + offset);
  return {
    pass: (ms) => (offset += ms),
    reset: () => {
      offset = 0;
      mock.restoreAll();
    },
  };
}

/** Plays the first legal choice for the seat to act until another seat is to act; the moves played. */
async function playTurn(g: LiveGame): Promise<number> {
  const seat = g.toAct();
  assert.notEqual(seat, null);
  let n = 0;
  while (g.toAct() === seat && g.status === 'active') {
    await g.submit(seat!, g.game.choices(g.state)[0]);
    n++;
  }
  return n;
}

for (const kind of ['sqlite', 'postgres'] as StoreKind[]) {
  describe(`turn-based games on ${kind}`, () => {
    let srv: TestServer;
    before(async () => {
      // The sweeps are the test's own (startServer starts none).
      srv = await startServer(kind);
    });
    after(async () => {
      await srv?.stop();
    });

    async function signUp(): Promise<AccountBrowser> {
      const b = new AccountBrowser(srv.base);
      const r = await b.post('/api/account/sign-up', { name: uniqueName('tb'), password: PASSWORD });
      assert.equal(r.status, 201, JSON.stringify(r.json));
      return b;
    }
    /** A rated daily game between two accounts, seat 0 the creator's. */
    async function dailyGame(): Promise<{ id: string; a: AccountBrowser; b: AccountBrowser; tokens: string[] }> {
      const [a, b] = [await signUp(), await signUp()];
      const c = await a.send<Created>('POST', '/api/games', {
        game: 'relic-runners',
        seats: [{ kind: 'human' }, { kind: 'human' }],
        clock: DAILY,
        rated: true,
      });
      assert.equal(c.status, 201, JSON.stringify(c.json));
      const tokens: string[] = [];
      for (const [seat, who] of [a, b].entries()) {
        const key = c.json.invites.find((i) => i.seat === seat)!.key;
        const r = await who.send<{ token: string }>('POST', `/api/games/${c.json.id}/join`, { seat, key });
        assert.equal(r.status, 200, JSON.stringify(r.json));
        tokens.push(r.json.token);
      }
      return { id: c.json.id, a, b, tokens };
    }
    const waiting = async (who: AccountBrowser, id: string) => {
      const r = await who.get<Waiting>('/api/account/games');
      assert.equal(r.status, 200, JSON.stringify(r.json));
      return r.json.waiting.find((g) => g.gameId === id);
    };
    const sweeper = () => new DeadlineSweeper(srv.hub, srv.store.waits, testLog(), { everyMs: 0 });
    /** Evicts every idle game now, once its wait is stored. */
    const evict = async (id: string) => {
      await until(() => {
        srv.hub.evict(0, 0);
        return !srv.hub.isLive(id);
      }, `game ${id} to leave memory`);
    };

    test('a daily game waits for the seat to act, until its clock runs out, listed without loading the game', async () => {
      const { id, a, b } = await dailyGame();
      const g = await live(srv.hub, id);
      const first = g.toAct()!;
      const [mover, other] = first === 0 ? [a, b] : [b, a];
      await until(async () => (await waiting(mover, id))?.yourTurn === true, "the first player's turn to be listed");
      const start = (await waiting(mover, id))!;
      assert.equal(start.seat, first);
      assert.equal(start.dueAt, g.stored.createdAt + DAILY.bankMs, 'three days from the start');
      assert.equal((await waiting(other, id))?.yourTurn, false);

      const moves = await playTurn(g);
      await evict(id);
      // The other player's turn, its three days counted from the move, read with the game out of memory.
      const w = (await waiting(other, id))!;
      assert.equal(w.yourTurn, true);
      assert.equal(w.seat, 1 - first);
      assert.equal(w.dueAt, g.timeOf(moves - 1) + DAILY.bankMs);
      assert.equal((await waiting(mover, id))?.yourTurn, false);
      assert.equal(srv.hub.isLive(id), false, 'listing the waiting games loads none');
    });

    test("a game's clock runs out while it is out of memory: one sweep of several hands the seat to its bot, once", async (t) => {
      const { id, a, b, tokens } = await dailyGame();
      const g = await live(srv.hub, id);
      const first = g.toAct()!;
      await playTurn(g);
      const late = 1 - first;
      await evict(id);

      // Not yet due: a sweep loads nothing.
      assert.deepEqual(await sweeper().sweep(), []);
      assert.equal(srv.hub.isLive(id), false);

      const clock = injectedClock();
      t.after(() => clock.reset());
      clock.pass(3 * DAY + 60_000);
      const swept = await Promise.all([sweeper().sweep(), sweeper().sweep(), sweeper().sweep()]);
      // (The earlier tests' games, out of time too, go the same way.)
      assert.deepEqual(
        swept.flat().filter((x) => x === id),
        [id],
        'one sweep of three loads the game',
      );

      const stored = (await srv.store.getGame(id))!;
      const handOvers = stored.table.flatMap((e) => e.events as { type: string; seat: number; reason?: string }[]);
      assert.deepEqual(
        handOvers.filter((e) => e.type === 'seatToBot'),
        [{ type: 'seatToBot', seat: late, reason: 'clock' }],
        'handed to its bot once, for its clock',
      );
      assert.ok(stored.seatConfigs[late]!.bot, 'the seat is the bot’s');
      assert.equal(stored.seatConfigs[late]!.clockMs, 0);
      // Swept again later: nothing more to do.
      clock.pass(DAY);
      await srv.hub.get(id).then((x) => x?.wait.idle());
      await evict(id);
      assert.ok(!(await sweeper().sweep()).includes(id), "the other player's clock has time left");
      const after = (await srv.store.getGame(id))!;
      assert.equal(after.table.flatMap((e) => e.events as { type: string }[]).filter((e) => e.type === 'seatToBot').length, 1);

      // The late player's seat plays on as a bot; the game ends with that player ranked last (rated: a loss).
      const [winner, loser] = late === 0 ? [b, a] : [a, b];
      const c = await srv.client();
      await hello(c, id, tokens[first]);
      const p = autoPlay(c, first, 'turn-based-timeout');
      await p.done;
      p.stop();
      const end = (await srv.store.getGame(id))!;
      assert.equal(end.status, 'finished');
      const profile = async (who: AccountBrowser) => {
        const me = await who.get<{ name: string }>('/api/account');
        assert.equal(me.status, 200, JSON.stringify(me.json));
        const r = await who.get<{ finished: { gameId: string; rank: number | null }[]; left: { left: number } }>(
          `/api/players/${me.json.name}`,
        );
        return r.json;
      };
      const lost = await profile(loser);
      assert.equal(lost.finished.find((f) => f.gameId === id)?.rank, 2, 'the timed-out player ranks last');
      assert.equal(lost.left.left, 1);
      assert.equal((await profile(winner)).finished.find((f) => f.gameId === id)?.rank, 1);
    });

    test("a signed-in player's seat of a game with friends goes with the account: listed for it, on its own profile only, and moves with the seat's link", async () => {
      const [a, b, c] = [await signUp(), await signUp(), await signUp()];
      const created = await a.send<Created>('POST', '/api/games', {
        game: 'relic-runners',
        seats: [{ kind: 'human' }, { kind: 'human' }],
        clock: DAILY,
      });
      assert.equal(created.status, 201, JSON.stringify(created.json));
      const id = created.json.id;
      const key = (seat: number) => created.json.invites.find((i) => i.seat === seat)!.key;
      for (const [seat, who] of [a, b].entries()) {
        const r = await who.send('POST', `/api/games/${id}/join`, { seat, key: key(seat) });
        assert.equal(r.status, 200, JSON.stringify(r.json));
      }
      const g = await live(srv.hub, id);
      await g.wait.idle();
      const first = g.toAct()!;
      const [mover, other] = first === 0 ? [a, b] : [b, a];
      assert.equal((await waiting(mover, id))?.yourTurn, true, 'listed as waiting for the player to act');
      assert.equal((await waiting(other, id))?.yourTurn, false, "and on the other's list, not waiting");
      const nameOf = async (who: AccountBrowser) => (await who.get<{ name: string }>('/api/account')).json.name;
      const listedOn = async (viewer: AccountBrowser, owner: AccountBrowser) =>
        (await viewer.get<{ inProgress: { gameId: string }[] }>(`/api/players/${await nameOf(owner)}`)).json.inProgress.some(
          (x) => x.gameId === id,
        );
      assert.equal(await listedOn(a, a), true, "on the player's own profile");
      assert.equal(await listedOn(b, a), false, 'not on the profile as anyone else sees it: a game with friends is found by its links');
      // Seat 1's link opened by a third account: the seat, and its place in the lists, move there.
      const r = await c.send('POST', `/api/games/${id}/join`, { seat: 1, key: key(1) });
      assert.equal(r.status, 200, JSON.stringify(r.json));
      assert.equal(await waiting(b, id), undefined, 'gone from the list of the account that held it');
      assert.notEqual(await waiting(c, id), undefined, 'on the list of the account that holds it now');
    });

    test('the waiting list answers 304 to its own ETag, and a new one once the turn changed', async () => {
      const { id, a, b } = await dailyGame();
      const g = await live(srv.hub, id);
      const mover = g.toAct() === 0 ? a : b;
      await until(async () => (await waiting(mover, id))?.yourTurn === true, 'the turn to be listed');
      const r1 = await mover.get('/api/account/games');
      const etag = r1.headers.get('etag');
      assert.ok(etag);
      assert.match(r1.headers.get('cache-control') ?? '', /private/);
      const r2 = await mover.send('GET', '/api/account/games', undefined, { 'if-none-match': etag });
      assert.equal(r2.status, 304);
      await playTurn(g);
      await g.wait.idle();
      const r3 = await mover.send('GET', '/api/account/games', undefined, { 'if-none-match': etag });
      assert.equal(r3.status, 200);
      assert.notEqual(r3.headers.get('etag'), etag);
    });

    test('the waiting list refuses a guest and a query it does not know, and a bad ETag gets the list', async () => {
      refused(await new AccountBrowser(srv.base).get('/api/account/games'), 401, 'signed-out', 'a guest');
      const a = await signUp();
      const q = await a.get('/api/account/games?since=0');
      assert.equal(q.status, 400, JSON.stringify(q.json));
      const r = await a.send<Waiting>('GET', '/api/account/games', undefined, { 'if-none-match': '"nonsense", W/"x"' });
      assert.equal(r.status, 200);
      assert.deepEqual(r.json.waiting, []);
    });
  });

  test(`waits on ${kind}: each due game is claimed by one claimer of several at once, again after its lease`, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'waits-'));
    let stores: Store[] = [];
    let drop = async () => {};
    try {
      if (kind === 'sqlite') {
        // Two connections to one database file, as two processes have.
        stores = [openSqliteStore(join(dir, 'db.sqlite'), { log: testLog() }), openSqliteStore(join(dir, 'db.sqlite'), { log: testLog() })];
        for (const s of stores) await s.init();
      } else {
        const one = await openTestStore('postgres');
        drop = one.drop;
        stores = [one.store];
      }
      const s = stores[0]!;
      const now = 1_000_000_000_000;
      const ids: string[] = [];
      for (let i = 0; i < 30; i++) {
        const id = `w${i}`;
        await s.createGame(
          { id, game: 'relic-runners', seats: 2, seed: 'x', options: {}, settings: {}, createdAt: now, listed: false },
          [],
          'h',
        );
        // Two thirds due, the rest later or without a clock.
        await s.waits.set(id, { seat: i % 2, dueAt: i % 3 === 2 ? (i % 2 === 0 ? null : now + DAY) : now - i });
        ids.push(id);
      }
      const due = ids.filter((_, i) => i % 3 !== 2);
      const claimers = kind === 'sqlite' ? stores : [s, s, s];
      const claimed = await Promise.all(claimers.flatMap((c) => [c.waits.claimDue(now, 60_000, 7), c.waits.claimDue(now, 60_000, 7)]));
      const all = claimed.flat();
      assert.equal(new Set(all).size, all.length, 'no game claimed twice');
      const rest = await s.waits.claimDue(now, 60_000, 100);
      assert.deepEqual([...all, ...rest].sort(), [...due].sort(), 'every due game claimed once');
      assert.deepEqual(await s.waits.claimDue(now + 59_000, 60_000, 100), [], 'none again during the lease');
      assert.equal((await s.waits.claimDue(now + 60_000, 60_000, 100)).length, due.length, 'all again after it');
      // One batch: a game that does not exist is skipped, the others are written, a game's latest wins.
      await Promise.all([
        s.waits.set('no-such-game', { seat: 0, dueAt: now }),
        s.waits.set('w0', { seat: 1, dueAt: now }),
        s.waits.set('w0', null),
      ]);
      await assert.rejects(s.waits.set('w1', { seat: 0, dueAt: Number.NaN }), RangeError, 'a time that is no time');
      const late = await s.waits.claimDue(now + DAY * 2, 0, 100);
      assert.ok(!late.includes('w0'), 'a cleared wait is gone');
      assert.ok(!late.includes('no-such-game'));
      assert.ok(late.includes('w1'), 'a refused wait leaves the stored one as it was');
    } finally {
      for (const st of stores) await st.close();
      await drop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
}

test('a sweep goes on past a game it cannot load, logs why, and claims it again only after the lease', async () => {
  const { store, drop } = await openTestStore('sqlite');
  try {
    const now = 1_000_000_000_000;
    for (const id of ['bad', 'good'])
      await store.createGame(
        { id, game: 'relic-runners', seats: 2, seed: 'x', options: {}, settings: {}, createdAt: now, listed: false },
        [],
        'h',
      );
    await store.waits.set('bad', { seat: 0, dueAt: now - 2 });
    await store.waits.set('good', { seat: 1, dueAt: now - 1 });
    const enforced: string[] = [];
    const hub: SweptHub = {
      isLive: () => false,
      get: async (id) => {
        if (id === 'bad') throw new Refusal('corrupt', 'cannot rebuild from its stored log: a test says so');
        return {
          bots: { enforceClock: async () => void enforced.push(id) },
          wait: { idle: async () => undefined },
        } as unknown as LiveGame;
      },
    };
    const { log, lines } = capturedLog('warn');
    const sweeper = new DeadlineSweeper(hub, store.waits, log, { everyMs: 0, leaseMs: 60_000 });
    assert.deepEqual(await sweeper.sweep(now), ['good']);
    assert.deepEqual(enforced, ['good']);
    assert.ok(lines.some((l) => l.level === LEVEL.error && l.game === 'bad' && /a test says so/.test(l.msg)));
    assert.deepEqual(await sweeper.sweep(now + 59_000), [], 'both leased');
    assert.deepEqual(await sweeper.sweep(now + 60_000), ['good']);
    assert.equal(lines.filter((l) => l.level === LEVEL.error && l.game === 'bad').length, 2, 'the bad one is tried again after its lease');
  } finally {
    await store.close();
    await drop();
  }
});
