/**
 * Passkeys (WebAuthn) through @simplewebauthn/server, which checks every response: its challenge,
 * origin, relying party, flags, signature and counter. Each ceremony has two steps: its options
 * hand out a challenge, kept in the store under a random secret set in this browser's ceremony
 * cookie (so it is bound to the browser, and the session, that asked), valid for five minutes and
 * taken (deleted) by the first verify that presents the cookie, whatever its outcome.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { z } from 'zod';
import { AccountContext, AccountError, checkName, parseBody, passkeyView, publicAccount } from './context.js';
import {
  CEREMONY_COOKIE,
  CEREMONY_MS,
  clearCeremonyCookie,
  deviceOf,
  isSecret,
  newPublicId,
  newSecret,
  secretHash,
  setCeremonyCookie,
} from './session-cookie.js';
import type { Account, Challenge, ChallengePurpose, Passkey } from './store.js';

const RP_NAME = 'Expedition';
const b64 = z
  .string()
  .max(16_384)
  .regex(/^[A-Za-z0-9_-]*={0,2}$/);
/** A response's outer shape; the library checks what is inside. */
const CredentialJson = z.object({
  id: b64,
  rawId: b64,
  type: z.literal('public-key'),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  authenticatorAttachment: z.string().max(32).optional(),
});
const Registration = CredentialJson.extend({
  response: z.object({
    clientDataJSON: b64,
    attestationObject: b64,
    transports: z.array(z.string().max(32)).max(10).optional(),
  }),
});
const Assertion = CredentialJson.extend({
  response: z.object({
    clientDataJSON: b64,
    authenticatorData: b64,
    signature: b64,
    userHandle: b64.optional(),
  }),
});
const NameBody = z.object({ name: z.string().max(100) }).strict();
const SignUpVerify = z.object({ name: z.string().max(100), response: Registration }).strict();
const AddVerify = z.object({ response: Registration }).strict();
const SignInVerify = z.object({ response: Assertion }).strict();
const Empty = z.object({}).strict();

const badChallenge = () => new AccountError(400, 'bad-challenge', 'This passkey request has expired or was already used; start again.');

export async function passkeyRoutes(app: FastifyInstance, ctx: AccountContext, attempts: object): Promise<void> {
  const { store } = ctx;
  const origin = ctx.settings.publicOrigin;

  /** Keeps a ceremony's challenge for this browser. */
  async function keep(req: FastifyRequest, reply: FastifyReply, purpose: ChallengePurpose, challenge: string, data: Challenge['data']) {
    const secret = newSecret();
    await store.putChallenge(secretHash(secret), { purpose, challenge, data, expiresAt: Date.now() + CEREMONY_MS });
    setCeremonyCookie(req, reply, secret, origin);
  }

  /** Takes this browser's challenge for `purpose` (it serves once), or refuses. */
  async function take(req: FastifyRequest, reply: FastifyReply, purpose: ChallengePurpose): Promise<Challenge> {
    const secret = req.cookies[CEREMONY_COOKIE];
    clearCeremonyCookie(req, reply, origin);
    const c = isSecret(secret) ? await store.takeChallenge(secretHash(secret)) : null;
    if (c === null || c.purpose !== purpose || c.expiresAt < Date.now()) throw badChallenge();
    return c;
  }

  /** The registration's checks; a response that fails any is refused. */
  async function register(response: RegistrationResponseJSON, c: Challenge, accountId: string, req: FastifyRequest): Promise<Passkey> {
    let info;
    try {
      const v = await verifyRegistrationResponse({
        response,
        expectedChallenge: c.challenge,
        expectedOrigin: ctx.origin,
        expectedRPID: ctx.rpID,
        requireUserVerification: true,
      });
      info = v.verified ? v.registrationInfo : null;
    } catch (e) {
      throw new AccountError(400, 'bad-passkey', `The passkey could not be verified: ${(e as Error).message}`);
    }
    if (info === null) throw new AccountError(400, 'bad-passkey', 'The passkey could not be verified.');
    const now = Date.now();
    return {
      id: info.credential.id,
      accountId,
      name: deviceOf(req.headers['user-agent']),
      publicKey: info.credential.publicKey,
      counter: info.credential.counter,
      transports: (info.credential.transports ?? []).slice(0, 10),
      createdAt: now,
      lastUsedAt: null,
    };
  }

  app.post('/passkey/sign-up/options', attempts, async (req, reply) => {
    const { name } = parseBody(NameBody, req.body);
    checkName(name);
    if ((await store.accountByName(name)) !== null) throw new AccountError(409, 'name-taken', 'That name is taken; choose another.');
    const userId = newPublicId();
    const options = await generateRegistrationOptions({
      rpName: RP_NAME,
      rpID: ctx.rpID,
      userName: name,
      userID: Buffer.from(userId, 'base64url'),
      attestationType: 'none',
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    });
    await keep(req, reply, 'sign-up', options.challenge, { name, userId });
    return options;
  });

  app.post('/passkey/sign-up/verify', attempts, async (req, reply) => {
    const { name, response } = parseBody(SignUpVerify, req.body);
    const c = await take(req, reply, 'sign-up');
    if (c.data.name !== name || c.data.userId === undefined) throw badChallenge();
    const account: Account = { id: newPublicId(), name, createdAt: Date.now(), passwordHash: null, webauthnUserId: c.data.userId };
    const passkey = await register(response as RegistrationResponseJSON, c, account.id, req);
    if ((await store.passkeyById(passkey.id)) !== null) throw passkeyExists();
    if (!(await store.createAccount(account, passkey))) throw new AccountError(409, 'name-taken', 'That name is taken; choose another.');
    await ctx.openSession(req, reply, account);
    return reply.code(201).send({ account: publicAccount(account) });
  });

  app.post('/passkey/add/options', attempts, async (req, reply) => {
    parseBody(Empty, req.body);
    const { account, session } = await ctx.signedIn(req, reply);
    const existing = await store.passkeysOf(account.id);
    const options = await generateRegistrationOptions({
      rpName: RP_NAME,
      rpID: ctx.rpID,
      userName: account.name,
      userID: Buffer.from(account.webauthnUserId, 'base64url'),
      attestationType: 'none',
      excludeCredentials: existing.map((p) => ({ id: p.id, transports: [...p.transports] })),
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    });
    await keep(req, reply, 'add', options.challenge, { accountId: account.id, sessionId: session.id });
    return options;
  });

  app.post('/passkey/add/verify', attempts, async (req, reply) => {
    const { response } = parseBody(AddVerify, req.body);
    const { account, session } = await ctx.signedIn(req, reply);
    const c = await take(req, reply, 'add');
    if (c.data.accountId !== account.id || c.data.sessionId !== session.id) throw badChallenge();
    const passkey = await register(response as RegistrationResponseJSON, c, account.id, req);
    if (!(await store.addPasskey(passkey))) throw passkeyExists();
    return reply.code(201).send({ passkey: passkeyView(passkey) });
  });

  app.post('/passkey/sign-in/options', attempts, async (req, reply) => {
    parseBody(Empty, req.body);
    // Discoverable credentials: no name asked, no list of credentials handed out.
    const options = await generateAuthenticationOptions({ rpID: ctx.rpID, userVerification: 'required' });
    await keep(req, reply, 'sign-in', options.challenge, {});
    return options;
  });

  app.post('/passkey/sign-in/verify', attempts, async (req, reply) => {
    const { response } = parseBody(SignInVerify, req.body);
    const c = await take(req, reply, 'sign-in');
    const refused = (why: string) => new AccountError(401, 'bad-passkey', `This passkey does not sign in here: ${why}`);
    const passkey = await store.passkeyById(response.id);
    if (passkey === null) throw refused('no account has it.');
    const account = await store.accountById(passkey.accountId);
    if (account === null) throw refused('no account has it.');
    const handle = response.response.userHandle;
    if (handle !== undefined && handle !== '' && handle !== account.webauthnUserId) throw refused('it names another account.');
    let verified;
    try {
      verified = await verifyAuthenticationResponse({
        response: response as AuthenticationResponseJSON,
        expectedChallenge: c.challenge,
        expectedOrigin: ctx.origin,
        expectedRPID: ctx.rpID,
        credential: { id: passkey.id, publicKey: passkey.publicKey, counter: passkey.counter, transports: [...passkey.transports] },
        requireUserVerification: true,
      });
    } catch (e) {
      throw refused((e as Error).message);
    }
    if (!verified.verified) throw refused('its signature does not hold.');
    await store.usePasskey(passkey.id, verified.authenticationInfo.newCounter, Date.now());
    await ctx.openSession(req, reply, account);
    return { account: publicAccount(account) };
  });
}

const passkeyExists = () => new AccountError(409, 'passkey-exists', 'This passkey is registered already.');
