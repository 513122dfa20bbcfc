import type { Wait } from './store.js';

/**
 * The waits asked for in one turn of the event loop, written together in one transaction (SQLite)
 * or one statement (PostgreSQL): a wait changes with nearly every turn of a game against bots, and
 * written one by one they would be a commit each beside the moves' group commits. A game asked for
 * twice in one turn is written once, with the latest; the batches are written one after the other,
 * so a later wait of a game never lands before an earlier one.
 */
export class WaitBatch {
  private pending = new Map<string, { wait: Wait | null; done: { resolve(): void; reject(e: unknown): void }[] }>();
  private scheduled = false;
  private chain: Promise<void> = Promise.resolve();

  constructor(private readonly write: (waits: ReadonlyMap<string, Wait | null>) => Promise<void> | void) {}

  /** Resolves once the batch holding it is written; rejects when that batch fails (none of it is written). */
  set(gameId: string, wait: Wait | null): Promise<void> {
    return new Promise((resolve, reject) => {
      const had = this.pending.get(gameId);
      if (had) {
        had.wait = wait;
        had.done.push({ resolve, reject });
      } else this.pending.set(gameId, { wait, done: [{ resolve, reject }] });
      if (this.scheduled) return;
      this.scheduled = true;
      setImmediate(() => this.flush());
    });
  }

  /** Resolves once every wait asked for so far is written (or failed). */
  async settled(): Promise<void> {
    while (this.scheduled || this.pending.size > 0) await new Promise((r) => setImmediate(r));
    await this.chain;
  }

  private flush(): void {
    this.scheduled = false;
    const batch = this.pending;
    this.pending = new Map();
    this.chain = this.chain.then(async () => {
      try {
        await this.write(new Map([...batch].map(([id, p]) => [id, p.wait])));
        for (const p of batch.values()) for (const d of p.done) d.resolve();
      } catch (e) {
        for (const p of batch.values()) for (const d of p.done) d.reject(e);
      }
    });
  }
}
