/**
 * Passkeys, on both stores, with a software authenticator (test/helpers/authenticator.ts) whose
 * responses are real ES256 attestations (`none`) and assertions: sign-up and sign-in with a passkey,
 * adding one to an account, and the refusals: a replayed assertion, a challenge the server did not
 * hand out, a forged signature, another origin or relying party, a challenge of another browser,
 * session or purpose, an expired one.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { AccountBrowser, refused, uniqueName } from '../helpers/account-browser.js';
import { SoftCredential } from '../helpers/authenticator.js';
import { startServer, type StoreKind, type TestServer } from '../helpers/server.js';
import { CEREMONY_COOKIE, SESSION_COOKIE } from '../../src/server/accounts/session-cookie.js';

const ORIGIN = 'https://play.example.test';
const RP_ID = 'play.example.test';
const sha256 = (s: string): string => createHash('sha256').update(s, 'utf8').digest('hex');
const uname = (tag = 'pk'): string => uniqueName(tag);

for (const kind of ['sqlite', 'postgres'] as StoreKind[]) {
  describe(`passkeys on ${kind}`, () => {
    let srv: TestServer;
    before(async () => {
      srv = await startServer(kind, { publicOrigin: ORIGIN });
    });
    after(async () => {
      await srv?.stop();
    });
    const browser = () => new AccountBrowser(srv.base, ORIGIN);

    /** Signs up with a new passkey: the browser (signed in), the credential, the account's id. */
    async function passkeySignUp(name = uname()): Promise<{ b: AccountBrowser; cred: SoftCredential; id: string; name: string }> {
      const b = browser();
      const o = await b.post('/api/account/passkey/sign-up/options', { name });
      assert.equal(o.status, 200, JSON.stringify(o.json));
      const cred = new SoftCredential(o.json.rp.id, o.json.user.id);
      const v = await b.post('/api/account/passkey/sign-up/verify', { name, response: cred.registration(o.json.challenge, ORIGIN) });
      assert.equal(v.status, 201, JSON.stringify(v.json));
      return { b, cred, id: v.json.account.id, name };
    }

    /** Asks for sign-in options on `b`: the challenge handed out. */
    async function signInOptions(b: AccountBrowser): Promise<string> {
      const o = await b.post('/api/account/passkey/sign-in/options', {});
      assert.equal(o.status, 200, JSON.stringify(o.json));
      assert.deepEqual(o.json.allowCredentials ?? [], [], 'discoverable: no credentials listed, no name asked');
      return o.json.challenge;
    }

    test('sign-up with a passkey makes an account without a password, signed in', async () => {
      const name = uname('Ada');
      const b = browser();
      const o = await b.post('/api/account/passkey/sign-up/options', { name });
      assert.equal(o.status, 200);
      assert.equal(o.json.rp.id, RP_ID, 'the relying party is the public origin');
      assert.equal(o.json.user.name, name);
      assert.ok(b.cookies.has(CEREMONY_COOKIE), 'the ceremony is bound to this browser');
      const cred = new SoftCredential(RP_ID, o.json.user.id);
      const v = await b.post('/api/account/passkey/sign-up/verify', { name, response: cred.registration(o.json.challenge, ORIGIN) });
      assert.equal(v.status, 201, JSON.stringify(v.json));
      assert.equal(v.json.account.name, name);
      assert.ok(b.cookies.has(SESSION_COOKIE));
      const me = await b.get('/api/account');
      assert.equal(me.json.hasPassword, false);
      assert.equal(me.json.passkeys.length, 1);
      assert.equal(me.json.passkeys[0]!.id, Buffer.from(cred.id).toString('base64url'));
      assert.equal(me.json.passkeys[0]!.name, 'Chrome on Linux');
      assert.equal(me.json.passkeys[0]!.lastUsedAt, null);
      refused(
        await browser().post('/api/account/sign-in', { name, password: 'any password at all' }),
        401,
        'bad-credentials',
        'no password',
      );
      refused(await browser().post('/api/account/passkey/sign-up/options', { name: name.toUpperCase() }), 409, 'name-taken', 'taken');
      refused(await browser().post('/api/account/passkey/sign-up/options', { name: 'x' }), 400, 'bad-name', 'short');
    });

    test('sign-in with a discoverable passkey, from another browser', async () => {
      const { cred, id } = await passkeySignUp();
      const b = browser();
      const challenge = await signInOptions(b);
      const r = await b.post('/api/account/passkey/sign-in/verify', { response: cred.assertion(challenge, ORIGIN) });
      assert.equal(r.status, 200, JSON.stringify(r.json));
      assert.equal(r.json.account.id, id);
      const me = await b.get('/api/account');
      assert.equal(me.status, 200);
      assert.ok(me.json.passkeys[0]!.lastUsedAt !== null, 'its last use is recorded');
      assert.equal((await srv.store.accounts.passkeyById(Buffer.from(cred.id).toString('base64url')))!.counter, cred.counter);
    });

    test('a passkey is the only factor of its account: an assertion without user verification is refused', async () => {
      const { cred } = await passkeySignUp();
      const b = browser();
      const challenge = await signInOptions(b);
      refused(
        await b.post('/api/account/passkey/sign-in/verify', { response: cred.assertion(challenge, ORIGIN, { verified: false }) }),
        401,
        'bad-passkey',
        'user present, not verified',
      );
      assert.equal(b.cookies.has(SESSION_COOKIE), false, 'no session');
    });

    test('a replayed assertion is refused, with its own ceremony and with a new one', async () => {
      const { cred } = await passkeySignUp();
      const b = browser();
      const challenge = await signInOptions(b);
      const assertion = cred.assertion(challenge, ORIGIN);
      const ceremony = b.cookies.get(CEREMONY_COOKIE)!;
      assert.equal((await b.post('/api/account/passkey/sign-in/verify', { response: assertion })).status, 200);
      // The same response again, with the same ceremony cookie: its challenge was taken.
      const again = browser();
      again.cookies.set(CEREMONY_COOKIE, ceremony);
      refused(await again.post('/api/account/passkey/sign-in/verify', { response: assertion }), 400, 'bad-challenge', 'same ceremony');
      // With a fresh ceremony: the response signed another challenge.
      const fresh = browser();
      await signInOptions(fresh);
      refused(await fresh.post('/api/account/passkey/sign-in/verify', { response: assertion }), 401, 'bad-passkey', 'new ceremony');
      assert.equal(fresh.cookies.has(SESSION_COOKIE), false);
    });

    test('an assertion over a challenge the server did not hand out is refused', async () => {
      const { cred } = await passkeySignUp();
      const b = browser();
      await signInOptions(b);
      const made = randomBytes(32).toString('base64url');
      refused(
        await b.post('/api/account/passkey/sign-in/verify', { response: cred.assertion(made, ORIGIN) }),
        401,
        'bad-passkey',
        'made up',
      );
      // Without a ceremony at all.
      const none = browser();
      refused(
        await none.post('/api/account/passkey/sign-in/verify', { response: cred.assertion(made, ORIGIN) }),
        400,
        'bad-challenge',
        'none',
      );
      assert.equal(b.cookies.has(SESSION_COOKIE) || none.cookies.has(SESSION_COOKIE), false);
    });

    test('a forged assertion is refused: another key, another origin, another relying party, a tampered counter', async () => {
      const { cred } = await passkeySignUp();
      // The same credential id, signed by another key.
      const forger = new SoftCredential(RP_ID, cred.userHandle);
      Object.defineProperty(forger, 'id', { value: cred.id });
      const cases: [string, (c: string) => unknown][] = [
        ['another key', (c) => forger.assertion(c, ORIGIN)],
        ['another origin', (c) => cred.assertion(c, 'https://evil.example')],
        ['another relying party', (c) => cred.assertion(c, ORIGIN, { rpId: 'evil.example' })],
        ['another account named', (c) => cred.assertion(c, ORIGIN, { userHandle: randomBytes(16).toString('base64url') })],
        [
          'a signature over other data',
          (c) => {
            const a = cred.assertion(c, ORIGIN);
            const other = cred.assertion(randomBytes(32).toString('base64url'), ORIGIN);
            return { ...a, response: { ...a.response, signature: other.response.signature } };
          },
        ],
        ['an unknown credential', (c) => new SoftCredential(RP_ID, cred.userHandle).assertion(c, ORIGIN)],
      ];
      for (const [what, make] of cases) {
        const b = browser();
        const challenge = await signInOptions(b);
        refused(await b.post('/api/account/passkey/sign-in/verify', { response: make(challenge) }), 401, 'bad-passkey', what);
        assert.equal(b.cookies.has(SESSION_COOKIE), false, `${what}: no session`);
      }
      // A counter that did not go up since the last sign-in (a cloned authenticator).
      const first = browser();
      const c1 = await signInOptions(first);
      assert.equal((await first.post('/api/account/passkey/sign-in/verify', { response: cred.assertion(c1, ORIGIN) })).status, 200);
      const b = browser();
      const challenge = await signInOptions(b);
      cred.counter = 0;
      refused(
        await b.post('/api/account/passkey/sign-in/verify', { response: cred.assertion(challenge, ORIGIN) }),
        401,
        'bad-passkey',
        'counter',
      );
      refused(await b.post('/api/account/passkey/sign-in/verify', { response: { id: 'x' } }), 400, 'bad-request', 'malformed');
    });

    test('a registration is refused with a wrong challenge, origin or name, or a challenge of another purpose', async () => {
      const name = uname();
      const b = browser();
      const o = await b.post('/api/account/passkey/sign-up/options', { name });
      const cred = new SoftCredential(RP_ID, o.json.user.id);
      const made = randomBytes(32).toString('base64url');
      refused(
        await b.post('/api/account/passkey/sign-up/verify', { name, response: cred.registration(made, ORIGIN) }),
        400,
        'bad-passkey',
        'a made-up challenge',
      );
      // The failed verify took the challenge: the right response now finds none.
      refused(
        await b.post('/api/account/passkey/sign-up/verify', { name, response: cred.registration(o.json.challenge, ORIGIN) }),
        400,
        'bad-challenge',
        'a challenge serves once',
      );
      const o2 = await b.post('/api/account/passkey/sign-up/options', { name });
      refused(
        await b.post('/api/account/passkey/sign-up/verify', {
          name,
          response: cred.registration(o2.json.challenge, 'https://evil.example'),
        }),
        400,
        'bad-passkey',
        'another origin',
      );
      const o3 = await b.post('/api/account/passkey/sign-up/options', { name });
      refused(
        await b.post('/api/account/passkey/sign-up/verify', { name: uname(), response: cred.registration(o3.json.challenge, ORIGIN) }),
        400,
        'bad-challenge',
        'another name than the options',
      );
      // A sign-in challenge is no registration's.
      const c = await signInOptions(b);
      refused(
        await b.post('/api/account/passkey/sign-up/verify', { name, response: cred.registration(c, ORIGIN) }),
        400,
        'bad-challenge',
        'a sign-in challenge',
      );
      assert.equal(await srv.store.accounts.accountByName(name), null, 'no account was made');
    });

    test('an expired challenge is refused', async () => {
      const { cred } = await passkeySignUp();
      const secret = randomBytes(32).toString('base64url');
      const challenge = randomBytes(32).toString('base64url');
      await srv.store.accounts.putChallenge(sha256(secret), { purpose: 'sign-in', challenge, data: {}, expiresAt: Date.now() - 1 });
      const b = browser();
      b.cookies.set(CEREMONY_COOKIE, secret);
      refused(
        await b.post('/api/account/passkey/sign-in/verify', { response: cred.assertion(challenge, ORIGIN) }),
        400,
        'bad-challenge',
        'expired',
      );
    });

    test('a signed-in account adds a passkey; the challenge is bound to the session that asked', async () => {
      const pw = browser();
      const name = uname();
      assert.equal((await pw.post('/api/account/sign-up', { name, password: 'a long enough password' })).status, 201);
      refused(await browser().post('/api/account/passkey/add/options', {}), 401, 'signed-out', 'a guest');
      const o = await pw.post('/api/account/passkey/add/options', {});
      assert.equal(o.status, 200, JSON.stringify(o.json));
      const cred = new SoftCredential(RP_ID, o.json.user.id);
      // Another session of the same account, holding this browser's ceremony cookie, cannot use it.
      const other = browser();
      await other.post('/api/account/sign-in', { name, password: 'a long enough password' });
      other.cookies.set(CEREMONY_COOKIE, pw.cookies.get(CEREMONY_COOKIE)!);
      refused(
        await other.post('/api/account/passkey/add/verify', { response: cred.registration(o.json.challenge, ORIGIN) }),
        400,
        'bad-challenge',
        'another session',
      );
      const o2 = await pw.post('/api/account/passkey/add/options', {});
      const v = await pw.post('/api/account/passkey/add/verify', { response: cred.registration(o2.json.challenge, ORIGIN) });
      assert.equal(v.status, 201, JSON.stringify(v.json));
      assert.equal(v.json.passkey.id, Buffer.from(cred.id).toString('base64url'));
      const o3 = await pw.post('/api/account/passkey/add/options', {});
      assert.deepEqual(
        o3.json.excludeCredentials.map((c) => c.id),
        [v.json.passkey.id],
        'the authenticator is told which passkeys exist',
      );
      refused(
        await pw.post('/api/account/passkey/add/verify', { response: cred.registration(o3.json.challenge, ORIGIN) }),
        409,
        'passkey-exists',
        'the same passkey twice',
      );
      // The new passkey signs in.
      const b = browser();
      const challenge = await signInOptions(b);
      const r = await b.post('/api/account/passkey/sign-in/verify', { response: cred.assertion(challenge, ORIGIN) });
      assert.equal(r.status, 200, JSON.stringify(r.json));
      assert.equal(r.json.account.name, name);
    });

    test('a passkey-only account is deleted from a recent sign-in only', async () => {
      const { b, id, cred } = await passkeySignUp();
      // A session opened 11 minutes ago.
      const old = browser();
      const secret = randomBytes(32).toString('base64url');
      const at = Date.now() - 11 * 60_000;
      await srv.store.accounts.createSession(
        { id: 'old-session', accountId: id, device: 'Test', createdAt: at, lastUsedAt: Date.now() },
        sha256(secret),
      );
      old.cookies.set(SESSION_COOKIE, secret);
      refused(await old.delete('/api/account', {}), 403, 'reauth-needed', 'an old sign-in');
      assert.ok(await srv.store.accounts.accountById(id));
      assert.equal((await b.delete('/api/account', {})).status, 204, 'a fresh sign-in');
      assert.equal(await srv.store.accounts.accountById(id), null);
      assert.equal(await srv.store.accounts.passkeyById(Buffer.from(cred.id).toString('base64url')), null, 'its passkeys are gone');
      const again = browser();
      const challenge = await signInOptions(again);
      refused(
        await again.post('/api/account/passkey/sign-in/verify', { response: cred.assertion(challenge, ORIGIN) }),
        401,
        'bad-passkey',
        'deleted',
      );
    });
  });
}
