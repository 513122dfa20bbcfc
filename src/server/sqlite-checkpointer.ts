/**
 * WAL checkpoints of a SQLite store, run on a worker thread of their own instead of the event loop.
 *
 * SQLite checkpoints by itself inside the commit that takes the WAL past 1,000 pages: it copies
 * those pages into the database file and syncs it, while the event loop (and every game of the
 * process) waits. With 10,000 games in play that was a stall of 6–9 ms every ~250 commits and
 * 8 µs of CPU per move on the event loop (issue 16; /tmp microbenchmark in the closing note of
 * stop 26). A second connection on a worker thread can checkpoint beside the writer: WAL mode lets
 * a PASSIVE checkpoint run while the writer goes on, and the writer starts the WAL over once it
 * has all been copied.
 *
 * The writer counts its writes and asks for a checkpoint every CHECKPOINT_EVERY of them (about as
 * often as SQLite's own would run). Its own automatic checkpoint stays on at a much larger size, so
 * the WAL stays bounded should the worker ever fail.
 */
import { Worker } from 'node:worker_threads';

/** Writes (moves and other transactions) between two requested checkpoints. */
const CHECKPOINT_EVERY = 200;

/** The writer's own automatic checkpoint, in pages, while a checkpointer runs (a safety net: 64 MB). */
export const FALLBACK_AUTOCHECKPOINT_PAGES = 16_384;

export class Checkpointer {
  private readonly worker: Worker;
  private writes = 0;
  private failed = false;
  private readonly exited: Promise<void>;

  constructor(file: string) {
    this.worker = new Worker(new URL('./sqlite-checkpoint-worker.js', import.meta.url), { workerData: { file } });
    this.exited = new Promise((resolve) => this.worker.once('exit', () => resolve()));
    this.worker.on('error', (e) => {
      // The writer's own checkpoint (FALLBACK_AUTOCHECKPOINT_PAGES) takes over.
      this.failed = true;
      console.error(`SQLite checkpoints: the worker failed (${e.message}); the writer checkpoints by itself from now on`);
    });
    // A server that is done must not be held up by its checkpointer.
    this.worker.unref();
  }

  /** Counts `n` committed writes, and asks for a checkpoint every CHECKPOINT_EVERY. */
  wrote(n: number): void {
    this.writes += n;
    if (this.writes < CHECKPOINT_EVERY || this.failed) return;
    this.writes = 0;
    this.worker.postMessage('checkpoint');
  }

  /** Lets a checkpoint under way finish, closes the worker's connection and ends the thread. */
  async close(): Promise<void> {
    // Held open until the thread has closed its connection: closing is awaited.
    this.worker.ref();
    if (!this.failed) this.worker.postMessage('close');
    await this.exited;
  }
}
