import type { TFunction } from 'i18next';
import { ApiError } from '../net/api.js';
import { ACCOUNT_NAME, MIN_PASSWORD } from '../net/account.js';

/** The rules' numbers, for the texts that say them. */
export const RULES = { nameMin: ACCOUNT_NAME.min, nameMax: ACCOUNT_NAME.max, passwordMin: MIN_PASSWORD } as const;

/**
 * The server's and the authenticator's error codes that the account pages put in words (the
 * `account:error.<key>` texts); any other code is said as "did not work" with the code, so a new
 * one on the server is never shown as its English message.
 */
const KEYS: Readonly<Record<string, string>> = {
  'bad-credentials': 'badCredentials',
  'too-many-attempts': 'tooManyAttempts',
  'rate-limited': 'tooManyAttempts',
  busy: 'busy',
  'signed-out': 'signedOut',
  'name-taken': 'nameTaken',
  'bad-name': 'badName',
  'bad-password': 'passwordShort',
  'bad-challenge': 'passkeyExpired',
  'bad-passkey': 'passkeyUnknown',
  'passkey-cancelled': 'passkeyCancelled',
  'passkey-exists': 'passkeyExists',
  'passkey-other-account': 'passkeyOtherAccount',
  'passkey-failed': 'passkeyFailed',
  'no-session': 'sessionGone',
  'reauth-needed': 'reauthNeeded',
  network: 'network',
  'already-bot': 'alreadyBot',
  'has-rated-games': 'hasRatedGames',
  'too-many-tokens': 'tooManyTokens',
  'no-token': 'tokenGone',
  'no-bot': 'noBot',
  'too-many-challenges': 'tooManyChallenges',
  'not-pending': 'challengeAnswered',
  'rated-needs-clock': 'ratedNeedsClock',
};

/** What went wrong, in the page's language: text only, never the server's own message. */
export function errorText(t: TFunction, e: unknown): string {
  const code = e instanceof ApiError ? e.code : 'unknown';
  const key = KEYS[code];
  if (key) return t(`account:error.${key}`, RULES);
  if (e instanceof ApiError && e.status === 429) return t('account:error.tooManyAttempts');
  return t('account:error.other', { code });
}
