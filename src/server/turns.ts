/**
 * Lets costly requests (a welcome with its log, a game's creation) take turns with everything
 * else: in each turn of the event loop, waiters go on one after the other until they have taken
 * `budgetMs` (the first always goes), so that a burst of costly ones, however many clients send it,
 * is interleaved with other clients' messages and /health instead of running back to back while
 * everyone else waits.
 *
 * A budget rather than one waiter per turn: after a server process dies, hundreds of clients say
 * hello again at once, and their welcomes are small (they name the log they hold). At one per turn,
 * the last of hundreds waits hundreds of turns of a loaded process, seconds (`npm run
 * bench:cluster`'s failoverMs; figures in bench/README.md).
 */
export class Turns {
  private readonly waiting: (() => void)[] = [];
  private scheduled = false;

  constructor(
    /** How long the waiters released in one turn may take together before the rest wait for the next. */
    private readonly budgetMs = TURN_BUDGET_MS,
  ) {}

  /** Resolves in a later turn of the event loop than the call (after the waiters before it). */
  next(): Promise<void> {
    return new Promise((resolve) => {
      this.waiting.push(resolve);
      this.schedule();
    });
  }

  /** Waiters not yet released. */
  get queued(): number {
    return this.waiting.length;
  }

  private schedule(): void {
    if (this.scheduled || this.waiting.length === 0) return;
    this.scheduled = true;
    // setImmediate, not a microtask: pending I/O is read between two turns. The immediates queued
    // here all run in the same turn, each after the microtasks of the one before (the released
    // waiter's work up to its next real wait), so the time they took is known before the next goes.
    const n = Math.min(this.waiting.length, MAX_PER_TURN);
    let start = 0;
    let left = n;
    for (let i = 0; i < n; i++)
      setImmediate(() => {
        const now = performance.now();
        if (i === 0) start = now;
        if (i === 0 || now - start < this.budgetMs) this.waiting.shift()?.();
        if (--left === 0) {
          this.scheduled = false;
          this.schedule();
        }
      });
  }
}

/** Default budget of the waiters of one turn. */
const TURN_BUDGET_MS = 10;

/** Most waiters one turn may release, however cheap. */
const MAX_PER_TURN = 64;
