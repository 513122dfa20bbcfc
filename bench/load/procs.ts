/**
 * The load client spread over K child processes (CLIENT_PROCS): one process cannot hold the
 * sockets of 10,000 games (2 per game against a limit of 20,000 open files per process), and a
 * client of its own per core keeps the client's JSON work from being what saturates. Each child
 * (worker.ts) plays a share of the games; the parent gathers their figures over IPC.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { emptyStats, type LoadConfig, type LoadStats } from './client.js';
import { SERVER_NODE_FLAGS } from '../../src/server/node-flags.js';

const WORKER = resolve(dirname(fileURLToPath(import.meta.url)), 'worker.js');
/**
 * Node flags for the client processes: the server's own V8 flags (src/server/node-flags.ts), since
 * the clients' GC pauses count in the latencies they measure and each client process holds a view
 * per seat that changes at every move, as the server holds a state per game: with V8's defaults
 * the clients' own mark-compacts raise the p99 a run reports (bench/README.md). CLIENT_NODE_ARGS
 * adds more (e.g. --trace-gc, to tell the clients' pauses from the server's).
 */
const CLIENT_NODE_ARGS = [...SERVER_NODE_FLAGS, ...(process.env.CLIENT_NODE_ARGS ?? '').split(' ').filter(Boolean)];

export type ToWorker =
  | { t: 'start'; cfg: LoadConfig }
  | { t: 'measure' }
  | { t: 'tick' }
  | { t: 'report' }
  | { t: 'killed'; node: number; at: number }
  | { t: 'acks' }
  | { t: 'stop' };

export interface Failover {
  /** Games owned or relayed by the killed process. */
  affected: number;
  /** The longest wait, among those games, from the kill to their first ack after it. */
  maxMs: number;
  /** Affected games that have had no ack since the kill. */
  waiting: number;
  /** Some of the waiting games, each with what its seats were doing (bench/load/client.ts describe). */
  stalled: string[];
  /** Every affected game's wait for its first ack after the kill (ms). */
  waits: number[];
  /** The slowest affected game that played again, with what its seats did. */
  slowest: string;
}

export type FromWorker =
  | { t: 'started' }
  | { t: 'failed'; message: string }
  | { t: 'tick'; acks: number; latencies: number[] }
  | { t: 'report'; stats: LoadStats; cpuS: number }
  | { t: 'acks'; acked: [string, number[]][]; failover: Failover }
  | { t: 'stopped' };

/** The default number of client processes for `games` games: up to 5,000 games (10,000 sockets) each. */
export const defaultClientProcs = (games: number): number => Math.max(1, Math.ceil(games / 5000));

class Worker {
  private waiting: { t: FromWorker['t']; resolve: (m: FromWorker) => void; reject: (e: Error) => void }[] = [];
  constructor(readonly child: ChildProcess) {
    child.on('message', (m: FromWorker) => {
      const i = this.waiting.findIndex((w) => w.t === m.t || (w.t === 'started' && m.t === 'failed'));
      if (i < 0) return;
      const [w] = this.waiting.splice(i, 1);
      if (m.t === 'failed') w!.reject(new Error(`client process: ${m.message}`));
      else w!.resolve(m);
    });
    child.once('exit', (code, signal) => {
      for (const w of this.waiting.splice(0)) w.reject(new Error(`client process exited (${signal ?? code})`));
    });
  }

  send(m: ToWorker): void {
    if (this.child.connected) this.child.send(m);
  }

  ask<T extends FromWorker['t']>(m: ToWorker, answer: T): Promise<Extract<FromWorker, { t: T }>> {
    const p = new Promise<FromWorker>((resolve, reject) => this.waiting.push({ t: answer, resolve, reject }));
    this.send(m);
    return p as Promise<Extract<FromWorker, { t: T }>>;
  }
}

export interface LoadTotals extends LoadStats {
  /** CPU seconds the client processes used while measuring. */
  cpuS: number;
}

/** K client processes sharing G games. */
export class ClientProcs {
  private constructor(private readonly workers: Worker[]) {}

  /** Forks the processes and waits until each has connected its seats and opened its games. */
  static async start(cfg: Omit<LoadConfig, 'games' | 'firstGame'> & { games: number; procs: number }): Promise<ClientProcs> {
    const k = Math.max(1, Math.min(cfg.procs, cfg.games));
    const workers = Array.from(
      { length: k },
      () =>
        new Worker(
          fork(WORKER, [], { serialization: 'advanced', stdio: ['ignore', 'inherit', 'inherit', 'ipc'], execArgv: CLIENT_NODE_ARGS }),
        ),
    );
    const procs = new ClientProcs(workers);
    try {
      let first = 0;
      await Promise.all(
        workers.map((w, i) => {
          const games = Math.floor(cfg.games / k) + (i < cfg.games % k ? 1 : 0);
          const start = w.ask(
            { t: 'start', cfg: { bases: cfg.bases, thinkMs: cfg.thinkMs, game: cfg.game, humans: cfg.humans, games, firstGame: first } },
            'started',
          );
          first += games;
          return start;
        }),
      );
    } catch (e) {
      await procs.stop();
      throw e;
    }
    return procs;
  }

  get pids(): number[] {
    return this.workers.map((w) => w.child.pid!);
  }

  measure(): void {
    for (const w of this.workers) w.send({ t: 'measure' });
  }

  /** Acks and latencies since the last tick (or since measure()). */
  async tick(): Promise<{ acks: number; latencies: number[] }> {
    const ticks = await Promise.all(this.workers.map((w) => w.ask({ t: 'tick' }, 'tick')));
    return { acks: ticks.reduce((n, t) => n + t.acks, 0), latencies: ticks.flatMap((t) => t.latencies) };
  }

  /** Ends the measurement and sums the figures of every client process. */
  async report(): Promise<LoadTotals> {
    const rs = await Promise.all(this.workers.map((w) => w.ask({ t: 'report' }, 'report')));
    const total: LoadTotals = { ...emptyStats(), cpuS: 0 };
    for (const { stats: s, cpuS } of rs) {
      total.acks += s.acks;
      for (const l of s.latencies) total.latencies.push(l);
      for (const [k, v] of Object.entries(s.errors)) total.errors[k] = (total.errors[k] ?? 0) + v;
      total.finished += s.finished;
      total.statesReceived += s.statesReceived;
      total.bytesReceived += s.bytesReceived;
      total.reconnects += s.reconnects;
      total.resyncs += s.resyncs;
      total.cpuS += cpuS;
    }
    return total;
  }

  /** Tells every client process that server process `node` was killed at `at` (Date.now()). */
  killed(node: number, at: number): void {
    for (const w of this.workers) w.send({ t: 'killed', node, at });
  }

  /** Every acknowledged move (game id → indices), and the failover figures of all processes. */
  async acks(): Promise<{ acked: Map<string, number[]>; failover: Failover }> {
    const rs = await Promise.all(this.workers.map((w) => w.ask({ t: 'acks' }, 'acks')));
    const acked = new Map<string, number[]>();
    const failover: Failover = { affected: 0, maxMs: 0, waiting: 0, stalled: [], waits: [], slowest: '' };
    for (const r of rs) {
      for (const [id, idx] of r.acked) acked.set(id, [...(acked.get(id) ?? []), ...idx]);
      failover.affected += r.failover.affected;
      if (r.failover.maxMs >= failover.maxMs) failover.slowest = r.failover.slowest;
      failover.maxMs = Math.max(failover.maxMs, r.failover.maxMs);
      failover.waits.push(...r.failover.waits);
      failover.waiting += r.failover.waiting;
      failover.stalled.push(...r.failover.stalled);
    }
    return { acked, failover };
  }

  /** Closes every socket and ends the processes. */
  async stop(): Promise<void> {
    await Promise.all(
      this.workers.map(async (w) => {
        if (w.child.exitCode !== null || w.child.signalCode !== null) return;
        const exited = new Promise((r) => w.child.once('exit', r));
        await w.ask({ t: 'stop' }, 'stopped').catch(() => undefined);
        w.child.disconnect();
        const t = setTimeout(() => w.child.kill('SIGKILL'), 5000);
        await exited;
        clearTimeout(t);
      }),
    );
  }
}
