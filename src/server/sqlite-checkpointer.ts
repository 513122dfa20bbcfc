/**
 * WAL checkpoints of a SQLite store, run on a worker thread of their own instead of the event loop.
 *
 * SQLite checkpoints by itself inside the commit that takes the WAL past 1,000 pages: it copies
 * those pages into the database file and syncs it, while the event loop (and every game of the
 * process) waits: with thousands of games in play, a stall every few hundred commits and CPU on
 * the event loop at every move (bench/README.md). A second connection on a worker thread can
 * checkpoint beside the writer: WAL mode lets a PASSIVE checkpoint run while the writer goes on.
 *
 * The writer counts its writes and asks for a checkpoint every CHECKPOINT_EVERY of them (about as
 * often as SQLite's own would run). But the log starts over only when a write begins with all of it
 * copied, and under steady writes the worker is always a few commits behind, so the WAL only
 * grows, up to the writer's own checkpoint on the event loop. So once the worker reports a log
 * past RESTART_FRAMES, the writer copies the few frames the worker has not yet (`catchUp`,
 * between two of its own commits), and its next write starts the log over. The writer's own
 * automatic checkpoint stays on at a much larger size, so the WAL stays bounded should the worker
 * ever fail.
 */
import { Worker } from 'node:worker_threads';
import { defaultLog, type Log } from './log.js';

/** Writes (moves and other transactions) between two requested checkpoints. */
const CHECKPOINT_EVERY = 200;

/** Frames in the log (4 KB each) past which the writer catches up so that the log can start over. */
const RESTART_FRAMES = 4096;

/** The writer's own automatic checkpoint, in pages, while a checkpointer runs (a safety net: 64 MB). */
export const FALLBACK_AUTOCHECKPOINT_PAGES = 16_384;

/** What a worker's checkpoint reports: the frames in the log. */
export interface CheckpointReport {
  readonly log: number;
}

export class Checkpointer {
  private readonly worker: Worker;
  private writes = 0;
  private failed = false;
  private due = false;
  private readonly exited: Promise<void>;

  constructor(
    file: string,
    /** Runs a PASSIVE checkpoint on the writer's own connection. */
    private readonly catchUp: () => void,
    log: Log = defaultLog(),
  ) {
    this.worker = new Worker(new URL('./sqlite-checkpoint-worker.js', import.meta.url), { workerData: { file } });
    this.exited = new Promise((resolve) => this.worker.once('exit', () => resolve()));
    this.worker.on('message', (r: CheckpointReport) => {
      if (r.log >= RESTART_FRAMES) this.due = true;
    });
    this.worker.on('error', (e) => {
      // The writer's own checkpoint (FALLBACK_AUTOCHECKPOINT_PAGES) takes over.
      this.failed = true;
      log.error({ err: e }, `SQLite checkpoints: the worker failed (${e.message}); the writer checkpoints by itself from now on`);
    });
    // A server that is done must not be held up by its checkpointer.
    this.worker.unref();
  }

  /** Counts `n` committed writes: asks for a checkpoint every CHECKPOINT_EVERY, and catches up when the log is long. */
  wrote(n: number): void {
    if (this.due) {
      this.due = false;
      this.catchUp();
    }
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
