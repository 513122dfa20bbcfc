import {
  browserSupportsWebAuthn,
  startAuthentication,
  startRegistration,
  WebAuthnError,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { ApiError, request } from './api.js';
import type { Account } from './account.js';

/**
 * Passkeys: the server's options go to the browser's authenticator through @simplewebauthn/browser,
 * and its answer back to the server, which checks it. In a module of its own so that only the
 * account pages load the library.
 */

/** Whether this browser can make and use passkeys at all. */
export const passkeysSupported = (): boolean => browserSupportsWebAuthn();

/** The name of a DOMException (which is not an Error of every realm) or of an Error. */
const domName = (e: unknown): unknown => (typeof e === 'object' && e !== null ? (e as { name?: unknown }).name : undefined);

/**
 * The authenticator's refusals as error codes of their own, beside the server's: the person
 * cancelled (or let it time out), or the authenticator already holds a passkey for this account.
 */
function ceremonyError(e: unknown): ApiError {
  if (e instanceof ApiError) return e;
  const code =
    e instanceof WebAuthnError
      ? e.code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED'
        ? 'passkey-exists'
        : e.code === 'ERROR_CEREMONY_ABORTED'
          ? 'passkey-cancelled'
          : 'passkey-failed'
      : domName(e) === 'NotAllowedError' || domName(e) === 'AbortError'
        ? 'passkey-cancelled'
        : 'passkey-failed';
  return new ApiError(0, code, e instanceof Error ? e.message : String(e));
}

async function register(base: string, body: Record<string, unknown>): Promise<unknown> {
  const optionsJSON = await request<PublicKeyCredentialCreationOptionsJSON>('POST', `${base}/options`, body);
  let response;
  try {
    response = await startRegistration({ optionsJSON });
  } catch (e) {
    throw ceremonyError(e);
  }
  return request('POST', `${base}/verify`, { ...body, response });
}

/** Creates an account whose first way in is a new passkey. */
export const passkeySignUp = async (name: string): Promise<Account> =>
  ((await register('/api/account/passkey/sign-up', { name })) as { account: Account }).account;

/** Adds a passkey to the account signed in. */
export const addPasskey = async (): Promise<void> => {
  await register('/api/account/passkey/add', {});
};

/** Signs in with any passkey of this device for the site: the authenticator says whose it is. */
export async function passkeySignIn(): Promise<Account> {
  const optionsJSON = await request<PublicKeyCredentialRequestOptionsJSON>('POST', '/api/account/passkey/sign-in/options');
  let response;
  try {
    response = await startAuthentication({ optionsJSON });
  } catch (e) {
    throw ceremonyError(e);
  }
  return (await request<{ account: Account }>('POST', '/api/account/passkey/sign-in/verify', { response })).account;
}
