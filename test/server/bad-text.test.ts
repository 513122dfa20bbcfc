/**
 * The bad-text corpus (test/helpers/bad-text.ts) through every path parameter of every route,
 * every text field of every body and every field of the WebSocket's messages, on SQLite and
 * PostgreSQL: each is refused with 400 or 404 (bad_message over the WebSocket) with a clear
 * message, nothing is logged as an internal error, and nothing changes.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { BAD_TEXT, GOOD_NAMES, pathSegment } from '../helpers/bad-text.js';
import { capturedLog } from '../helpers/log.js';
import { http } from '../helpers/ws-client.js';
import type { ApiReply, ServerMsg } from '../helpers/wire.js';
import { createGame, hello, inviteKeys, joinSeat, live, startServer, type StoreKind, type TestServer } from '../helpers/server.js';

/** Path segments that are bad as paths, besides the corpus: broken percent-encoding, overlong UTF-8, dots, slashes, lengths. */
const BAD_SEGMENTS = ['%ZZ', '%C0%80', '%ED%A0%80', '%FF', '..', '%2e%2e', 'a%2Fb', 'x'.repeat(65), 'x'.repeat(101), 'nope'];

/** Seat numbers written any way but in decimal digits, or out of range. */
const BAD_SEATS = ['8', '99', '-0', '+1', '%201', '1%20', '0x1', '1e0', '1.0', 'Infinity', 'NaN', '%D9%A1', '%EF%BC%91'];

/** The server's warnings and errors, as logged: a refusal is not an internal error and logs nothing. */
const serverLines = capturedLog('warn');

/** What the server logged during `fn`, as text. */
async function quietly<T>(fn: () => Promise<T>): Promise<{ value: T; logged: string[] }> {
  const from = serverLines.texts.length;
  const value = await fn();
  return { value, logged: serverLines.texts.slice(from) };
}

/** A refusal of the HTTP API: one of `statuses`, with a code and a message. */
function refused(r: { status: number; json: ApiReply | string }, statuses: readonly number[], what: string): void {
  assert.ok(statuses.includes(r.status), `${what}: status ${r.status}, expected ${statuses.join('|')}: ${JSON.stringify(r.json)}`);
  assert.equal(typeof r.json, 'object', `${what}: a JSON body`);
  const j = r.json as ApiReply;
  assert.equal(typeof j.error, 'string', `${what}: ${JSON.stringify(j)}`);
  assert.ok(typeof j.message === 'string' && j.message.length > 0, what);
}

for (const kind of ['sqlite', 'postgres'] as StoreKind[]) {
  describe(`bad text on ${kind}`, () => {
    let srv: TestServer;
    before(async () => {
      srv = await startServer(kind, { botThreads: 0, log: serverLines.log });
    });
    after(async () => {
      await srv?.stop();
    });

    /** A game of two people, seat 1 taken (its token returned), seat 0 free: what a bad request could change. */
    async function table(seed: string): Promise<{ id: string; token: string }> {
      const id = await createGame(srv.base, { seats: [{ kind: 'human' }, { kind: 'human' }], seed });
      return { id, token: await joinSeat(srv.base, id, 1, 'Bo') };
    }

    /** The game's seats as stored: a refused request changed none of them. */
    const storedSeats = async (id: string) => JSON.stringify((await srv.store.getGame(id))!.seatConfigs);

    test('every path parameter of every route answers 400 or 404 to the whole corpus, never 500, logging nothing', async () => {
      const { id, token } = await table('bad-path');
      const seatsBefore = await storedSeats(id);
      const ids = [...BAD_TEXT.map(pathSegment), ...BAD_SEGMENTS];
      const seats = [...BAD_TEXT.map(pathSegment), ...BAD_SEATS];
      const requests: [string, string, unknown?][] = [
        ...ids.flatMap((g): [string, string, unknown?][] => [
          ['GET', `/api/games/${g}`],
          ['GET', `/api/games/${g}/record`],
          ['POST', `/api/games/${g}/join`, { seat: 0 }],
          ['POST', `/api/games/${g}/seats/0/bot`, { token }],
        ]),
        // With a token that holds seat 1 of the game: only the seat number is wrong.
        ...seats.map((s): [string, string, unknown] => ['POST', `/api/games/${id}/seats/${s}/bot`, { token }]),
      ];
      const { logged } = await quietly(async () => {
        for (const [method, path, body] of requests) refused(await http(srv.base, method, path, body), [400, 404], `${method} ${path}`);
      });
      assert.deepEqual(logged, [], 'a refused path is not an internal error');
      assert.equal(await storedSeats(id), seatsBefore, 'no seat changed');
      assert.equal((await live(srv.hub, id)).seatConfigs[0]!.bot, null, 'seat 0 was not handed to a bot');
      assert.deepEqual((await http(srv.base, 'GET', '/health')).json, { ok: true });
    });

    test('every text field of every body refuses the whole corpus with 400, creating and changing nothing', async () => {
      const { id } = await table('bad-body');
      const seatsBefore = await storedSeats(id);
      const gamesBefore = (await srv.store.activeGameIds()).length;
      const seats = [{ kind: 'human' }, { kind: 'bot', bot: 'random' }];
      const key = inviteKeys.get(id)!.get(0)!;
      const { logged } = await quietly(async () => {
        for (const bad of BAD_TEXT) {
          const what = JSON.stringify(bad);
          const creates: Record<string, unknown>[] = [
            { game: bad, seats },
            { game: 'relic-runners', seats: [{ kind: 'human', name: bad }, seats[1]] },
            { game: 'relic-runners', seats: [seats[0], { kind: 'bot', bot: bad }] },
            { game: 'relic-runners', seats: [seats[0], { kind: 'bot', bot: 'random', name: bad }] },
            { game: 'relic-runners', seats, options: { [bad]: true } },
            { game: 'relic-runners', seats, seed: bad },
            { game: 'relic-runners', seats, botLevel: bad },
          ];
          for (const body of creates) refused(await http(srv.base, 'POST', '/api/games', body), [400], `create ${JSON.stringify(body)}`);
          refused(await http(srv.base, 'POST', `/api/games/${id}/join`, { seat: 0, key, name: bad }), [400], `join named ${what}`);
          refused(await http(srv.base, 'POST', `/api/games/${id}/join`, { seat: 0, key: bad }), [400], `join with key ${what}`);
          refused(await http(srv.base, 'POST', `/api/games/${id}/seats/0/bot`, { token: bad }), [400], `hand over with token ${what}`);
        }
      });
      assert.deepEqual(logged, []);
      assert.equal((await srv.store.activeGameIds()).length, gamesBefore, 'no game was created');
      assert.equal(await storedSeats(id), seatsBefore, 'no seat changed');
      // The seat could be taken all along: the refusals were the texts'.
      assert.equal((await http(srv.base, 'POST', `/api/games/${id}/join`, { seat: 0, key, name: 'Ann' })).status, 200);
    });

    test('every field of the WebSocket messages refuses the whole corpus with bad_message, changing nothing', async () => {
      const { id, token } = await table('bad-ws');
      const c = await srv.client();
      await hello(c, id, token);
      const g = await live(srv.hub, id);
      const seatsBefore = await storedSeats(id);
      const moves = g.moves.length;
      const { logged } = await quietly(async () => {
        for (const bad of BAD_TEXT) {
          for (const msg of [
            { type: 'hello', game: bad },
            { type: 'hello', game: id, token: bad },
            { type: 'ping', id: bad },
            { type: 'undo', id: bad },
            { type: 'hint', id: bad },
            { type: 'choice', choice: { t: 'pass' }, id: bad },
          ]) {
            const reply = c.next((m: ServerMsg) => m.type === 'error' || m.type === 'pong' || m.type === 'welcome');
            c.send(msg);
            const m = await reply;
            assert.equal(m.type, 'error', `${JSON.stringify(msg)} → ${JSON.stringify(m)}`);
            assert.equal(m.code, 'bad_message', `${JSON.stringify(msg)} → ${JSON.stringify(m)}`);
          }
        }
      });
      assert.deepEqual(logged, []);
      assert.equal(g.moves.length, moves);
      assert.equal(await storedSeats(id), seatsBefore);
      // Still seat 1's connection: the refused hellos changed nothing.
      assert.equal((await c.request({ type: 'ping' })).type, 'pong');
    });

    test('a name needs a visible character: invisible names and text-direction marks are refused naming the character; emoji and joined scripts are kept as typed', async () => {
      for (const [bad, pattern] of [
        ['\u200B', /U\+200B/],
        ['\u3164\u3164', /U\+3164/],
        ['\u2800', /visible character/],
        ['Ann\u200F', /U\+200F/],
        ['\u061CAnn', /U\+061C/],
      ] as const) {
        const r = await http(srv.base, 'POST', '/api/games', {
          game: 'relic-runners',
          seats: [{ kind: 'human', name: bad }, { kind: 'human' }],
        });
        refused(r, [400], JSON.stringify(bad));
        assert.match(r.json.message, pattern);
        assert.match(r.json.message, /seats\.0\.name/);
      }
      for (const name of GOOD_NAMES) {
        const id = await createGame(srv.base, { seats: [{ kind: 'human', name }, { kind: 'human' }] });
        await joinSeat(srv.base, id, 1, name);
        const stored = (await srv.store.getGame(id))!.seatConfigs;
        assert.deepEqual([stored[0]!.name, stored[1]!.name], [name, name], JSON.stringify(name));
      }
    });
  });
}
