import { Worker } from 'node:worker_threads';
import { cpus } from 'node:os';
import type { Choice } from '../core/game.js';
import type { Hint } from '../bots/hint.js';
import type { BotAnswer, BotJob, GameLog } from './bot-worker.js';
import { FairQueue } from './fair-queue.js';

/**
 * Which workers a job may use. `quick`: bots whose thinking is short and bounded by their own
 * budget (greedy) and hints; `search`: bots that search until a time or iteration limit (ISMCTS).
 * A quick job never waits behind a search: quick workers take quick jobs only, and a quick job may
 * also use an idle search worker.
 */
export type BotLane = 'quick' | 'search';

export interface BotPoolOptions {
  /** Worker threads for searches (default: the cores but one, 1–4). */
  readonly size?: number;
  /** Worker threads for quick jobs (default QUICK_THREADS, at least 1). */
  readonly quickSize?: number;
  /**
   * Time a job may take beyond its bot's budget (rebuilding the game from its log, a loaded
   * machine) before its worker is ended. Default BOT_GRACE_MS.
   */
  readonly graceMs?: number;
  /**
   * How long a search runs before it is asked to answer with its best choice so far when another
   * owner's search waits for a worker (default BOT_SLICE_MS).
   */
  readonly sliceMs?: number;
}

/** Default slack over a bot's budget before its job is given up and its worker replaced. */
export const BOT_GRACE_MS = 2_000;
/** Default think time a search keeps while other owners' searches wait (BOT_SLICE_MS). */
export const BOT_SLICE_MS = 1_000;
/** Default quick workers: greedy moves and hints take 1–130 ms each, so one keeps up with many tables. */
export const QUICK_THREADS = 1;

/** A job that did not answer by its deadline; its worker was ended and replaced. */
export class BotDeadlineExceeded extends Error {
  override readonly name = 'BotDeadlineExceeded';
}

/** Who a job is for and how it may be served. */
export interface BotTask {
  /**
   * Whose job it is: the client address that created the table, or the table itself when that is
   * not known (a game loaded from the store). Owners take turns (FairQueue).
   */
  readonly owner: string;
  readonly lane: BotLane;
  /** The bot's own think time, or the server's cap for a bot its spec does not time. */
  readonly budgetMs: number;
}

/** A bot's choice, and whether its search was ended early for other owners' waiting jobs. */
export interface BotDecision {
  readonly choice: Choice;
  /** Null when the bot thought as long as it meant to; else how long it thought before it was asked to stop. */
  readonly cutAtMs: number | null;
}

interface Job {
  readonly msg: BotJob;
  readonly lane: BotLane;
  readonly owner: string;
  /** The bot's own think time (BotTask.budgetMs). */
  readonly budgetMs: number;
  readonly deadlineMs: number;
  readonly resolve: (a: BotAnswer) => void;
  readonly reject: (e: Error) => void;
}

interface Slot {
  readonly worker: Worker;
  /** Set to 1 to ask the job running now to answer at once with its best so far (BotInput.stop). */
  readonly stop: Int32Array;
  job: Job | null;
  startedAt: number;
  timer: ReturnType<typeof setTimeout> | null;
  /** Fires at the end of a search's slice, to let a waiting owner in. */
  sliceTimer: ReturnType<typeof setTimeout> | null;
  /** Ended (deadline, crash, close): its late events are ignored. */
  retired: boolean;
}

/**
 * Worker threads that think for the bots at the tables, so that a bot searching for seconds never
 * stalls the event loop. Bot work is shared between owners (client addresses), not served in
 * arrival order: each lane has a FairQueue, so an owner with twenty tables of searching bots gets
 * a turn like an owner with one. Quick jobs have workers of their own, so a greedy move or a hint
 * never waits behind a search. A search that has run for its slice while another owner's search
 * waits is asked to stop (ISMCTS is anytime: it answers with its best choice so far), so searches
 * share the search workers in turns of at most a slice each, whatever budget they asked for. A job
 * past its deadline (its budget plus a grace) ends its worker, which is replaced, and is rejected
 * with BotDeadlineExceeded; a worker that crashes is replaced too.
 */
export class BotPool {
  /** A worker per slot; null after one was ended, until a job needs the slot again. */
  private readonly slots: (Slot | null)[] = [];
  /** Each slot's lane, fixed (quick slots first). */
  private readonly slotLanes: BotLane[] = [];
  private readonly lanes: Record<BotLane, FairQueue<Job>> = { quick: new FairQueue(), search: new FairQueue() };
  private readonly graceMs: number;
  private readonly sliceMs: number;
  private next = 0;
  private closed = false;

  constructor(opts: BotPoolOptions = {}) {
    const size = opts.size ?? Math.max(1, Math.min(4, cpus().length - 1));
    const quick = Math.max(1, opts.quickSize ?? QUICK_THREADS);
    this.graceMs = opts.graceMs ?? BOT_GRACE_MS;
    this.sliceMs = opts.sliceMs ?? BOT_SLICE_MS;
    for (let i = 0; i < quick + size; i++) {
      const lane = i < quick ? 'quick' : 'search';
      this.slotLanes.push(lane);
      this.slots.push(this.spawn());
    }
  }

  /** Asks a worker for the bot's choice; rejects when the bot fails or passes its budget + the grace. */
  async decide(job: GameLog & { readonly bot: string }, task: BotTask): Promise<BotDecision> {
    const a = await this.run(job, task);
    if (!('choice' in a)) throw new Error('the bot worker answered no choice');
    return { choice: a.choice, cutAtMs: a.cutAtMs ?? null };
  }

  /** Asks a quick worker for the hint of seat `seat` (src/bots/hint.ts). */
  async hint(job: GameLog, seat: number, owner: string, budgetMs: number): Promise<Hint> {
    const a = await this.run({ ...job, hint: seat }, { owner, lane: 'quick', budgetMs });
    if (!('hint' in a)) throw new Error('the bot worker answered no hint');
    return a.hint;
  }

  private run(job: GameLog & ({ readonly bot: string } | { readonly hint: number }), task: BotTask): Promise<BotAnswer> {
    if (this.closed) return Promise.reject(new Error('the bot pool is closed'));
    return new Promise((resolve, reject) => {
      const j: Job = {
        msg: { ...job, id: this.next++ },
        lane: task.lane,
        owner: task.owner,
        budgetMs: task.budgetMs,
        deadlineMs: task.budgetMs + this.graceMs,
        resolve,
        reject,
      };
      this.lanes[task.lane].push(task.owner, j);
      this.pump();
      if (task.lane === 'search') this.yieldSlices();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    const err = new Error('the bot pool is closed');
    for (const j of [...this.lanes.quick.drain(), ...this.lanes.search.drain()]) j.reject(err);
    await Promise.all(
      this.slots.splice(0).map(async (s) => {
        if (!s) return;
        this.retire(s, err);
        await s.worker.terminate();
      }),
    );
  }

  /** The owner's jobs running in a lane's workers now. */
  private running(lane: BotLane, owner: string): number {
    let n = 0;
    for (const s of this.slots) if (s?.job && s.job.lane === lane && s.job.owner === owner) n++;
    return n;
  }

  private pump(): void {
    for (let i = 0; i < this.slots.length; i++) {
      const lane = this.slotLanes[i]!;
      // Any worker takes a quick job first: quick jobs are short, and a search waits at most one of them.
      const from: BotLane | null = this.lanes.quick.size > 0 ? 'quick' : lane === 'search' && this.lanes.search.size > 0 ? 'search' : null;
      if (from === null) continue;
      // Replacing a worker only when a job needs it: a worker that cannot even start fails one
      // job at a time instead of being respawned in a loop.
      const s = this.slots[i] ?? (this.slots[i] = this.spawn());
      if (s.job !== null) continue;
      const taken = this.lanes[from].take((owner) => this.running(from, owner))!;
      this.start(s, taken.job);
    }
  }

  private start(s: Slot, job: Job): void {
    s.job = job;
    s.startedAt = performance.now();
    Atomics.store(s.stop, 0, 0);
    s.timer = setTimeout(() => this.replace(s, new BotDeadlineExceeded(`no answer within ${job.deadlineMs} ms`)), job.deadlineMs);
    s.timer.unref();
    if (job.lane === 'search') {
      s.sliceTimer = setTimeout(() => {
        s.sliceTimer = null;
        this.yieldSlices();
      }, this.sliceMs);
      s.sliceTimer.unref();
    }
    // A busy worker keeps the process alive until its job is answered; an idle one does not.
    s.worker.ref();
    s.worker.postMessage(job.msg);
  }

  /**
   * Asks every search that has had its slice to answer now, when a search of another owner waits
   * and no search worker is free: the waiting owner gets the next worker within a slice.
   */
  private yieldSlices(): void {
    const waiting = this.lanes.search;
    if (waiting.size === 0) return;
    const now = performance.now();
    for (let i = 0; i < this.slots.length; i++) {
      const s = this.slots[i];
      if (this.slotLanes[i] === 'search' && (!s || s.job === null)) return;
    }
    for (const s of this.slots) {
      // A search that means to think no longer than a slice is never cut, however slow the machine
      // makes it: it ends by itself about as soon.
      if (!s?.job || s.job.lane !== 'search' || s.job.budgetMs <= this.sliceMs || now - s.startedAt < this.sliceMs) continue;
      if (waiting.othersWait(s.job.owner)) Atomics.store(s.stop, 0, 1);
    }
  }

  private spawn(): Slot {
    const stop = new Int32Array(new SharedArrayBuffer(4));
    const worker = new Worker(new URL('./bot-worker.js', import.meta.url), { workerData: { stop } });
    const slot: Slot = { worker, stop, job: null, startedAt: 0, timer: null, sliceTimer: null, retired: false };
    worker.on('message', (a: BotAnswer) => {
      const job = slot.job;
      if (slot.retired || !job || job.msg.id !== a.id) return;
      // A search cut short is told by how long its table waited for it, from the job's start in
      // this pool: the time a slice bounds, rebuilding the position in the worker included.
      const waited = Math.round(performance.now() - slot.startedAt);
      this.settle(slot);
      if ('error' in a) job.reject(new Error(a.error));
      else job.resolve('cut' in a && a.cut ? { ...a, cutAtMs: waited } : a);
      this.pump();
      this.yieldSlices();
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
    if (slot.sliceTimer) clearTimeout(slot.sliceTimer);
    slot.timer = null;
    slot.sliceTimer = null;
    slot.job = null;
    slot.worker.unref();
  }
}
