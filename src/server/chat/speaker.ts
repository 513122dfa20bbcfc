/**
 * Who is behind a WebSocket, for the chat: the signed-in account of the session cookie its upgrade
 * carried (the upgrade's Origin is checked first, so only the server's own pages send it), or
 * nobody. Read once per socket: the chat checks at each message whether the account is suspended.
 */
import type { AccountStore } from '../accounts/store.js';
import { SESSION_IDLE_MS, isSecret, secretHash } from '../accounts/session-cookie.js';

/** A signed-in account speaking or reporting at a table. */
export interface Speaker {
  readonly id: string;
  readonly name: string;
}

export async function speakerOf(accounts: AccountStore, secret: string | undefined, now = Date.now()): Promise<Speaker | null> {
  if (!isSecret(secret)) return null;
  const session = await accounts.sessionBySecret(secretHash(secret), now - SESSION_IDLE_MS);
  if (session === null) return null;
  const account = await accounts.accountById(session.accountId);
  return account === null ? null : { id: account.id, name: account.name };
}
