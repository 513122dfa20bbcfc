import { useSyncExternalStore } from 'react';
import { ApiError } from '../net/api.js';
import { getAccount, type Account } from '../net/account.js';

/**
 * Who this browser is signed in as, for the header. The session cookie is HttpOnly, so the page
 * keeps a hint of its own: the account's name, stored when it signs in and dropped when it signs
 * out or the server says the session is gone. A guest has no hint and asks the server nothing,
 * so a page without an account makes the same requests as ever.
 */
export interface SignedIn {
  readonly name: string;
}

const KEY = 'expedition.account';
const listeners = new Set<() => void>();

function read(): SignedIn | null {
  try {
    const v = JSON.parse(localStorage.getItem(KEY) ?? 'null') as Partial<SignedIn> | null;
    return typeof v?.name === 'string' && v.name ? { name: v.name } : null;
  } catch {
    return null;
  }
}

let current: SignedIn | null = read();
/** Counts the changes this page made, so that an answer to an older question changes nothing. */
let changes = 0;

function publish(next: SignedIn | null): void {
  if (next?.name === current?.name) return;
  current = next;
  for (const l of listeners) l();
}

/** Records that this browser signed in as `account`, or out (null). */
export function setSignedIn(account: Pick<Account, 'name'> | null): void {
  changes++;
  try {
    if (account) localStorage.setItem(KEY, JSON.stringify({ name: account.name }));
    else localStorage.removeItem(KEY);
  } catch {
    // Storage disabled: the header follows this page only.
  }
  publish(account ? { name: account.name } : null);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab signed in or out.
  const onStorage = (e: StorageEvent) => {
    if (e.key === KEY || e.key === null) publish(read());
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export const useSignedIn = (): SignedIn | null =>
  useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );

/**
 * Asks the server whether the session the hint speaks of is still there: drops the hint when it is
 * not (signed out elsewhere, expired, revoked), keeps it on any other failure (offline, a refusal
 * for too many requests).
 */
export async function confirmSignedIn(): Promise<void> {
  if (!current) return;
  const asked = changes;
  let account: Account | null;
  try {
    account = await getAccount();
  } catch (e) {
    if (!(e instanceof ApiError && e.status === 401)) return;
    account = null;
  }
  // Signed in or out meanwhile: that is newer than this answer.
  if (changes === asked) setSignedIn(account);
}
