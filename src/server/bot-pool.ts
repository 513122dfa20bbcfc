import { Worker } from 'node:worker_threads';
import { cpus } from 'node:os';
import type { Choice } from '../core/game.js';
import type { BotAnswer, BotJob } from './bot-worker.js';

/**
 * Worker threads that think for the bots at the tables, so that a bot searching for a second
 * (ISMCTS) never stalls the other games on this server.
 */
export class BotPool {
  private readonly workers: Worker[] = [];
  private readonly pending = new Map<number, { resolve: (c: Choice) => void; reject: (e: Error) => void }>();
  private next = 0;
  private turn = 0;

  constructor(size = Math.max(1, Math.min(4, cpus().length - 1))) {
    for (let i = 0; i < size; i++) {
      const w = new Worker(new URL('./bot-worker.js', import.meta.url));
      w.on('message', (a: BotAnswer) => {
        const p = this.pending.get(a.id);
        if (!p) return;
        this.pending.delete(a.id);
        if ('error' in a) p.reject(new Error(a.error));
        else p.resolve(a.choice);
      });
      w.on('error', (e) => {
        for (const p of this.pending.values()) p.reject(e);
        this.pending.clear();
      });
      w.unref();
      this.workers.push(w);
    }
  }

  decide(job: Omit<BotJob, 'id'>): Promise<Choice> {
    const id = this.next++;
    const w = this.workers[this.turn++ % this.workers.length]!;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      w.postMessage({ ...job, id } satisfies BotJob);
    });
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.terminate()));
  }
}
