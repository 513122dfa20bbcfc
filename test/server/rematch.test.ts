/**
 * The rematch of a finished game, on both stores: once every player accepts (bots at once), a new
 * game with the same settings starts with the seats rotated, each player's connections are told
 * their new seat's token and nobody else is; the new game is noted in the old one's log, so that a
 * reload of it still knows it. A seat attached to an account is that account's in the rematch too.
 * A spectator, a game not over, a malformed message, a decline of nothing and a second offer after
 * the rematch exists are refused with a clear error and change nothing.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createRng } from '../../src/core/rng.js';
import type { LiveGame } from '../../src/server/live-game.js';
import type { RematchMessage } from '../../src/server/protocol.js';
import { autoPlay, hello, live, startServer, until, type StoreKind, type TestServer } from '../helpers/server.js';
import { http, type TestClient } from '../helpers/ws-client.js';
import type { ApiReply, ServerMsg } from '../helpers/wire.js';
import { AccountBrowser, uniqueName } from '../helpers/account-browser.js';

const SEED = process.env.REMATCH_TEST_SEED ?? String(Date.now() % 1_000_000);

/** Quetzal: random play ends it in about 70 moves. Ada and Bo, and a bot at seat 2. */
const GAME = {
  game: 'quetzal',
  seats: [
    { kind: 'human', name: 'Ada' },
    { kind: 'human', name: 'Bo' },
    { kind: 'bot', bot: 'random' },
  ],
  clock: { bankMs: 3_600_000, incrementMs: 5000 },
  botLevel: 'random',
  awayAfterMs: 60_000,
};

const asRematch = (m: ServerMsg<unknown>) => m as unknown as RematchMessage & { type: 'rematch' };
const isRematch = (m: ServerMsg<unknown>) => (m.type as string) === 'rematch';

for (const kind of ['sqlite', 'postgres'] as StoreKind[]) {
  describe(`rematch on ${kind} (choice seed ${SEED}, REMATCH_TEST_SEED to replay)`, () => {
    let srv: TestServer;
    before(async () => {
      srv = await startServer(kind, { botDelayMs: 0 });
    });
    after(async () => {
      await srv?.stop();
    });

    /**
     * A game of GAME (or `body`) with Ada and Bo connected; played to its end unless `play` is
     * false. Created and joined as guests, or by the browsers of `by` (the creator first).
     */
    async function table(play = true, body: object = GAME, by?: readonly AccountBrowser[]) {
      const send = (b: AccountBrowser | undefined, method: string, path: string, json: unknown) =>
        b ? b.send<ApiReply>(method, path, json) : http(srv.base, method, path, json);
      const created = await send(by?.[0], 'POST', '/api/games', body);
      assert.equal(created.status, 201, JSON.stringify(created.json));
      const id = created.json.id;
      const tokens: string[] = [];
      for (const { seat, key } of created.json.invites) {
        const j = await send(by?.[seat], 'POST', `/api/games/${id}/join`, { seat, key });
        assert.equal(j.status, 200, JSON.stringify(j.json));
        tokens[seat] = j.json.token;
      }
      const ada = await srv.client();
      const bo = await srv.client();
      const watcher = await srv.client();
      await hello(ada, id, tokens[0]);
      await hello(bo, id, tokens[1]);
      await hello(watcher, id);
      const g = await live(srv.hub, id);
      if (play) {
        const rng = createRng(`${SEED}:${id}`);
        const players = [autoPlay(ada, 0, rng), autoPlay(bo, 1, rng)];
        await Promise.all(players.map((p) => p.done));
        for (const p of players) p.stop();
        assert.equal(g.status, 'finished');
      }
      return { id, tokens, ada, bo, watcher, g };
    }

    /** A refusal with `code` and words, after which `g` holds no other offer than `offer`. */
    async function refused(c: TestClient, msg: Record<string, unknown>, code: string, g: LiveGame, what: string) {
      const before = JSON.stringify(g.rematch.offer(0));
      const games = (await srv.store.listGames({})).length;
      const r = await c.request(msg);
      assert.equal(r.type, 'error', `${what}: ${JSON.stringify(r)}`);
      assert.equal(r.code, code, `${what}: ${JSON.stringify(r)}`);
      assert.ok(r.message.length > 10, `${what}: a message that says why`);
      assert.equal(JSON.stringify(g.rematch.offer(0)), before, `${what}: the offer is as it was`);
      assert.equal((await srv.store.listGames({})).length, games, `${what}: no game was created`);
    }

    test('every player accepts: a game with the same settings and the seats rotated; each player is told its own new seat', async () => {
      const { id, tokens, ada, bo, watcher, g } = await table();
      const heard = [ada, bo, watcher].map((c) => c.next(isRematch));
      assert.equal((await ada.request({ type: 'rematch', accept: true })).type, 'ack');
      const offered = (await Promise.all(heard)).map(asRematch);
      for (const m of offered) {
        assert.deepEqual(m.accepted, [0, 2], 'Ada, and the bot at once');
        assert.deepEqual(m.waiting, [1]);
        assert.equal(m.next, undefined);
      }
      // Ada's accept again changes nothing.
      assert.equal((await ada.request({ type: 'rematch', accept: true })).type, 'ack');

      const started = [ada, bo, watcher].map((c) => c.next((m) => isRematch(m) && asRematch(m).next !== undefined));
      assert.equal((await bo.request({ type: 'rematch', accept: true })).type, 'ack');
      const [toAda, toBo, toWatcher] = (await Promise.all(started)).map((m) => asRematch(m).next!);
      const next = toAda!.game;
      assert.notEqual(next, id);
      assert.equal(toBo!.game, next);
      assert.deepEqual(toWatcher, { game: next }, 'a spectator is told which game to follow, and no seat');
      assert.equal(toAda!.seat, 1);
      assert.equal(toBo!.seat, 2);
      assert.notEqual(toAda!.token, toBo!.token);
      for (const m of [...ada.messages, ...watcher.messages].filter(isRematch))
        assert.ok(!JSON.stringify(m).includes(toBo!.token!), "Bo's token reaches Bo's connections only");

      // The tokens hold the rotated seats; the settings are the old game's.
      const c1 = await srv.client();
      assert.equal((await hello(c1, next, toAda!.token)).seat, 1);
      const c2 = await srv.client();
      assert.equal((await hello(c2, next, toBo!.token)).seat, 2);
      const n = await live(srv.hub, next);
      assert.equal(n.game.id, 'quetzal');
      assert.deepEqual(
        n.seatConfigs.map((c) => [c.kind, c.name, c.bot]),
        [
          ['bot', 'random', 'random'],
          ['human', 'Ada', null],
          ['human', 'Bo', null],
        ],
      );
      assert.deepEqual(n.settings.clock, GAME.clock);
      assert.equal(n.settings.botLevel, GAME.botLevel);
      assert.equal(n.settings.awayAfterMs, GAME.awayAfterMs);
      assert.deepEqual(n.stored.options, g.stored.options);
      assert.equal(n.stored.listed, false);
      assert.equal(n.stored.rated, false);
      // The player's link's key opens the new seat too (another device of the same player).
      const again = await http(srv.base, 'POST', `/api/games/${next}/join`, { seat: 1, key: toAda!.key });
      assert.equal(again.status, 200, JSON.stringify(again.json));

      // A later hello of the old game is told the rematch: a player with its seat there, a spectator without.
      const late = await srv.client();
      const w = await hello(late, id, tokens[1]);
      assert.deepEqual((w as unknown as { rematch: RematchMessage }).rematch.next, toBo);
      const lateWatcher = await srv.client();
      const ww = await hello(lateWatcher, id);
      assert.deepEqual((ww as unknown as { rematch: RematchMessage }).rematch.next, { game: next });
      assert.ok(
        w.log.some((e) => e.events.some((ev) => ev.type === 'rematch' && (ev as unknown as { game: string }).game === next)),
        'the log tells the rematch',
      );

      // A second offer once the rematch exists is refused, and makes no game.
      await refused(bo, { type: 'rematch', accept: true }, 'no_rematch', g, 'an offer after the rematch began');
      await refused(ada, { type: 'rematch', accept: false }, 'no_rematch', g, 'a decline after the rematch began');

      // Reloaded from the store, the old game still knows its rematch and makes no second one.
      for (const c of [ada, bo, watcher, late, lateWatcher]) c.close();
      await until(() => g.subscribers.size === 0, 'everyone to have left the old game');
      srv.hub.evict(0, 60_000);
      assert.equal(srv.hub.isLive(id), false, 'the old game left memory');
      const back = await srv.client();
      const bw = await hello(back, id, tokens[0]);
      assert.deepEqual((bw as unknown as { rematch: RematchMessage }).rematch.next, { game: next });
      await refused(back, { type: 'rematch', accept: true }, 'no_rematch', await live(srv.hub, id), 'an offer after a reload');
    });

    /** Both players accept; the new game's id. */
    async function bothAccept(ada: TestClient, bo: TestClient): Promise<string> {
      const started = ada.next((m) => isRematch(m) && asRematch(m).next !== undefined);
      for (const c of [ada, bo]) assert.equal((await c.request({ type: 'rematch', accept: true })).type, 'ack');
      return asRematch(await started).next!.game;
    }

    test('a seat attached to an account stays its account’s: attached to it in an unrated rematch, joined as it in a rated one', async () => {
      const signUp = async (tag: string) => {
        const b = new AccountBrowser(srv.base);
        const r = await b.post('/api/account/sign-up', { name: uniqueName(tag), password: 'correct horse battery' });
        assert.equal(r.status, 201, JSON.stringify(r.json));
        return { b, id: r.json.account.id };
      };
      const a = await signUp('ada');
      const b = await signUp('bo');

      // Unrated, by guests: Ada attaches her seat to her account afterwards, Bo does not.
      const unrated = await table();
      const attach = await a.b.post('/api/account/attach', { seats: [{ gameId: unrated.id, seat: 0, token: unrated.tokens[0] }] });
      assert.equal(attach.json.attached?.length, 1, JSON.stringify(attach.json));
      const next = await bothAccept(unrated.ada, unrated.bo);
      assert.ok(
        (await srv.store.accounts.seatsOf(a.id)).some((s) => s.gameId === next && s.seat === 1),
        "Ada's new seat is her account's",
      );
      assert.deepEqual([...(await srv.store.ratings.seatAccounts(next))], [[1, a.id]]);
      assert.equal((await live(srv.hub, next)).stored.rated, false);

      // Rated, by the two accounts: the rematch is rated, each seat its account's.
      const rated = await table(true, { game: 'quetzal', seats: [{ kind: 'human' }, { kind: 'human' }], clock: GAME.clock, rated: true }, [
        a.b,
        b.b,
      ]);
      const ratedNext = await bothAccept(rated.ada, rated.bo);
      const n = await live(srv.hub, ratedNext);
      assert.equal(n.stored.rated, true);
      assert.deepEqual(
        new Map(await srv.store.ratings.seatAccounts(ratedNext)),
        new Map([
          [1, a.id],
          [0, b.id],
        ]),
      );
      assert.deepEqual(
        n.seatConfigs.map((c) => c.name),
        rated.g.seatConfigs.map((c) => c.name).reverse(),
      );
    });

    test('both players accepting at once make one game', async () => {
      const { ada, bo } = await table();
      const games = (await srv.store.listGames({})).length;
      const started = [ada, bo].map((c) => c.next((m) => isRematch(m) && asRematch(m).next !== undefined));
      const answers = await Promise.all([ada, bo].map((c) => c.request({ type: 'rematch', accept: true })));
      assert.deepEqual(
        answers.map((m) => m.type),
        ['ack', 'ack'],
      );
      const [a, b] = (await Promise.all(started)).map((m) => asRematch(m).next!.game);
      assert.equal(a, b);
      assert.equal((await srv.store.listGames({})).length, games + 1);
    });

    test('a player away when the rematch is made is told its new seat when back: the old game waits in memory for it', async () => {
      const { id, tokens, ada, bo, watcher, g } = await table();
      assert.equal((await ada.request({ type: 'rematch', accept: true })).type, 'ack');
      ada.close();
      await until(() => !g.present(0), 'Ada to have left');
      const started = bo.next((m) => isRematch(m) && asRematch(m).next !== undefined);
      assert.equal((await bo.request({ type: 'rematch', accept: true })).type, 'ack');
      const next = asRematch(await started).next!.game;
      bo.close();
      watcher.close();
      await until(() => g.subscribers.size === 0, 'everyone to have left');
      srv.hub.evict(0, 60_000);
      assert.ok(srv.hub.isLive(id), "the old game stays in memory while it holds Ada's new token");

      const back = await srv.client();
      const w = (await hello(back, id, tokens[0])) as unknown as { rematch: RematchMessage };
      assert.equal(w.rematch.next?.game, next);
      assert.equal(w.rematch.next?.seat, 1);
      const there = await srv.client();
      assert.equal((await hello(there, next, w.rematch.next.token)).seat, 1);
      back.close();
      await until(() => g.subscribers.size === 0, 'Ada to have left again');
      srv.hub.evict(0, 60_000);
      assert.equal(srv.hub.isLive(id), false, 'told, the old game may leave memory as a finished one does');
    });

    test('a decline ends the offer for everyone; a new offer starts afresh', async () => {
      const { ada, bo, watcher, g } = await table();
      await refused(bo, { type: 'rematch', accept: false }, 'no_rematch', g, 'a decline of nothing');
      assert.equal((await ada.request({ type: 'rematch', accept: true })).type, 'ack');
      const told = [ada, watcher].map((c) => c.next((m) => isRematch(m) && asRematch(m).declined.length > 0));
      assert.equal((await bo.request({ type: 'rematch', accept: false })).type, 'ack');
      for (const m of (await Promise.all(told)).map(asRematch)) {
        assert.deepEqual(m.declined, [1]);
        assert.deepEqual(m.accepted, []);
        assert.deepEqual(m.waiting, []);
      }
      const games = (await srv.store.listGames({})).length;
      const again = bo.next((m) => isRematch(m));
      assert.equal((await ada.request({ type: 'rematch', accept: true })).type, 'ack');
      const m = asRematch(await again);
      assert.deepEqual([m.accepted, m.declined, m.waiting], [[0, 2], [], [1]]);
      assert.equal((await srv.store.listGames({})).length, games, 'no game until everyone accepts');
    });

    test('a spectator, a game not over and malformed messages are refused and change nothing', async () => {
      const { ada, watcher, g } = await table(false);
      await refused(ada, { type: 'rematch', accept: true }, 'no_rematch', g, 'an offer in a game not over');
      await refused(watcher, { type: 'rematch', accept: true }, 'not_joined', g, "a spectator's offer");
      for (const bad of [
        { type: 'rematch' },
        { type: 'rematch', accept: 'yes' },
        { type: 'rematch', accept: true, seat: 1 },
        { type: 'rematch', accept: null },
      ])
        await refused(ada, bad, 'bad_message', g, JSON.stringify(bad));
      assert.equal(g.rematch.offer(null), undefined);
    });
  });
}
