/**
 * Lets costly requests (a welcome with its log, a game's creation) take turns with everything
 * else: one waiter goes on per turn of the event loop, so that a burst of them, however many
 * clients send it, is interleaved with other clients' messages and /health instead of running
 * back to back while everyone else waits.
 */
export class Turns {
  private readonly waiting: (() => void)[] = [];
  private scheduled = false;

  /** Resolves in a later turn of the event loop than the waiters before it. */
  next(): Promise<void> {
    return new Promise((resolve) => {
      this.waiting.push(resolve);
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled || this.waiting.length === 0) return;
    this.scheduled = true;
    // setImmediate, not a microtask: pending I/O is read between two turns.
    setImmediate(() => {
      this.scheduled = false;
      this.waiting.shift()!();
      this.schedule();
    });
  }
}
