/**
 * Accounts over HTTP, on both stores: sign-up and sign-in with a password, the same refusal for a
 * wrong name and a wrong password, the sessions (listed, revoked, expired), the Origin check, a
 * guest's seats attached, the export, the deletion, and the sign-in limits. Passkeys are in
 * accounts-passkeys.test.ts.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { AccountBrowser, refused, uniqueName, type ExportedGame, type SessionView } from '../helpers/account-browser.js';
import { createGame, joinSeat, startServer, type StoreKind, type TestServer } from '../helpers/server.js';
import { DELETED_PLAYER } from '../../src/server/accounts/context.js';
import { PasswordHasher } from '../../src/server/accounts/passwords.js';
import { SESSION_COOKIE, SESSION_IDLE_MS } from '../../src/server/accounts/session-cookie.js';

const ORIGIN = 'https://play.example.test';
const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const sha256 = (s: string): string => createHash('sha256').update(s, 'utf8').digest('hex');
const PASSWORD = 'correct horse battery';
const uname = (tag = 'u'): string => uniqueName(tag);

for (const kind of ['sqlite', 'postgres'] as StoreKind[]) {
  describe(`accounts on ${kind}`, () => {
    let srv: TestServer;
    const hasher = new PasswordHasher();
    before(async () => {
      srv = await startServer(kind, { publicOrigin: ORIGIN, signInFailuresPerName: 5, passwordHasher: hasher });
    });
    after(async () => {
      await srv?.stop();
    });
    const browser = (ua?: string) => new AccountBrowser(srv.base, ORIGIN, ua);

    async function signUp(name = uname(), b = browser()): Promise<{ b: AccountBrowser; id: string; name: string }> {
      const r = await b.post('/api/account/sign-up', { name, password: PASSWORD });
      assert.equal(r.status, 201, JSON.stringify(r.json));
      return { b, id: r.json.account.id, name };
    }

    test('sign-up opens a session in an HttpOnly, SameSite=Lax, Secure cookie whose secret is stored hashed', async () => {
      const b = browser();
      const name = uname('Ada');
      const r = await b.post('/api/account/sign-up', { name, password: PASSWORD });
      assert.equal(r.status, 201, JSON.stringify(r.json));
      assert.deepEqual(Object.keys(r.json.account).sort(), ['id', 'name']);
      assert.equal(r.json.account.name, name);
      const cookie = b.setCookies.find((c) => c.startsWith(`${SESSION_COOKIE}=`));
      assert.ok(cookie, 'the session cookie is set');
      for (const attr of [/;\s*HttpOnly/i, /;\s*SameSite=Lax/i, /;\s*Path=\/(;|$)/i, /;\s*Secure/i])
        assert.match(cookie, attr, `the cookie has ${String(attr)}`);
      const secret = b.cookies.get(SESSION_COOKIE)!;
      assert.equal(Buffer.from(secret, 'base64url').length, 32, 'a 256-bit secret');
      const session = await srv.store.accounts.sessionBySecret(sha256(secret), 0);
      assert.ok(session, 'the session is found by the hash of its secret');
      assert.notEqual(session.id, secret);
      assert.equal(await srv.store.accounts.sessionBySecret(secret, 0), null, 'the secret itself is not what is stored');
      const me = await b.get('/api/account');
      assert.equal(me.status, 200);
      assert.equal(me.json.id, r.json.account.id);
      assert.equal(me.json.name, name);
      assert.equal(me.json.hasPassword, true);
      assert.deepEqual(me.json.passkeys, []);
      assert.ok(Math.abs(me.json.createdAt - Date.now()) < 60_000);
      const stored = await srv.store.accounts.accountByName(name);
      assert.match(stored!.passwordHash!, /^\$argon2id\$v=19\$m=19456,t=2,p=1\$/, 'argon2id at the bounded cost');
    });

    test('a cookie over plain HTTP is not Secure when the public origin is http', async () => {
      const plain = await startServer(kind, { publicOrigin: 'http://localhost:8080' });
      try {
        const b = new AccountBrowser(plain.base, plain.base);
        const r = await b.post('/api/account/sign-up', { name: uname(), password: PASSWORD });
        assert.equal(r.status, 201, JSON.stringify(r.json));
        const cookie = b.setCookies.find((c) => c.startsWith(`${SESSION_COOKIE}=`))!;
        assert.doesNotMatch(cookie, /;\s*Secure/i);
        assert.match(cookie, /;\s*HttpOnly/i);
      } finally {
        await plain.stop();
      }
    });

    test('names: 3–20 letters, digits, _ or -, unique regardless of case', async () => {
      for (const name of ['ab', 'a'.repeat(21), 'has space', 'dot.name', 'émile', '<script>', ''])
        refused(await browser().post('/api/account/sign-up', { name, password: PASSWORD }), 400, 'bad-name', JSON.stringify(name));
      const { name } = await signUp(uname('Case'));
      refused(await browser().post('/api/account/sign-up', { name: name.toUpperCase(), password: PASSWORD }), 409, 'name-taken', 'upper');
      refused(await browser().post('/api/account/sign-up', { name: name.toLowerCase(), password: PASSWORD }), 409, 'name-taken', 'lower');
      assert.equal((await browser().post('/api/account/sign-up', { name: 'a-b', password: PASSWORD })).status, 201);
    });

    test('passwords: at least 12 characters and at most 256, no other rule', async () => {
      refused(await browser().post('/api/account/sign-up', { name: uname(), password: 'a'.repeat(11) }), 400, 'bad-password', '11');
      refused(await browser().post('/api/account/sign-up', { name: uname(), password: 'a'.repeat(257) }), 400, 'bad-password', '257');
      for (const password of ['aaaaaaaaaaaa', '            ', 'a'.repeat(256), 'ünïcödé-pass']) {
        const r = await browser().post('/api/account/sign-up', { name: uname(), password });
        assert.equal(r.status, 201, `${JSON.stringify(password)}: ${JSON.stringify(r.json)}`);
      }
      assert.equal(await srv.store.accounts.accountByName('nobody-here'), null);
    });

    test('malformed bodies are refused as bad requests and create nothing', async () => {
      const name = uname();
      for (const body of [{ name, password: 42 }, { name }, { name, password: PASSWORD, admin: true }, [name, PASSWORD], 'text'])
        refused(await browser().post('/api/account/sign-up', body), 400, 'bad-request', JSON.stringify(body));
      const raw = await fetch(`${srv.base}/api/account/sign-up`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: ORIGIN },
        body: '{"name":',
      });
      assert.equal(raw.status, 400);
      assert.equal(((await raw.json()) as { error: string }).error, 'bad-request');
      assert.equal(await srv.store.accounts.accountByName(name), null);
    });

    test('sign-in: the right password opens a session; a wrong name and a wrong password get the same answer', async () => {
      const { name, id } = await signUp();
      const b = browser();
      const ok = await b.post('/api/account/sign-in', { name: name.toUpperCase(), password: PASSWORD });
      assert.equal(ok.status, 200, JSON.stringify(ok.json));
      assert.deepEqual(ok.json.account, { id, name });
      assert.equal((await b.get('/api/account')).json.id, id);
      const wrongPassword = await browser().post('/api/account/sign-in', { name, password: 'not the password' });
      const wrongName = await browser().post('/api/account/sign-in', { name: uname('ghost'), password: PASSWORD });
      refused(wrongPassword, 401, 'bad-credentials', 'wrong password');
      refused(wrongName, 401, 'bad-credentials', 'unknown name');
      assert.deepEqual(wrongName.json, wrongPassword.json, 'the same body');
      const noCookie = browser();
      await noCookie.post('/api/account/sign-in', { name, password: 'wrong again!' });
      assert.equal(noCookie.cookies.size, 0, 'a refused sign-in sets no cookie');
    });

    test('an unknown name is refused after the same password check as a wrong password (a dummy hash is verified)', async () => {
      // The time of a refusal is the time of one argon2 verification (about 15 ms here) whether the
      // name exists or not: counted, not timed, so that a loaded machine cannot make it flaky.
      const { name } = await signUp();
      const refusal = async (who: string): Promise<number> => {
        const before = hasher.verified;
        const r = await browser().post('/api/account/sign-in', { name: who, password: 'wrong password 1' });
        refused(r, 401, 'bad-credentials', who);
        return hasher.verified - before;
      };
      assert.equal(await refusal(name), 1, 'a wrong password: one verification');
      assert.equal(await refusal(uname('ghost')), 1, 'an unknown name: one verification too');
    });

    test('sessions are listed with their device and last use, and revoked one by one or all at once', async () => {
      const { b: chrome, name } = await signUp();
      const firefox = browser(FIREFOX);
      assert.equal((await firefox.post('/api/account/sign-in', { name, password: PASSWORD })).status, 200);
      const third = browser(FIREFOX);
      assert.equal((await third.post('/api/account/sign-in', { name, password: PASSWORD })).status, 200);
      const list = await chrome.get<SessionView[]>('/api/account/sessions');
      assert.equal(list.status, 200);
      assert.equal(list.json.length, 3);
      const mine = list.json.filter((s) => s.current);
      assert.equal(mine.length, 1);
      assert.equal(mine[0]!.device, 'Chrome on Linux');
      assert.deepEqual(list.json.map((s) => s.device).sort(), ['Chrome on Linux', 'Firefox on Windows', 'Firefox on Windows']);
      for (const s of list.json) {
        assert.deepEqual(Object.keys(s).sort(), ['createdAt', 'current', 'device', 'id', 'lastUsedAt']);
        assert.ok(![...chrome.cookies.values(), ...firefox.cookies.values(), ...third.cookies.values()].includes(s.id));
      }
      // Revoke Firefox's session from Chrome.
      const ffId = (await firefox.get<SessionView[]>('/api/account/sessions')).json.find((s) => s.current)!.id;
      assert.equal((await chrome.delete(`/api/account/sessions/${ffId}`)).status, 204);
      refused(await firefox.get('/api/account'), 401, 'signed-out', 'a revoked session');
      refused(await chrome.delete(`/api/account/sessions/${ffId}`), 404, 'no-session', 'revoked twice');
      // Another account cannot revoke this one's sessions.
      const other = await signUp();
      const chromeId = mine[0]!.id;
      refused(await other.b.delete(`/api/account/sessions/${chromeId}`), 404, 'no-session', "another account's session");
      assert.equal((await chrome.get('/api/account')).status, 200);
      // All but this one.
      assert.equal((await chrome.delete('/api/account/sessions')).status, 204);
      refused(await third.get('/api/account'), 401, 'signed-out', 'after sign-out everywhere else');
      assert.equal((await chrome.get('/api/account')).status, 200, 'this session stays');
      assert.equal((await chrome.get<SessionView[]>('/api/account/sessions')).json.length, 1);
    });

    test('sign-out ends the session: its cookie, replayed, opens nothing', async () => {
      const { b } = await signUp();
      const secret = b.cookies.get(SESSION_COOKIE)!;
      const r = await b.post('/api/account/sign-out');
      assert.equal(r.status, 204);
      assert.equal(b.cookies.has(SESSION_COOKIE), false, 'the cookie is cleared');
      const replay = browser();
      replay.cookies.set(SESSION_COOKIE, secret);
      refused(await replay.get('/api/account'), 401, 'signed-out', 'the old cookie');
      refused(await b.get('/api/account/sessions'), 401, 'signed-out', 'no cookie');
      const forged = browser();
      forged.cookies.set(SESSION_COOKIE, randomBytes(32).toString('base64url'));
      refused(await forged.get('/api/account'), 401, 'signed-out', 'a made-up secret');
      forged.cookies.set(SESSION_COOKIE, 'x'.repeat(5000));
      refused(await forged.get('/api/account'), 401, 'signed-out', 'a cookie of no secret form');
    });

    test('a session unused for 30 days has expired; one in use is kept alive', async () => {
      const { id } = await signUp();
      const now = Date.now();
      const open = async (lastUsedAt: number): Promise<AccountBrowser> => {
        const secret = randomBytes(32).toString('base64url');
        await srv.store.accounts.createSession(
          { id: randomBytes(8).toString('hex'), accountId: id, device: 'Test', createdAt: lastUsedAt, lastUsedAt },
          sha256(secret),
        );
        const b = browser();
        b.cookies.set(SESSION_COOKIE, secret);
        return b;
      };
      const stale = await open(now - SESSION_IDLE_MS - 1000);
      refused(await stale.get('/api/account'), 401, 'signed-out', 'an expired session');
      assert.equal(stale.cookies.has(SESSION_COOKIE), false, 'its cookie is cleared');
      const old = await open(now - SESSION_IDLE_MS + 60_000);
      assert.equal((await old.get('/api/account')).status, 200, 'a session used 29 days ago is still open');
      const sessions = (await old.get<SessionView[]>('/api/account/sessions')).json;
      const current = sessions.find((s) => s.current)!;
      assert.ok(current.lastUsedAt >= now, 'using it wrote its last use');
      assert.equal(sessions.length, 2, 'the expired session is not listed');
    });

    test('a request that changes an account from another site is refused (403 cross-site) and changes nothing', async () => {
      const { b, name } = await signUp();
      const evil = new AccountBrowser(srv.base, 'https://evil.example');
      for (const [k, v] of b.cookies) evil.cookies.set(k, v);
      refused(await evil.post('/api/account/sign-out'), 403, 'cross-site', 'sign-out');
      refused(await evil.delete('/api/account/sessions'), 403, 'cross-site', 'revoke all');
      refused(await evil.delete('/api/account', { password: PASSWORD }), 403, 'cross-site', 'delete');
      refused(await evil.post('/api/account/attach', { seats: [] }), 403, 'cross-site', 'attach');
      refused(await evil.post('/api/account/sign-in', { name, password: PASSWORD }), 403, 'cross-site', 'sign-in (login CSRF)');
      refused(await evil.post('/api/account/passkey/add/options', {}), 403, 'cross-site', 'add a passkey');
      // Without an Origin, the browser's Sec-Fetch-Site still tells.
      const noOrigin = new AccountBrowser(srv.base, null);
      for (const [k, v] of b.cookies) noOrigin.cookies.set(k, v);
      refused(
        await noOrigin.send('POST', '/api/account/sign-out', {}, { 'sec-fetch-site': 'cross-site' }),
        403,
        'cross-site',
        'fetch-site',
      );
      assert.equal((await b.get('/api/account')).status, 200, 'the session is untouched');
      assert.ok(await srv.store.accounts.accountByName(name), 'the account is untouched');
      // Reading is not refused (another site cannot read the answer), and the server's own origin passes.
      assert.equal((await evil.get('/api/account')).status, 200);
      const own = new AccountBrowser(srv.base, srv.base);
      for (const [k, v] of b.cookies) own.cookies.set(k, v);
      assert.equal((await own.delete('/api/account/sessions')).status, 204, "the server's own origin (its Host)");
      // Not a browser at all (no Origin, no Sec-Fetch-Site): the CLI and scripts.
      assert.equal((await noOrigin.post('/api/account/sign-out')).status, 204);
    });

    test('attach links the seats whose token is good, and refuses the others', async () => {
      const { b, id } = await signUp();
      const game = await createGame(srv.base, { seats: [{ kind: 'human' }, { kind: 'human' }, { kind: 'bot', bot: 'random' }] });
      const token0 = await joinSeat(srv.base, game, 0, 'Ada');
      const token1 = await joinSeat(srv.base, game, 1, 'Bob');
      const r = await b.post('/api/account/attach', {
        seats: [
          { gameId: game, seat: 0, token: token0 },
          { gameId: game, seat: 1, token: token0 },
          { gameId: game, seat: 2, token: token0 },
          { gameId: 'no-such-game', seat: 0, token: token0 },
          { gameId: game, seat: 5, token: token0 },
        ],
      });
      assert.equal(r.status, 200, JSON.stringify(r.json));
      assert.deepEqual(r.json.attached, [{ gameId: game, seat: 0 }]);
      assert.deepEqual(r.json.refused, [
        { gameId: game, seat: 1, reason: 'bad-token' },
        { gameId: game, seat: 2, reason: 'bad-token' },
        { gameId: 'no-such-game', seat: 0, reason: 'no-seat' },
        { gameId: game, seat: 5, reason: 'no-seat' },
      ]);
      assert.deepEqual(
        (await srv.store.accounts.seatsOf(id)).map((s) => [s.gameId, s.seat, s.status]),
        [[game, 0, 'active']],
      );
      // Attaching again is no change; another account with a good token finds the seat taken.
      assert.deepEqual((await b.post('/api/account/attach', { seats: [{ gameId: game, seat: 0, token: token0 }] })).json.attached, [
        { gameId: game, seat: 0 },
      ]);
      const other = await signUp();
      assert.deepEqual((await other.b.post('/api/account/attach', { seats: [{ gameId: game, seat: 0, token: token0 }] })).json.refused, [
        { gameId: game, seat: 0, reason: 'taken' },
      ]);
      assert.deepEqual((await other.b.post('/api/account/attach', { seats: [{ gameId: game, seat: 1, token: token1 }] })).json.attached, [
        { gameId: game, seat: 1 },
      ]);
      refused(await browser().post('/api/account/attach', { seats: [] }), 401, 'signed-out', 'a guest');
      refused(await b.post('/api/account/attach', { seats: [{ gameId: game, seat: 0 }] }), 400, 'bad-request', 'no token');
      const many = Array.from({ length: 101 }, () => ({ gameId: game, seat: 0, token: token0 }));
      refused(await b.post('/api/account/attach', { seats: many }), 400, 'bad-request', '101 seats');
    });

    /** A finished game (seat 0 named Ada, token `token`) and an active one, both straight in the store. */
    async function finishedAndActive(token: string): Promise<{ done: string; live: string }> {
      const seats = [
        {
          seat: 0,
          kind: 'human' as const,
          bot: null,
          name: 'Ada',
          tokenHash: sha256(token),
          inviteHash: null,
          claimed: true,
          clockMs: null,
        },
        { seat: 1, kind: 'bot' as const, bot: 'random', name: 'Bot', tokenHash: null, inviteHash: null, claimed: false, clockMs: null },
      ];
      const ids = { done: `done-${randomBytes(4).toString('hex')}`, live: `live-${randomBytes(4).toString('hex')}` };
      for (const id of [ids.done, ids.live]) {
        await srv.store.createGame(
          {
            id,
            game: 'relic-runners',
            seats: 2,
            seed: 'seed-7',
            options: {},
            settings: { botDelayMs: 0, rng: 3 },
            createdAt: Date.now(),
            listed: false,
          },
          seats,
          'h0',
        );
      }
      await srv.store.appendMove(
        ids.done,
        { index: 0, seat: 0, choice: { t: 'pass' }, hash: 'h1', at: Date.now() },
        { hash: 'h1', status: 'finished' },
      );
      return ids;
    }

    test('the export holds the account, its passkeys, its sessions, its games as match records and its ratings', async () => {
      const { b, id, name } = await signUp();
      const token = randomBytes(32).toString('base64url');
      const { done, live } = await finishedAndActive(token);
      const att = await b.post('/api/account/attach', {
        seats: [
          { gameId: done, seat: 0, token },
          { gameId: live, seat: 0, token },
        ],
      });
      assert.equal(att.json.attached.length, 2);
      const r = await b.get('/api/account/export');
      assert.equal(r.status, 200);
      assert.match(r.headers.get('content-disposition') ?? '', /^attachment; filename="expedition-account-.*\.json"$/);
      assert.equal(r.json.format, 'expedition-account');
      assert.deepEqual(r.json.account.id, id);
      assert.deepEqual(r.json.account.name, name);
      assert.deepEqual(r.json.passkeys, []);
      assert.equal(r.json.sessions.length, 1);
      assert.deepEqual(r.json.ratings, []);
      const byId = new Map<string, ExportedGame>(r.json.games.map((g) => [g.id, g]));
      assert.deepEqual(byId.get(done)!.record, {
        format: 'expedition-match',
        version: 3,
        game: 'relic-runners',
        seats: 2,
        seed: 'seed-7',
        options: {},
        choices: [{ t: 'pass' }],
      });
      assert.equal(byId.get(done)!.status, 'finished');
      assert.equal(byId.get(live)!.record, null, 'a game still played keeps its seed (its record) to itself');
      assert.equal(byId.get(live)!.seat, 0);
      const text = JSON.stringify(r.json);
      assert.ok(!text.includes('argon2'), 'no password hash');
      assert.ok(!text.includes(b.cookies.get(SESSION_COOKIE)!), 'no session secret');
      refused(await browser().get('/api/account/export'), 401, 'signed-out', 'a guest');
    });

    test('deleting an account takes its password, removes its personal data and leaves its finished games under a deleted player', async () => {
      const { b, id, name } = await signUp();
      const second = browser(FIREFOX);
      await second.post('/api/account/sign-in', { name, password: PASSWORD });
      const token = randomBytes(32).toString('base64url');
      const { done, live } = await finishedAndActive(token);
      await b.post('/api/account/attach', {
        seats: [
          { gameId: done, seat: 0, token },
          { gameId: live, seat: 0, token },
        ],
      });
      refused(await b.delete('/api/account', { password: 'not my password' }), 401, 'bad-credentials', 'a wrong password');
      refused(await b.delete('/api/account', {}), 400, 'bad-request', 'no password');
      refused(await b.delete('/api/account'), 400, 'bad-request', 'no body');
      assert.ok(await srv.store.accounts.accountById(id), 'still there after the refusals');
      const r = await b.delete('/api/account', { password: PASSWORD });
      assert.equal(r.status, 204, JSON.stringify(r.json));
      assert.equal(b.cookies.has(SESSION_COOKIE), false);
      assert.equal(await srv.store.accounts.accountById(id), null);
      assert.equal(await srv.store.accounts.accountByName(name), null);
      assert.deepEqual(await srv.store.accounts.sessionsOf(id, 0), []);
      assert.deepEqual(await srv.store.accounts.passkeysOf(id), []);
      assert.deepEqual(await srv.store.accounts.seatsOf(id), []);
      refused(await second.get('/api/account'), 401, 'signed-out', "the account's other session");
      refused(await browser().post('/api/account/sign-in', { name, password: PASSWORD }), 401, 'bad-credentials', 'signing in again');
      const g = await srv.store.getGame(done);
      assert.ok(g, 'the finished game stays');
      assert.equal(g.seatConfigs[0]!.name, DELETED_PLAYER);
      assert.equal(g.seatConfigs[1]!.name, 'Bot');
      assert.equal(g.moves.length, 1);
      assert.equal((await srv.store.getGame(live))!.seatConfigs[0]!.name, 'Ada', 'a game still played keeps its seat as it is');
      // The name is free again.
      assert.equal((await browser().post('/api/account/sign-up', { name, password: PASSWORD })).status, 201);
    });

    test('failed sign-ins are limited per name (known or not) and a guessed password is then refused too', async () => {
      const { name } = await signUp();
      const ghost = uname('ghost');
      for (let i = 0; i < 5; i++) {
        refused(
          await browser().post('/api/account/sign-in', { name, password: `wrong password ${i}` }),
          401,
          'bad-credentials',
          `try ${i}`,
        );
        refused(
          await browser().post('/api/account/sign-in', { name: ghost, password: `wrong password ${i}` }),
          401,
          'bad-credentials',
          `ghost ${i}`,
        );
      }
      const known = await browser().post('/api/account/sign-in', { name, password: PASSWORD });
      const unknown = await browser().post('/api/account/sign-in', { name: ghost, password: PASSWORD });
      refused(known, 429, 'rate-limited', 'the right password after 5 failures');
      refused(unknown, 429, 'rate-limited', 'an unknown name after 5 failures');
      assert.deepEqual(known.json, unknown.json, 'the same answer: it tells nothing of which names exist');
      // Another name is not held back.
      const other = await signUp();
      assert.equal((await browser().post('/api/account/sign-in', { name: other.name, password: PASSWORD })).status, 200);
    });
  });

  describe(`sign-in attempts per address on ${kind}`, () => {
    let srv: TestServer;
    before(async () => {
      srv = await startServer(kind, { publicOrigin: ORIGIN, signInPerMinute: 3 });
    });
    after(async () => {
      await srv?.stop();
    });

    test('an address past its sign-in budget is refused (429) before any password is checked', async () => {
      const b = new AccountBrowser(srv.base, ORIGIN);
      for (let i = 0; i < 3; i++) {
        refused(await b.post('/api/account/sign-in', { name: uname(), password: PASSWORD }), 401, 'bad-credentials', `try ${i}`);
      }
      const r = await b.post('/api/account/sign-in', { name: uname(), password: PASSWORD });
      refused(r, 429, 'rate-limited', 'the fourth in a minute');
      assert.ok(r.headers.get('retry-after'), 'says when to try again');
    });
  });
}
