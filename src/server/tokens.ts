import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A seat's secret: 256 random bits, URL-safe. It is the only key to act for that seat. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * A seat's invitation key: 128 random bits, URL-safe (22 characters), carried in the seat's link.
 * Whoever presents it gets a new token for the seat; stored hashed like tokens.
 */
export function newInviteKey(): string {
  return randomBytes(16).toString('base64url');
}

/** Tokens are stored hashed, so a leaked database does not hand out seats. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Constant-time check of a presented token (or invitation key) against a stored hash. */
export function tokenMatches(token: string, storedHash: string | null): boolean {
  if (storedHash === null) return false;
  const a = Buffer.from(hashToken(token), 'hex');
  const b = Buffer.from(storedHash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Game ids: 96 random bits, short enough for links. */
export function newGameId(): string {
  return randomBytes(12).toString('base64url');
}

/** A cluster node's id: 48 random bits, one per process life (its bus channel and its log lines are named by it). */
export function newNodeId(): string {
  return randomBytes(6).toString('hex');
}
