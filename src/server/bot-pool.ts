import { Worker } from 'node:worker_threads';
import { cpus } from 'node:os';
import type { Choice } from '../core/game.js';
import type { Hint } from '../bots/hint.js';
import type { BotAnswer, BotJob, GameLog } from './bot-worker.js';

export interface BotPoolOptions {
  /** Worker threads (default: the cores but one, 1–4). */
  readonly size?: number;
  /**
   * Time a job may take beyond its bot's budget (rebuilding the game from its log, a loaded
   * machine) before its worker is ended. Default BOT_GRACE_MS.
   */
  readonly graceMs?: number;
}

/** Default slack over a bot's budget before its job is given up and its worker replaced. */
export const BOT_GRACE_MS = 2_000;

/** A job that did not answer by its deadline; its worker was ended and replaced. */
export class BotDeadlineExceeded extends Error {
  override readonly name = 'BotDeadlineExceeded';
}

interface Job {
  readonly msg: BotJob;
  readonly deadlineMs: number;
  readonly resolve: (a: BotAnswer) => void;
  readonly reject: (e: Error) => void;
}

interface Slot {
  readonly worker: Worker;
  job: Job | null;
  timer: ReturnType<typeof setTimeout> | null;
  /** Ended (deadline, crash, close): its late events are ignored. */
  retired: boolean;
}

/**
 * Worker threads that think for the bots at the tables, so that a bot searching for a second
 * (ISMCTS) never stalls the other games on this server. Jobs wait in one FIFO queue served by
 * whichever worker is free: a game has at most one job pending, so first come first served is
 * fair between games, and no job waits behind a long one while another worker is idle. A job
 * past its deadline (its bot's budget plus a grace) ends its worker, which is replaced, and is
 * rejected with BotDeadlineExceeded; a worker that crashes is replaced too.
 */
export class BotPool {
  /** A worker per slot; null after one was ended, until a job needs the slot again. */
  private readonly slots: (Slot | null)[] = [];
  private readonly queue: Job[] = [];
  private readonly graceMs: number;
  private next = 0;
  private closed = false;

  constructor(opts: BotPoolOptions = {}) {
    const size = opts.size ?? Math.max(1, Math.min(4, cpus().length - 1));
    this.graceMs = opts.graceMs ?? BOT_GRACE_MS;
    for (let i = 0; i < size; i++) this.slots.push(this.spawn());
  }

  /** Asks a worker for the bot's choice; rejects when the bot fails or passes `budgetMs` + the grace. */
  async decide(job: GameLog & { readonly bot: string }, budgetMs: number): Promise<Choice> {
    const a = await this.run(job, budgetMs);
    if (!('choice' in a)) throw new Error('the bot worker answered no choice');
    return a.choice;
  }

  /** Asks a worker for the hint of seat `seat` (src/bots/hint.ts), in the same queue as the bots' moves. */
  async hint(job: GameLog, seat: number, budgetMs: number): Promise<Hint> {
    const a = await this.run({ ...job, hint: seat }, budgetMs);
    if (!('hint' in a)) throw new Error('the bot worker answered no hint');
    return a.hint;
  }

  private run(job: GameLog & ({ readonly bot: string } | { readonly hint: number }), budgetMs: number): Promise<BotAnswer> {
    if (this.closed) return Promise.reject(new Error('the bot pool is closed'));
    return new Promise((resolve, reject) => {
      this.queue.push({ msg: { ...job, id: this.next++ }, deadlineMs: budgetMs + this.graceMs, resolve, reject });
      this.pump();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    const err = new Error('the bot pool is closed');
    for (const j of this.queue.splice(0)) j.reject(err);
    await Promise.all(
      this.slots.splice(0).map(async (s) => {
        if (!s) return;
        this.retire(s, err);
        await s.worker.terminate();
      }),
    );
  }

  private pump(): void {
    for (let i = 0; i < this.slots.length; i++) {
      if (this.queue.length === 0) return;
      // Replacing a worker only when a job needs it: a worker that cannot even start fails one
      // job at a time instead of being respawned in a loop.
      const s = this.slots[i] ?? (this.slots[i] = this.spawn());
      if (s.job !== null) continue;
      const job = this.queue.shift()!;
      s.job = job;
      s.timer = setTimeout(() => this.replace(s, new BotDeadlineExceeded(`no answer within ${job.deadlineMs} ms`)), job.deadlineMs);
      s.timer.unref();
      // A busy worker keeps the process alive until its job is answered; an idle one does not.
      s.worker.ref();
      s.worker.postMessage(job.msg);
    }
  }

  private spawn(): Slot {
    const worker = new Worker(new URL('./bot-worker.js', import.meta.url));
    const slot: Slot = { worker, job: null, timer: null, retired: false };
    worker.on('message', (a: BotAnswer) => {
      const job = slot.job;
      if (slot.retired || !job || job.msg.id !== a.id) return;
      this.settle(slot);
      if ('error' in a) job.reject(new Error(a.error));
      else job.resolve(a);
      this.pump();
    });
    worker.on('error', (e) => this.replace(slot, e));
    worker.on('exit', (code) => this.replace(slot, new Error(`the bot worker exited (code ${code})`)));
    worker.unref();
    return slot;
  }

  /** Ends a worker that passed its deadline or crashed and fails its job; its slot gets a new worker for the next job. */
  private replace(slot: Slot, reason: Error): void {
    if (slot.retired || this.closed) return;
    this.retire(slot, reason);
    void slot.worker.terminate();
    const i = this.slots.indexOf(slot);
    if (i >= 0) this.slots[i] = null;
    this.pump();
  }

  private retire(slot: Slot, reason: Error): void {
    if (slot.retired) return;
    slot.retired = true;
    const job = slot.job;
    this.settle(slot);
    job?.reject(reason);
  }

  private settle(slot: Slot): void {
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    slot.job = null;
    slot.worker.unref();
  }
}
