/**
 * Passwords: argon2id through @node-rs/argon2 (a maintained Rust binding that computes on libuv's
 * thread pool, off the event loop), at OWASP's first recommended setting, with few hashes at a
 * time: a spray of sign-ins waits in a short queue, and beyond it is refused at once, so that it
 * can neither hold the event loop nor starve the thread pool the rest of the server uses.
 */
import { Algorithm, hash, verify } from '@node-rs/argon2';

/** OWASP's Password Storage Cheat Sheet: argon2id, m = 19 MiB, t = 2, p = 1 (about 15 ms a hash here). */
export const ARGON2_OPTIONS = { algorithm: Algorithm.Argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const PASSWORD_MIN = 12;
export const PASSWORD_MAX = 256;

/** The queue was full: the caller answers 503 and the client tries again later. */
export class HashQueueFull extends Error {
  override readonly name = 'HashQueueFull';
}

/**
 * At most `running` hashes at once (two of libuv's four threads: the store's and the file
 * system's work keeps the others), at most `waiting` more queued; beyond, refused.
 */
export class PasswordHasher {
  private active = 0;
  private verifications = 0;
  private readonly queue: (() => void)[] = [];
  /** A hash of a password nobody has: verified against when the name is unknown, so that the answer takes as long. */
  private readonly dummy: Promise<string>;

  constructor(
    readonly running = 2,
    readonly waiting = 8,
  ) {
    this.dummy = hash('an account that does not exist', ARGON2_OPTIONS);
  }

  /** A PHC string of `password` (a new random salt each time). */
  hash(password: string): Promise<string> {
    return this.slot(() => hash(password, ARGON2_OPTIONS));
  }

  /**
   * Whether `password` matches `stored`; with `stored` null (no such account, or one without a
   * password) the dummy hash is verified instead and the answer is false, in the same time.
   */
  async verify(stored: string | null, password: string): Promise<boolean> {
    const against = stored ?? (await this.dummy);
    const ok = await this.slot(() => {
      this.verifications++;
      return verify(against, password);
    });
    return ok && stored !== null;
  }

  /** Passwords verified so far, against a stored hash or the dummy. */
  get verified(): number {
    return this.verifications;
  }

  /** Hashes running and waiting now (the sign-in bench reads it). */
  get load(): number {
    return this.active + this.queue.length;
  }

  private async slot<T>(work: () => Promise<T>): Promise<T> {
    if (this.active >= this.running) {
      if (this.queue.length >= this.waiting) throw new HashQueueFull('too many passwords are being checked right now');
      await new Promise<void>((resolve) => this.queue.push(resolve));
    } else this.active++;
    try {
      return await work();
    } finally {
      // The slot passes to the next in line, or is freed.
      const next = this.queue.shift();
      if (next) next();
      else this.active--;
    }
  }
}
