import { isMainThread, parentPort, Worker } from 'node:worker_threads';

/** A task's message to a worker: its index in the run and what to do. */
export interface TaskMessage<T> {
  readonly i: number;
  readonly task: T;
}

/** A worker's answer to one task. */
export type ResultMessage<R> = { readonly i: number; readonly value: R } | { readonly i: number; readonly error: string };

/** A worker failed a task, crashed or stopped: the whole run fails. */
export class WorkerFailed extends Error {
  override readonly name = 'WorkerFailed';
}

export interface OrderedRun<T, R> {
  /** The worker's module (it calls serveTasks). */
  readonly script: URL;
  /** Given to every worker as its workerData (what all tasks share). */
  readonly workerData: unknown;
  /** Threads to start (no more than there are tasks). */
  readonly workers: number;
  /** Tasks 0 … count − 1. */
  readonly count: number;
  readonly task: (i: number) => T;
  /** Sees every result in task order, whatever order the workers finish in. */
  readonly onResult: (value: R, i: number) => void;
  /**
   * Tasks handed out but not yet passed to onResult, at most (default 4 per worker): a slow task
   * holds back the others' results, and this bounds how many wait for it in memory.
   */
  readonly window?: number;
  /** Names task i in error messages (default "task i"). */
  readonly describe?: (i: number) => string;
}

/**
 * Runs tasks on worker threads and hands their results on in task order. Dispatch is pull-based:
 * a worker gets its next task when it answers, so the tasks in flight never exceed the window. The
 * first failure (a task's error, a crash, a worker that stops) ends every worker and rejects; the
 * promise settles only once all of them have exited, so none is left running either way.
 */
export async function runOrdered<T, R>(run: OrderedRun<T, R>): Promise<void> {
  const size = Math.min(run.workers, run.count);
  if (size < 1) return;
  const window = Math.max(size, run.window ?? 4 * size);
  const describe = run.describe ?? ((i: number) => `task ${i}`);
  const held = new Map<number, R>();
  const workers: Worker[] = [];
  let nextTask = 0;
  let nextResult = 0;
  let failure: Error | null = null;

  await new Promise<void>((resolve, reject) => {
    const fail = (e: Error) => {
      if (failure) return;
      failure = e;
      reject(e);
    };
    const feed = (w: Worker) => {
      if (failure || nextTask >= run.count || nextTask >= nextResult + window) return false;
      const i = nextTask++;
      w.postMessage({ i, task: run.task(i) } satisfies TaskMessage<T>);
      return true;
    };
    const idle = new Set<Worker>();
    const feedIdle = () => {
      for (const w of [...idle]) if (feed(w)) idle.delete(w);
    };
    for (let k = 0; k < size; k++) {
      const w = new Worker(run.script, { workerData: run.workerData });
      workers.push(w);
      w.on('message', (m: ResultMessage<R>) => {
        if (failure) return;
        if ('error' in m) return fail(new WorkerFailed(`${describe(m.i)} failed in a worker: ${m.error}`));
        held.set(m.i, m.value);
        try {
          while (held.has(nextResult)) {
            const r = held.get(nextResult) as R;
            held.delete(nextResult);
            run.onResult(r, nextResult++);
          }
        } catch (e) {
          return fail(e instanceof Error ? e : new Error(String(e)));
        }
        if (nextResult === run.count) return resolve();
        if (!feed(w)) idle.add(w);
        feedIdle();
      });
      w.on('error', (e) => fail(new WorkerFailed(`a worker crashed: ${e.message}`)));
      w.on('exit', (code) => {
        if (nextResult < run.count) fail(new WorkerFailed(`a worker stopped (exit code ${code}) before the run was over`));
      });
      if (!feed(w)) idle.add(w);
    }
  }).finally(() => Promise.all(workers.map((w) => w.terminate())));
}

/** The worker side of runOrdered: answers each task with `handle`'s value or the error it threw. */
export function serveTasks<T, R>(handle: (task: T) => R): void {
  if (isMainThread || !parentPort) throw new Error('serveTasks runs in a worker thread');
  const port = parentPort;
  port.on('message', ({ i, task }: TaskMessage<T>) => {
    let answer: ResultMessage<R>;
    try {
      answer = { i, value: handle(task) };
    } catch (e) {
      answer = { i, error: e instanceof Error ? e.message : String(e) };
    }
    port.postMessage(answer);
  });
}
