/**
 * The Bot API on both stores (docs/bot-api.md): the upgrade to a bot account and its refusals,
 * API tokens (stored hashed, listed without the secret, revoked, scoped), bearer and session each
 * accepted only where they belong, the challenge's lifecycle told on the event stream, the bot and
 * the challenger taking their seats without a key, and the limits (challenges waiting, games at
 * once, one stream per bot). The Python example playing a whole game is bot-example.test.ts.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { AccountBrowser, refused } from '../helpers/account-browser.js';
import { bearer, botWithToken, EventStream, signedUp } from '../helpers/bot-api.js';
import { autoPlay, hello, startServer, storeEndedGame, until, type StoreKind, type TestServer } from '../helpers/server.js';
import { SETTLED_KEPT_MS } from '../../src/server/accounts/bot-store.js';

const ORIGIN = 'https://play.example.test';
const sha256 = (s: string): string => createHash('sha256').update(s, 'utf8').digest('hex');

interface ChallengeReply {
  id: string;
  status: string;
  gameId: string | null;
  seat: number | null;
  game: string;
  bot: string;
  challenger: string;
}
interface TokenView {
  id: string;
  name: string;
  scope: string;
  createdAt: number;
  lastUsedAt: number | null;
  token?: string;
}

for (const kind of ['sqlite', 'postgres'] as StoreKind[]) {
  describe(`the Bot API on ${kind}`, () => {
    let srv: TestServer;
    const streams: EventStream[] = [];
    before(async () => {
      srv = await startServer(kind, { publicOrigin: ORIGIN, botApi: { pollMs: 50, gamesPerBot: 2, pendingPerChallenger: 3 } });
    });
    after(async () => {
      for (const s of streams) s.close();
      await srv?.stop();
    });
    const person = () => signedUp(srv.base, ORIGIN);
    const bot = () => botWithToken(srv.base, ORIGIN);
    const stream = (token: string) => {
      const s = new EventStream(srv.base, token);
      streams.push(s);
      return s;
    };
    const challenge = (b: AccountBrowser, botName: string, body: object = { game: 'quetzal' }) =>
      b.send<ChallengeReply>('POST', `/api/challenge/${botName}`, body);

    test('an account becomes a bot account once, signed in from its own pages, and only without rated games', async () => {
      const a = await signedUp(srv.base, ORIGIN);
      refused(await a.b.get('/api/account/tokens'), 403, 'not-bot', 'tokens of a person');
      refused(await a.b.fresh().post('/api/account/bot'), 401, 'signed-out', 'signed out');
      const elsewhere = new AccountBrowser(srv.base, 'https://evil.example');
      for (const [k, v] of a.b.cookies) elsewhere.cookies.set(k, v);
      refused(await elsewhere.post('/api/account/bot'), 403, 'cross-site', 'from another site');
      assert.equal((await a.b.get('/api/account')).json.bot, false);
      assert.equal((await a.b.post('/api/account/bot')).status, 201);
      assert.equal((await a.b.get('/api/account')).json.bot, true);
      refused(await a.b.post('/api/account/bot'), 409, 'already-bot', 'twice');

      const rated = await signedUp(srv.base, ORIGIN);
      await storeEndedGame(srv.store, [rated.id, (await signedUp(srv.base, ORIGIN)).id], { game: 'quetzal' });
      refused(await rated.b.post('/api/account/bot'), 409, 'has-rated-games', 'a rated player');
      assert.equal(await srv.store.botApi.isBot(rated.id), false);
    });

    test('a token is 256 random bits shown once, stored as its SHA-256, listed without it, and revocable', async () => {
      const { b, id, name } = await bot();
      const made = await b.send<TokenView>('POST', '/api/account/tokens', { name: 'my engine' });
      assert.equal(made.status, 201, JSON.stringify(made.json));
      const token = made.json.token!;
      assert.equal(Buffer.from(token, 'base64url').length, 32);
      assert.equal(made.json.scope, 'bot:play');
      assert.equal((await srv.store.botApi.tokenByHash(sha256(token)))?.id, made.json.id, 'found by its hash');
      assert.equal(await srv.store.botApi.tokenByHash(token), null, 'the token itself is not stored');
      const list = await b.get<TokenView[]>('/api/account/tokens');
      assert.deepEqual(
        list.json.map((t) => t.name),
        ['my engine', 'test'],
      );
      assert.ok(!JSON.stringify(list.json).includes(token), 'the list does not show the token');
      assert.equal(list.json[0]!.lastUsedAt, null);

      const me = await bearer(srv.base, token, 'GET', '/api/bot/account');
      assert.equal(me.status, 200, JSON.stringify(me.json));
      assert.deepEqual(me.json, { id, name, bot: true });
      assert.ok((await b.get<TokenView[]>('/api/account/tokens')).json[0]!.lastUsedAt !== null, 'its use is recorded');

      refused(await b.fresh().send('POST', '/api/account/tokens', { name: 'x' }), 401, 'signed-out', 'signed out');
      refused(await b.send('POST', '/api/account/tokens', { name: '' }), 400, 'bad-request', 'an empty name');
      const elsewhere = new AccountBrowser(srv.base, 'https://evil.example');
      for (const [k, v] of b.cookies) elsewhere.cookies.set(k, v);
      refused(await elsewhere.send('POST', '/api/account/tokens', { name: 'x' }), 403, 'cross-site', 'from another site');
      refused(await elsewhere.delete(`/api/account/tokens/${made.json.id}`), 403, 'cross-site', 'revoked from another site');

      assert.equal((await b.delete(`/api/account/tokens/${made.json.id}`)).status, 204);
      refused(await bearer(srv.base, token, 'GET', '/api/bot/account'), 401, 'bad-token', 'a revoked token');
      refused(await b.delete(`/api/account/tokens/${made.json.id}`), 404, 'no-token', 'revoked twice');
      const other = await bot();
      const theirs = (await other.b.get<TokenView[]>('/api/account/tokens')).json[0]!;
      refused(await b.delete(`/api/account/tokens/${theirs.id}`), 404, 'no-token', "another account's token");
    });

    test('a bearer token opens the bot routes only, and a session opens none of them', async () => {
      const { b, token } = await bot();
      refused(await bearer(srv.base, 'x'.repeat(43), 'GET', '/api/bot/account'), 401, 'bad-token', 'a wrong token');
      refused(await bearer(srv.base, 'short', 'GET', '/api/bot/account'), 401, 'bad-token', 'a malformed token');
      refused(await b.get('/api/bot/account'), 401, 'bad-token', 'a session where a token is needed');
      refused(await bearer(srv.base, token, 'GET', '/api/account'), 401, 'signed-out', 'a token where a session is needed');
      refused(await bearer(srv.base, token, 'GET', '/api/account/tokens'), 401, 'signed-out', 'a token listing tokens');
      refused(await bearer(srv.base, token, 'POST', '/api/account/tokens', { name: 'more' }), 401, 'signed-out', 'a token making tokens');
      const p = await person();
      refused(
        await bearer(srv.base, token, 'POST', `/api/challenge/${p.name}`, { game: 'quetzal' }),
        401,
        'signed-out',
        'a token challenging',
      );
      // A token of another scope (none is handed out today) may not play.
      const other = randomBytes(32).toString('base64url');
      const id = (await b.get<TokenView[]>('/api/account/tokens')).json[0]!;
      const account = await srv.store.accounts.accountById(
        (await bearer<{ id: string }>(srv.base, token, 'GET', '/api/bot/account')).json.id,
      );
      await srv.store.botApi.createToken(
        { id: `s${id.id}`, accountId: account!.id, name: 'read', scope: 'bot:read', createdAt: Date.now(), lastUsedAt: null },
        sha256(other),
      );
      refused(await bearer(srv.base, other, 'GET', '/api/bot/account'), 403, 'wrong-scope', 'another scope');
      refused(await bearer(srv.base, other, 'POST', '/api/games/abc/join', { seat: 0 }), 403, 'wrong-scope', 'another scope joining');
      refused(
        await bearer(srv.base, 'y'.repeat(43), 'POST', '/api/games/abc/join', { seat: 0 }),
        401,
        'bad-token',
        'a wrong token joining',
      );
    });

    test('a challenge: refused when malformed, told on the stream, declined or cancelled, and at most 3 waiting', async () => {
      const bt = await bot();
      const p = await person();
      const events = stream(bt.token);
      assert.equal(await events.status, 200);
      refused(await challenge(p.b.fresh(), bt.name), 401, 'signed-out', 'signed out');
      refused(await challenge(p.b, p.name), 404, 'no-bot', 'a person is not challenged');
      refused(await challenge(p.b, 'nobody_here'), 404, 'no-bot', 'no such account');
      refused(await challenge(p.b, bt.name, { game: 'chess' }), 400, 'bad-game', 'an unknown game');
      refused(await challenge(p.b, bt.name, { game: 'quetzal', rated: true }), 400, 'rated-needs-clock', 'rated without a clock');
      refused(await challenge(p.b, bt.name, { game: 'quetzal', seed: 1 }), 400, 'bad-request', 'a chosen seed');
      refused(await bt.b.send('POST', `/api/challenge/${bt.name}`, { game: 'quetzal' }), 400, 'self-challenge', 'itself');
      const elsewhere = new AccountBrowser(srv.base, 'https://evil.example');
      for (const [k, v] of p.b.cookies) elsewhere.cookies.set(k, v);
      refused(await challenge(elsewhere, bt.name), 403, 'cross-site', 'from another site');

      const c1 = await challenge(p.b, bt.name);
      assert.equal(c1.status, 201, JSON.stringify(c1.json));
      assert.equal(c1.json.status, 'pending');
      const told = await events.next((e) => e.type === 'challenge' && e.challenge?.id === c1.json.id, 'the challenge');
      assert.equal(told.challenge!.challenger, p.name);
      assert.equal(told.challenge!.game, 'quetzal');
      const c2 = await challenge(p.b, bt.name, { game: 'quetzal', clock: { bankMs: 60_000, incrementMs: 1000 } });
      const c3 = await challenge(p.b, bt.name);
      refused(await challenge(p.b, bt.name), 429, 'too-many-challenges', 'a fourth waiting');

      const stranger = await bot();
      refused(await bearer(srv.base, stranger.token, 'POST', `/api/challenge/${c1.json.id}/accept`), 404, 'no-challenge', "another bot's");
      refused(await (await person()).b.get(`/api/challenge/${c1.json.id}`), 404, 'no-challenge', "another person's");

      assert.equal((await bearer(srv.base, bt.token, 'POST', `/api/challenge/${c1.json.id}/decline`)).status, 204);
      await events.next((e) => e.type === 'challengeDeclined' && e.challenge?.id === c1.json.id, 'the decline');
      assert.equal((await p.b.get<ChallengeReply>(`/api/challenge/${c1.json.id}`)).json.status, 'declined');
      refused(
        await bearer(srv.base, bt.token, 'POST', `/api/challenge/${c1.json.id}/accept`),
        409,
        'not-pending',
        'accepting a declined one',
      );

      assert.equal((await p.b.delete(`/api/challenge/${c2.json.id}`)).status, 204);
      await events.next((e) => e.type === 'challengeCanceled' && e.challenge?.id === c2.json.id, 'the cancellation');
      refused(
        await bearer(srv.base, bt.token, 'POST', `/api/challenge/${c2.json.id}/accept`),
        409,
        'not-pending',
        'accepting a cancelled one',
      );
      assert.equal((await challenge(p.b, bt.name)).status, 201, 'room for another once two are answered');
      assert.equal((await p.b.delete(`/api/challenge/${c3.json.id}`)).status, 204);
    });

    test('an accepted challenge starts a game whose seats both sides take without a key; its end is told', async () => {
      const bt = await bot();
      const p = await person();
      const events = stream(bt.token);
      const c = await challenge(p.b, bt.name);
      await events.next((e) => e.type === 'challenge', 'the challenge');
      const ok = await bearer<{ gameId: string; seat: number }>(srv.base, bt.token, 'POST', `/api/challenge/${c.json.id}/accept`);
      assert.equal(ok.status, 200, JSON.stringify(ok.json));
      refused(await bearer(srv.base, bt.token, 'POST', `/api/challenge/${c.json.id}/accept`), 409, 'not-pending', 'accepted twice');
      const start = await events.next((e) => e.type === 'gameStart', 'the game start');
      assert.deepEqual(start.game, { id: ok.json.gameId, game: 'quetzal', seat: ok.json.seat });
      const seen = await p.b.get<ChallengeReply>(`/api/challenge/${c.json.id}`);
      assert.equal(seen.json.status, 'accepted');
      assert.equal(seen.json.gameId, ok.json.gameId);
      assert.equal(seen.json.seat, 1 - ok.json.seat);

      // Neither side has a key: the seat's account is its key.
      const botJoin = await bearer<{ token: string; seat: number }>(srv.base, bt.token, 'POST', `/api/games/${ok.json.gameId}/join`, {
        seat: ok.json.seat,
      });
      assert.equal(botJoin.status, 200, JSON.stringify(botJoin.json));
      const personJoin = await p.b.send<{ token: string }>('POST', `/api/games/${ok.json.gameId}/join`, { seat: 1 - ok.json.seat });
      assert.equal(personJoin.status, 200, JSON.stringify(personJoin.json));
      // Not the other's seat, with either credential.
      const wrong = await bearer(srv.base, bt.token, 'POST', `/api/games/${ok.json.gameId}/join`, { seat: 1 - ok.json.seat });
      assert.equal(wrong.status, 403, JSON.stringify(wrong.json));
      const summary = (await (await fetch(`${srv.base}/api/games/${ok.json.gameId}`)).json()) as { seats: { name: string }[] };
      assert.equal(summary.seats[ok.json.seat]!.name, bt.name);
      assert.equal(summary.seats[1 - ok.json.seat]!.name, p.name);

      await srv.store.appendMove(
        ok.json.gameId,
        { index: 0, seat: 0, choice: { t: 'x' }, hash: 'h1', at: Date.now() },
        { hash: 'h1', status: 'abandoned' },
      );
      await events.next((e) => e.type === 'gameFinish' && e.game?.id === ok.json.gameId, 'the game finish');
    });

    test(
      'a bot plays at most its games at once; a new stream replaces the old; a revoked token ends its stream',
      { timeout: 60_000 },
      async () => {
        const bt = await bot();
        const first = stream(bt.token);
        assert.equal(await first.status, 200);
        const listed = async () => (await (await fetch(`${srv.base}/api/bots`)).json()) as { bots: { name: string; online: boolean }[] };
        assert.deepEqual(
          (await listed()).bots.find((x) => x.name === bt.name),
          { name: bt.name, online: true },
          'listed online while its stream is open',
        );
        const second = stream(bt.token);
        assert.equal(await second.status, 200);
        await first.ended;
        assert.equal((await listed()).bots.find((x) => x.name === bt.name)?.online, true, 'still online through the replacing stream');
        const p = await person();
        const ids: string[] = [];
        for (let i = 0; i < 3; i++) ids.push((await challenge(p.b, bt.name)).json.id);
        for (const id of ids.slice(0, 2))
          assert.equal((await bearer(srv.base, bt.token, 'POST', `/api/challenge/${id}/accept`)).status, 200);
        refused(await bearer(srv.base, bt.token, 'POST', `/api/challenge/${ids[2]}/accept`), 429, 'too-many-games', 'a third game at once');
        assert.equal((await p.b.get<ChallengeReply>(`/api/challenge/${ids[2]}`)).json.status, 'pending', 'the refused one still waits');

        const tokenId = (await bt.b.get<TokenView[]>('/api/account/tokens')).json[0]!.id;
        assert.equal((await bt.b.delete(`/api/account/tokens/${tokenId}`)).status, 204);
        await second.ended;
        await until(
          async () => (await listed()).bots.find((x) => x.name === bt.name)?.online === false,
          'the bot offline once its stream ended',
        );
        refused(await bearer(srv.base, bt.token, 'GET', '/api/stream/event'), 401, 'bad-token', 'a stream with a revoked token');
      },
    );

    test("a bot that never answers is an absent player: its clock runs out and the game's bot plays its seat", async () => {
      const bt = await bot();
      const p = await person();
      const c = await challenge(p.b, bt.name, { game: 'quetzal', clock: { bankMs: 2000, incrementMs: 1000 } });
      const ok = await bearer<{ gameId: string; seat: number }>(srv.base, bt.token, 'POST', `/api/challenge/${c.json.id}/accept`);
      assert.equal(ok.status, 200, JSON.stringify(ok.json));
      const mine = 1 - ok.json.seat;
      const joined = await p.b.send<{ token: string }>('POST', `/api/games/${ok.json.gameId}/join`, { seat: mine });
      assert.equal(joined.status, 200, JSON.stringify(joined.json));
      const client = await srv.client();
      await hello(client, ok.json.gameId, joined.json.token);
      const end = await autoPlay(client, mine, `absent-${kind}`).done;
      assert.equal(end.status, 'finished');
      const stored = await srv.store.getGame(ok.json.gameId);
      assert.notEqual(stored!.seatConfigs[ok.json.seat]!.bot, null, "the silent bot's seat was handed to the game's bot");
      assert.ok(
        stored!.moves.some((m) => m.seat === ok.json.seat),
        'and played by it',
      );
    });

    test('a rated challenge is a rated game between the two accounts, which moves both ratings', async () => {
      const bt = await bot();
      const p = await person();
      const c = await challenge(p.b, bt.name, { game: 'quetzal', clock: { bankMs: 600_000, incrementMs: 0 }, rated: true });
      assert.equal(c.status, 201, JSON.stringify(c.json));
      const ok = await bearer<{ gameId: string; seat: number }>(srv.base, bt.token, 'POST', `/api/challenge/${c.json.id}/accept`);
      assert.equal(ok.status, 200, JSON.stringify(ok.json));
      const { gameId, seat } = ok.json;
      const botJoin = await bearer<{ token: string }>(srv.base, bt.token, 'POST', `/api/games/${gameId}/join`, { seat });
      const personJoin = await p.b.send<{ token: string }>('POST', `/api/games/${gameId}/join`, { seat: 1 - seat });
      assert.equal(botJoin.status, 200, JSON.stringify(botJoin.json));
      assert.equal(personJoin.status, 200, JSON.stringify(personJoin.json));
      // A guest cannot take either seat of the rated game.
      const guest = await fetch(`${srv.base}/api/games/${gameId}/join`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ seat }),
      });
      assert.equal(guest.status, 401);
      const [cb, cp] = [await srv.client(), await srv.client()];
      const welcome = await hello(cb, gameId, botJoin.json.token);
      assert.equal((welcome as { rated?: boolean }).rated, true);
      await hello(cp, gameId, personJoin.json.token);
      const players = [autoPlay(cb, seat, `rated-bot-${kind}`), autoPlay(cp, 1 - seat, `rated-person-${kind}`)];
      for (const pl of players) assert.equal((await pl.done).status, 'finished');
      for (const id of [bt.id, p.id]) {
        const r = await srv.store.ratings.ratingsOf(id);
        assert.deepEqual(
          r.map((x) => [x.game, x.games]),
          [['quetzal', 1]],
          `the account ${id} is rated once`,
        );
      }
    });

    test("a suspended bot account's stream ends and its token is refused until the suspension is lifted", { timeout: 60_000 }, async () => {
      const bt = await bot();
      const open = stream(bt.token);
      assert.equal(await open.status, 200);
      await srv.store.chat.suspend(bt.id, Date.now(), 'test');
      await open.ended;
      refused(await bearer(srv.base, bt.token, 'GET', '/api/bot/account'), 403, 'suspended', 'suspended');
      refused(await bearer(srv.base, bt.token, 'GET', '/api/stream/event'), 403, 'suspended', 'its stream');
      assert.ok(await srv.store.chat.unsuspend(bt.id));
      assert.equal((await bearer(srv.base, bt.token, 'GET', '/api/bot/account')).status, 200);
    });

    test('a settled challenge is kept a day, then dropped when another is made', async () => {
      const bt = await bot();
      const p = await person();
      const old = Date.now() - SETTLED_KEPT_MS - 60_000;
      const base = { challengerId: p.id, botId: bt.id, settings: { game: 'quetzal', rated: false }, status: 'pending' as const };
      const fields = { gameId: null, challengerSeat: null, createdAt: old, updatedAt: old };
      assert.ok(await srv.store.botApi.createChallenge({ id: `old${bt.id}`, ...base, ...fields }, 3));
      assert.ok(await srv.store.botApi.settleChallenge(`old${bt.id}`, 'pending', 'declined', old));
      assert.ok(await srv.store.botApi.createChallenge({ id: `recent${bt.id}`, ...base, ...fields, createdAt: Date.now() - 1000 }, 3));
      assert.ok(await srv.store.botApi.settleChallenge(`recent${bt.id}`, 'pending', 'declined', Date.now() - 1000));
      assert.equal((await challenge(p.b, bt.name)).status, 201);
      assert.equal(await srv.store.botApi.challengeById(`old${bt.id}`), null, 'a day-old answer is gone');
      assert.equal((await srv.store.botApi.challengeById(`recent${bt.id}`))?.status, 'declined', 'a recent one stays');
    });

    test('deleting a bot account deletes its tokens and challenges', async () => {
      const bt = await bot();
      const p = await person();
      const c = await challenge(p.b, bt.name);
      assert.equal((await bt.b.delete('/api/account', { password: 'correct horse battery' })).status, 204);
      refused(await bearer(srv.base, bt.token, 'GET', '/api/bot/account'), 401, 'bad-token', "a deleted account's token");
      assert.equal(await srv.store.botApi.tokenByHash(sha256(bt.token)), null);
      refused(await p.b.get(`/api/challenge/${c.json.id}`), 404, 'no-challenge', "a deleted bot's challenge");
    });
  });
}

describe('the Bot API under the HTTP rate limit', () => {
  test("bearer requests count against their address's budget like any other", async () => {
    const srv = await startServer('sqlite', { publicOrigin: ORIGIN, httpPerMinute: 12 });
    try {
      const bt = await botWithToken(srv.base, ORIGIN);
      const codes: number[] = [];
      for (let i = 0; i < 12; i++) codes.push((await bearer(srv.base, bt.token, 'GET', '/api/bot/account')).status);
      const last = await bearer(srv.base, bt.token, 'GET', '/api/bot/account');
      refused(last, 429, 'rate-limited', 'over the budget');
      assert.ok(codes.includes(200) && codes.includes(429), JSON.stringify(codes));
    } finally {
      await srv.stop();
    }
  });
});
