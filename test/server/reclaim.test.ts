/**
 * Taking a seat back, on both stores: a seat's link is its credential. Opened anywhere, it takes the seat
 * anew (a fresh token; the old one revoked and its connections told and closed), keeping the seat's
 * name unless a new one is given; a wrong or stale key is refused and changes nothing; the other
 * seats' links, spectators and open-seat joins are untouched.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { CloseCode } from '../../src/server/protocol.js';
import { http } from '../helpers/ws-client.js';
import type { ApiReply, SeatInfo } from '../helpers/wire.js';
import { hello, live, startServer, until, type StoreKind, type TestServer } from '../helpers/server.js';

const sha256 = (s: string): string => createHash('sha256').update(s, 'utf8').digest('hex');

/** Seat 0 a bot that plays at once, seats 1 and 2 friends invited by link. */
const BOT_THEN_FRIENDS = { game: 'relic-runners', seats: [{ kind: 'bot', bot: 'random' }, { kind: 'human' }, { kind: 'human' }] };

for (const kind of ['sqlite', 'postgres'] as StoreKind[]) {
  describe(`reclaiming a seat from its link on ${kind}`, () => {
    let srv: TestServer;
    before(async () => {
      srv = await startServer(kind);
    });
    after(async () => {
      await srv?.stop();
    });

    const create = async (body: Record<string, unknown> = BOT_THEN_FRIENDS): Promise<{ id: string; keys: Map<number, string> }> => {
      const r = await http(srv.base, 'POST', '/api/games', body);
      assert.equal(r.status, 201, JSON.stringify(r.json));
      return { id: r.json.id, keys: new Map(r.json.invites.map((i) => [i.seat, i.key])) };
    };
    const join = (id: string, body: Record<string, unknown>) => http(srv.base, 'POST', `/api/games/${id}/join`, body);
    const seat = async (id: string, n: number): Promise<SeatInfo> => (await http(srv.base, 'GET', `/api/games/${id}`)).json.seats[n]!;
    const refused = (r: { status: number; json: ApiReply }, what: string) => {
      assert.equal(r.status, 403, `${what}: ${JSON.stringify(r.json)}`);
      assert.equal(r.json.error, 'bad_token', what);
      assert.ok(r.json.message.length > 10, `${what}: a message that says why`);
      assert.equal(r.json.token, undefined, `${what}: no token`);
    };

    test('the link opened in a fresh browser takes the held seat; the old token is told, cut off and acts no more; the new one plays on', async () => {
      const { id, keys } = await create();
      const key = keys.get(1)!;
      const first = await join(id, { seat: 1, key, name: 'Bo' });
      assert.equal(first.status, 200, JSON.stringify(first.json));
      const oldToken = first.json.token;
      const g = await live(srv.hub, id);
      await until(() => g.toAct() === 1, 'the bot at seat 0 to have played, seat 1 to act');

      const old = await srv.client();
      assert.equal((await hello(old, id, oldToken)).seat, 1);
      const told = old.next((m) => m.type === 'error');
      const cut = old.closed();

      // The same link, from a browser that holds nothing: no name typed, so the seat keeps its own.
      const again = await join(id, { seat: 1, key });
      assert.equal(again.status, 200, JSON.stringify(again.json));
      const newToken = again.json.token;
      assert.notEqual(newToken, oldToken, 'a fresh token');
      assert.equal(again.json.key, key, 'the link stays the seat');
      assert.equal((await seat(id, 1)).name, 'Bo', 'the name stays');

      const msg = await told;
      assert.equal(msg.code, 'bad_token');
      assert.match(msg.message, /another device/, 'the old tab is told why');
      assert.equal(await cut, CloseCode.seatTaken, 'the old connection is closed');

      // The old token acts no more: neither a hello nor the HTTP hand-over.
      const late = await srv.client();
      const reply = late.next((m) => m.type === 'welcome' || m.type === 'error');
      late.send({ type: 'hello', game: id, token: oldToken });
      assert.equal((await reply).code, 'bad_token', "the old token's hello is refused");
      refused(await http(srv.base, 'POST', `/api/games/${id}/seats/2/bot`, { token: oldToken }), "the old token's hand-over");
      assert.equal((await srv.store.getGame(id))?.seatConfigs[1]?.tokenHash, sha256(newToken), 'only the new token is stored');

      // The new holder plays on.
      const fresh = await srv.client();
      const welcome = await hello(fresh, id, newToken);
      assert.equal(welcome.seat, 1);
      assert.equal(welcome.toAct, 1);
      const choices = welcome.view.choices;
      assert.ok(choices && choices.length > 0, 'seat 1 has choices');
      const before = g.moves.length;
      const ack = await fresh.request({ type: 'choice', choice: choices[0], index: welcome.moves });
      assert.equal(ack.type, 'ack', JSON.stringify(ack));
      assert.ok(g.moves.length > before, 'the move is played');
    });

    test('a name typed by the new holder replaces the seat\u2019s name', async () => {
      const { id, keys } = await create();
      const key = keys.get(2)!;
      assert.equal((await join(id, { seat: 2, key, name: 'Ada' })).status, 200);
      const r = await join(id, { seat: 2, key, name: 'Ada on the phone' });
      assert.equal(r.status, 200, JSON.stringify(r.json));
      assert.equal((await seat(id, 2)).name, 'Ada on the phone');
      // A bad name is refused before anything is taken.
      const bad = await join(id, { seat: 2, key, name: '   ' });
      assert.equal(bad.status, 400, JSON.stringify(bad.json));
      assert.equal((await srv.store.getGame(id))?.seatConfigs[2]?.tokenHash, sha256(r.json.token), 'the seat stays with its holder');
    });

    test('a wrong key for a held seat is refused and changes nothing: token, name and connection stay', async () => {
      const { id, keys } = await create();
      const key = keys.get(1)!;
      const held = await join(id, { seat: 1, key, name: 'Bo' });
      const holder = await srv.client();
      await hello(holder, id, held.json.token);
      const stored = async () => (await srv.store.getGame(id))?.seatConfigs[1];
      const beforeRow = await stored();
      const wrong = [randomBytes(16).toString('base64url'), keys.get(2)!, key.slice(0, -1) + (key.endsWith('A') ? 'B' : 'A')];
      for (const k of wrong) refused(await join(id, { seat: 1, key: k, name: 'Mallory' }), `key ${k}`);
      refused(await join(id, { seat: 1, name: 'Mallory' }), 'no key');
      assert.deepEqual(await stored(), beforeRow, 'the stored seat is unchanged');
      assert.equal((await seat(id, 1)).name, 'Bo');
      assert.equal(holder.ws.readyState, holder.ws.OPEN, "the holder's connection stays");
      assert.equal((await holder.request({ type: 'ping' })).type, 'pong', 'and is served');
    });

    test('after a reclaim the other seats\u2019 links, spectators and their connections work as before', async () => {
      const { id, keys } = await create();
      const t1 = (await join(id, { seat: 1, key: keys.get(1)!, name: 'Bo' })).json.token;
      const t2 = (await join(id, { seat: 2, key: keys.get(2)!, name: 'Ada' })).json.token;
      const other = await srv.client();
      await hello(other, id, t2);
      const watcher = await srv.client();
      assert.equal((await hello(watcher, id)).seat, null);
      const old = await srv.client();
      await hello(old, id, t1);
      const cut = old.closed();
      assert.equal((await join(id, { seat: 1, key: keys.get(1)! })).status, 200);
      assert.equal(await cut, CloseCode.seatTaken);
      assert.equal(other.ws.readyState, other.ws.OPEN, "seat 2's connection stays");
      assert.equal(watcher.ws.readyState, watcher.ws.OPEN, "the spectator's connection stays");
      assert.equal((await hello(await srv.client(), id, t2)).seat, 2, "seat 2's token still holds seat 2");
      assert.equal((await hello(await srv.client(), id)).seat, null, 'a new spectator is welcome');
      // Seat 2's link still opens seat 2 (and only it).
      const r2 = await join(id, { seat: 2, key: keys.get(2)! });
      assert.equal(r2.status, 200);
      assert.equal(r2.json.seat, 2);
      assert.equal((await seat(id, 2)).name, 'Ada');
    });

    test('in a game open to anyone, a free seat is still taken without a key, and the creator\u2019s replaced link is stale', async () => {
      const { id, keys } = await create({ ...BOT_THEN_FRIENDS, open: true });
      const walkIn = await join(id, { seat: 2, name: 'Walk-in' });
      assert.equal(walkIn.status, 200, JSON.stringify(walkIn.json));
      const before = await srv.store.getGame(id);
      refused(await join(id, { seat: 2, key: keys.get(2)! }), "the creator's link to the seat, replaced by the walk-in's");
      assert.deepEqual((await srv.store.getGame(id))?.seatConfigs[2], before?.seatConfigs[2], 'nothing changed');
      const back = await join(id, { seat: 2, key: walkIn.json.key });
      assert.equal(back.status, 200, "the walk-in's own link reclaims it");
      assert.equal((await seat(id, 2)).name, 'Walk-in');
    });
  });
}
