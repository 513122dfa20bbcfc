/**
 * Group commit: the writes asked for in one event-loop turn go to the database in one transaction.
 * A commit costs about the same for one row as for a hundred (SQLite: BEGIN/COMMIT and the WAL
 * append, plus an fsync with synchronous=FULL; PostgreSQL: the round trips and the WAL flush), so
 * under load the cost per write falls with the batch size, and the batch grows by itself with the
 * time a commit takes: one batch is in flight per queue, and what arrives meanwhile waits for the
 * next one.
 */
import type { GameEnd } from './ratings/rate.js';
import type { GameStatus } from './store.js';

/** One item's fate in a committed batch: undefined when it was written, else why it alone was not. */
export type ItemResult = Error | undefined;

/**
 * Writes `items` in one transaction and returns one result per item, in order. An item refused on
 * its own (a conflict) gets its error and the others are still written; a throw means the
 * transaction failed as a whole and none of the batch was written.
 */
export type CommitBatch<T> = (items: readonly T[]) => Promise<readonly ItemResult[]> | readonly ItemResult[];

interface Entry<T> {
  readonly item: T;
  readonly resolve: () => void;
  readonly reject: (e: unknown) => void;
  /** Settles (never rejects) once the item is committed or refused. */
  readonly done: Promise<void>;
}

export interface GroupCommitOptions<T> {
  /**
   * Items with the same key go in different batches, in the order they were added: for a backend
   * whose batch is one statement, which cannot apply two changes to one row in order.
   */
  readonly keyOf?: (item: T) => string;
  /** Most items per batch (default 1000): bounds a statement's size and a batch's latency. */
  readonly maxBatch?: number;
}

export class GroupCommit<T> {
  private pending: Entry<T>[] = [];
  private inFlight: readonly Entry<T>[] = [];
  private scheduled = false;
  private readonly keyOf: ((item: T) => string) | undefined;
  private readonly maxBatch: number;
  /** Transactions committed or attempted, for tests and benchmarks (batches, not items). */
  batches = 0;

  constructor(
    private readonly commit: CommitBatch<T>,
    opts: GroupCommitOptions<T> = {},
  ) {
    this.keyOf = opts.keyOf;
    this.maxBatch = opts.maxBatch ?? 1000;
  }

  /** Queues `item`; resolves once it is committed, rejects when it was refused or its batch failed. */
  add(item: T): Promise<void> {
    let resolve!: () => void;
    let reject!: (e: unknown) => void;
    const p = new Promise<void>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    this.pending.push({ item, resolve, reject, done: p.then(noop, noop) });
    this.schedule();
    return p;
  }

  /**
   * Resolves once every item added before the call is committed or refused. Other writes wait for
   * it first, so that a write asked for after an append cannot reach the database before it.
   */
  settled(): Promise<void> {
    if (this.pending.length === 0 && this.inFlight.length === 0) return Promise.resolve();
    return Promise.all([...this.inFlight, ...this.pending].map((e) => e.done)).then(noop);
  }

  private schedule(): void {
    if (this.scheduled || this.inFlight.length > 0 || this.pending.length === 0) return;
    this.scheduled = true;
    // setImmediate runs after the I/O callbacks of this turn: every message read in it has
    // had its chance to add its write.
    setImmediate(() => {
      this.scheduled = false;
      void this.run();
    });
  }

  private take(): Entry<T>[] {
    const keyOf = this.keyOf;
    if (keyOf === undefined) return this.pending.splice(0, this.maxBatch);
    const keys = new Set<string>();
    const batch: Entry<T>[] = [];
    const rest: Entry<T>[] = [];
    for (const e of this.pending) {
      const k = keyOf(e.item);
      // Once a key is skipped, its later items are skipped too (the set holds it), keeping their order.
      if (batch.length < this.maxBatch && !keys.has(k)) batch.push(e);
      else rest.push(e);
      keys.add(k);
    }
    this.pending = rest;
    return batch;
  }

  private async run(): Promise<void> {
    const batch = this.take();
    this.inFlight = batch;
    this.batches++;
    try {
      const results = await this.commit(batch.map((e) => e.item));
      batch.forEach((e, i) => {
        const r = results[i];
        if (r === undefined) e.resolve();
        else e.reject(r);
      });
    } catch (err) {
      for (const e of batch) e.reject(err);
    } finally {
      this.inFlight = [];
      this.schedule();
    }
  }
}

function noop(): void {}

/** An append checked and encoded, ready for its batch: only the database can refuse it now. */
export interface PendingAppend {
  readonly gameId: string;
  readonly index: number;
  readonly seat: number;
  readonly choice: string;
  /** The state hash after this move (the move's row)… */
  readonly hash: string;
  readonly at: number;
  /** …and the game's hash and status after it (the game's row). */
  readonly gameHash: string;
  readonly status: GameStatus;
  readonly clocks: readonly (number | null)[] | undefined;
  /** On the move that finishes the game: its result (and ratings), written in the same transaction. */
  readonly end: GameEnd | undefined;
}
