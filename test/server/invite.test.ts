/**
 * Invitation keys, on both stores: a seat of a game with friends is taken only with its link's
 * invitation key; the link is the seat (opened on another device it moves the seat there and the
 * old token stops working); the lobby lists only games their creators opened to anyone.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { CloseCode } from '../../src/server/protocol.js';
import { http } from '../helpers/ws-client.js';
import type { ApiReply, CreatedGame, SeatInfo } from '../helpers/wire.js';
import { hello, startServer, type StoreKind, type TestServer } from '../helpers/server.js';

const sha256 = (s: string): string => createHash('sha256').update(s, 'utf8').digest('hex');

interface Created {
  readonly id: string;
  /** seat → invitation key, as handed to the creator. */
  readonly keys: Map<number, string>;
  readonly body: CreatedGame;
}

async function create(base: string, body: Record<string, unknown>): Promise<Created> {
  const r = await http(base, 'POST', '/api/games', { game: 'relic-runners', ...body });
  assert.equal(r.status, 201, JSON.stringify(r.json));
  const invites = r.json.invites as { seat: number; key: string }[];
  assert.ok(Array.isArray(invites), 'the creator is handed the invitation keys');
  return { id: r.json.id, keys: new Map(invites.map((i) => [i.seat, i.key])), body: r.json };
}

const join = (base: string, id: string, body: Record<string, unknown>) => http(base, 'POST', `/api/games/${id}/join`, body);

function refused(r: { status: number; json: ApiReply }, what: string): void {
  assert.equal(r.status, 403, `${what}: ${JSON.stringify(r.json)}`);
  assert.equal(r.json.error, 'bad_token', what);
  assert.ok(typeof r.json.message === 'string' && r.json.message.length > 10, `${what}: a message that says why`);
  assert.equal(r.json.token, undefined, `${what}: no token`);
}

const twoFriends = { seats: [{ kind: 'human' }, { kind: 'human' }, { kind: 'bot', bot: 'random' }] };

for (const kind of ['sqlite', 'postgres'] as StoreKind[]) {
  describe(`invitation links on ${kind}`, () => {
    let srv: TestServer;
    before(async () => {
      srv = await startServer(kind);
    });
    after(async () => {
      await srv?.stop();
    });

    const seat1 = async (id: string): Promise<SeatInfo> => (await http(srv.base, 'GET', `/api/games/${id}`)).json.seats[1]!;

    test('a seat of a friends game is not taken without its key, nor with a wrong one', async () => {
      const g = await create(srv.base, twoFriends);
      refused(await join(srv.base, g.id, { seat: 1 }), 'no key');
      refused(await join(srv.base, g.id, { seat: 1, name: 'Mallory' }), 'no key, with a name');
      refused(await join(srv.base, g.id, { seat: 1, key: randomBytes(16).toString('base64url') }), 'a made-up key');
      refused(await join(srv.base, g.id, { seat: 1, key: g.keys.get(0) }), "seat 0's key for seat 1");
      const key = g.keys.get(1)!;
      refused(await join(srv.base, g.id, { seat: 1, key: key.slice(0, -1) + (key.endsWith('A') ? 'B' : 'A') }), 'a key one letter off');
      const s = await seat1(g.id);
      assert.equal(s.claimed, false, 'the seat stays free');
      assert.equal(s.name, null, 'nothing changed');
      const stored = await srv.store.getGame(g.id);
      assert.equal(stored?.seatConfigs[1]?.tokenHash, null);
      assert.equal(stored?.seatConfigs[1]?.inviteHash, sha256(key), "the seat's key is unchanged");
    });

    test('the right key takes the seat; the same link on another device takes it back and revokes the old token', async () => {
      const g = await create(srv.base, twoFriends);
      const key = g.keys.get(1)!;
      const first = await join(srv.base, g.id, { seat: 1, key, name: 'Bo' });
      assert.equal(first.status, 200, JSON.stringify(first.json));
      assert.deepEqual(Object.keys(first.json).sort(), ['key', 'seat', 'token']);
      assert.equal(first.json.seat, 1);
      assert.equal(first.json.key, key, 'the link stays the seat');
      const oldToken = first.json.token;
      assert.equal((await seat1(g.id)).claimed, true);

      const phone = await srv.client();
      assert.equal((await hello(phone, g.id, oldToken)).seat, 1);
      const told = phone.next((m) => m.type === 'error');
      const gone = phone.closed();

      // The same link opened on another device.
      const second = await join(srv.base, g.id, { seat: 1, key });
      assert.equal(second.status, 200, JSON.stringify(second.json));
      const newToken = second.json.token;
      assert.notEqual(newToken, oldToken);
      assert.equal(second.json.key, key);
      assert.equal((await seat1(g.id)).name, 'Bo', 'the name stays');

      const err = await told;
      assert.equal(err.code, 'bad_token');
      assert.match(String(err.message), /another device/);
      assert.equal(await gone, CloseCode.seatTaken, 'the old connection is closed');

      const late = await srv.client();
      const reply = late.next((m) => m.type === 'welcome' || m.type === 'error');
      late.send({ type: 'hello', game: g.id, token: oldToken });
      assert.equal((await reply).code, 'bad_token', "the old token's hello is refused");

      const laptop = await srv.client();
      assert.equal((await hello(laptop, g.id, newToken)).seat, 1);
      const stored = await srv.store.getGame(g.id);
      assert.equal(stored?.seatConfigs[1]?.tokenHash, sha256(newToken));
    });

    test('a free seat of an open game is taken once without a key, and the joiner gets the only link to it', async () => {
      const g = await create(srv.base, { ...twoFriends, open: true });
      const r = await join(srv.base, g.id, { seat: 1, name: 'Walk-in' });
      assert.equal(r.status, 200, JSON.stringify(r.json));
      assert.equal(typeof r.json.token, 'string');
      const own = r.json.key;
      assert.match(own, /^[A-Za-z0-9_-]{22,}$/);
      assert.notEqual(own, g.keys.get(1), 'a new key');
      refused(await join(srv.base, g.id, { seat: 1 }), 'the taken seat, without a key');
      refused(await join(srv.base, g.id, { seat: 1, key: g.keys.get(1) }), "the creator's old link to the seat");
      const back = await join(srv.base, g.id, { seat: 1, key: own });
      assert.equal(back.status, 200, "the joiner's own link takes the seat back");
      assert.notEqual(back.json.token, r.json.token);
    });

    test('the lobby lists only the games opened to anyone', async () => {
      const friends = await create(srv.base, twoFriends);
      const open = await create(srv.base, { ...twoFriends, open: true });
      const notOpen = await create(srv.base, { ...twoFriends, open: false });
      const listed = (await http(srv.base, 'GET', '/api/games')).json.games.map((g) => g.id);
      assert.ok(listed.includes(open.id), 'the open game is listed');
      assert.ok(!listed.includes(friends.id), 'a friends game is not listed');
      assert.ok(!listed.includes(notOpen.id), 'open: false is not listed');
    });

    test('each human seat has its own key of at least 128 random bits, stored only hashed', async () => {
      const g = await create(srv.base, {
        seats: [{ kind: 'human' }, { kind: 'bot', bot: 'random' }, { kind: 'human' }, { kind: 'human' }],
      });
      assert.deepEqual([...g.keys.keys()], [0, 2, 3], 'a key for each human seat, none for the bot');
      const keys = [...g.keys.values()];
      assert.equal(new Set(keys).size, keys.length, 'keys differ');
      for (const k of keys) {
        assert.match(k, /^[A-Za-z0-9_-]+$/);
        assert.ok(Buffer.from(k, 'base64url').length * 8 >= 128, `${k} has at least 128 bits`);
      }
      const token = (await join(srv.base, g.id, { seat: 2, key: g.keys.get(2) })).json.token;
      const stored = await srv.store.getGame(g.id);
      assert.ok(stored);
      assert.deepEqual(
        stored.seatConfigs.map((s) => s.inviteHash),
        [sha256(keys[0]!), null, sha256(keys[1]!), sha256(keys[2]!)],
      );
      const dump = JSON.stringify(stored);
      for (const secret of [...keys, token]) assert.ok(!dump.includes(secret), 'no key or token in clear in the store');
      const summary = JSON.stringify((await http(srv.base, 'GET', `/api/games/${g.id}`)).json);
      for (const secret of [...keys, ...keys.map(sha256)])
        assert.ok(!summary.includes(secret), 'the public summary has no key nor its hash');
      assert.ok(!JSON.stringify((await http(srv.base, 'GET', '/api/games')).json).includes(keys[0]!));
    });
  });
}
