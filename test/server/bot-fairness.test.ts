/**
 * Bot work is shared between tables and addresses: one address filling the bot workers with long
 * searches holds up neither another table's quick bots (greedy) nor its hints, and another
 * address's searches get their turn within a slice (BotPool). Two client addresses are told apart
 * through X-Forwarded-For from a trusted 127.0.0.1, as behind a reverse proxy.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { parseTrustProxy } from '../../src/server/limits.js';
import type { TableEvent } from '../../src/server/live-game.js';
import { hello, inviteKeys, joinSeat, live, startServer, until, type StoreKind, type TestServer } from '../helpers/server.js';

const ATTACKER = '203.0.113.7';
const VICTIM = '198.51.100.9';
/** The longest search a bot spec may ask for (BOT_MAX_MS's default), two bots a table. */
const HOG = {
  seats: [
    { kind: 'bot', bot: 'ismcts:10000ms' },
    { kind: 'bot', bot: 'ismcts:10000ms' },
  ],
  botDelayMs: 0,
};

/** Creates a game as a client at `address` (through the trusted proxy); returns its id. */
async function createAs(base: string, address: string, body: Record<string, unknown>): Promise<string> {
  const res = await fetch(`${base}/api/games`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify({ game: 'relic-runners', ...body }),
  });
  const json = (await res.json()) as { id: string; invites: { seat: number; key: string }[] };
  assert.equal(res.status, 201, JSON.stringify(json));
  inviteKeys.set(json.id, new Map(json.invites.map((i) => [i.seat, i.key])));
  return json.id;
}

/** Moves played so far in each of the games. */
async function movesOf(srv: TestServer, ids: readonly string[]): Promise<number> {
  let n = 0;
  for (const id of ids) n += (await live(srv.hub, id)).match.decisions;
  return n;
}

/** The table events of a game as stored (what its log tells after a restart too). */
async function tableEvents(srv: TestServer, id: string): Promise<TableEvent[]> {
  const g = await srv.store.getGame(id);
  return (g?.table ?? []).flatMap((e) => e.events as TableEvent[]);
}

for (const kind of ['sqlite', 'postgres'] as StoreKind[]) {
  describe(`bot work shared between addresses, on ${kind}`, () => {
    let srv: TestServer;
    let hogs: string[] = [];
    before(async () => {
      // One search worker, as on a two-core machine; a short slice keeps the test short.
      srv = await startServer(kind, { botThreads: 1, botSliceMs: 400, trustProxy: parseTrustProxy('127.0.0.1') });
      hogs = [];
      for (let i = 0; i < 3; i++) hogs.push(await createAs(srv.base, ATTACKER, HOG));
    });
    after(async () => {
      await srv?.stop();
    });

    test("another address's greedy bots play on while one address's long searches fill the search worker", async () => {
      const id = await createAs(srv.base, VICTIM, {
        seats: [
          { kind: 'bot', bot: 'greedy' },
          { kind: 'bot', bot: 'greedy' },
        ],
        botDelayMs: 0,
      });
      const hogMovesBefore = await movesOf(srv, hogs);
      await until(async () => (await live(srv.hub, id)).match.decisions >= 12, 'the greedy table to make 12 moves', 90_000);
      // A search of the hogs takes up to 10 s and they queue one each: in arrival order the greedy
      // table's every move would wait for all of them.
      const hogMoves = (await movesOf(srv, hogs)) - hogMovesBefore;
      assert.ok(hogMoves <= 3, `the greedy table made 12 moves while the hogs made ${hogMoves}`);
    });

    test("a hint is answered at once while one address's long searches fill the search worker", async () => {
      const id = await createAs(srv.base, VICTIM, { seats: [{ kind: 'human' }, { kind: 'bot', bot: 'greedy' }], botDelayMs: 0 });
      const token = await joinSeat(srv.base, id, 0, 'Vic');
      const c = await srv.client();
      await hello(c, id, token);
      const hogMovesBefore = await movesOf(srv, hogs);
      const answer = c.next((m) => m.type === 'hint' || m.type === 'error', 90_000);
      c.send({ type: 'hint' });
      const m = await answer;
      assert.equal(m.type, 'hint', JSON.stringify(m));
      const hogMoves = (await movesOf(srv, hogs)) - hogMovesBefore;
      assert.ok(hogMoves <= 1, `the hint came after the hogs made ${hogMoves} moves`);
    });

    test("another address's search gets the worker within a slice, and the table whose search was cut short is told in its log", async () => {
      const id = await createAs(srv.base, VICTIM, {
        seats: [
          { kind: 'bot', bot: 'ismcts:300ms' },
          { kind: 'bot', bot: 'ismcts:300ms' },
        ],
        botDelayMs: 0,
      });
      const hogMovesBefore = await movesOf(srv, hogs);
      await until(async () => (await live(srv.hub, id)).match.decisions >= 4, 'the searching table to make 4 moves', 90_000);
      const hogMoves = (await movesOf(srv, hogs)) - hogMovesBefore;
      // Each of its searches waited for at most one slice of a hog's, not for a whole 10 s search of each.
      assert.ok(hogMoves <= 8, `the searching table made 4 moves while the hogs made ${hogMoves}`);
      const hurried = (await Promise.all(hogs.map((h) => tableEvents(srv, h)))).flat().filter((e) => e.type === 'botHurried');
      assert.ok(hurried.length > 0, 'a hog table was told its bot was hurried');
      for (const e of hurried) {
        assert.equal(e.budgetMs, 10_000);
        assert.ok(e.thoughtMs >= 300 && e.thoughtMs < 10_000, `a hurried bot thought ${e.thoughtMs} ms`);
      }
      // Its own searches were within their slice: never cut.
      assert.deepEqual(
        (await tableEvents(srv, id)).filter((e) => e.type === 'botHurried'),
        [],
      );
    });
  });
}
