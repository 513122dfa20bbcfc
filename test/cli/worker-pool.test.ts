import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { setTimeout as delay } from 'node:timers/promises';
import { CommandError } from '../../src/cli/common.js';
import { playGames } from '../../src/cli/play-games.js';
import { runOrdered, WorkerFailed } from '../../src/cli/worker-pool.js';
import type { PoolTask, PoolWorkerData } from './fixtures/pool-worker.js';

const SCRIPT = new URL('./fixtures/pool-worker.js', import.meta.url);

function run(mode: PoolWorkerData['mode'], count: number, workers: number, onResult: (v: number, i: number) => void = () => {}) {
  const spins = new SharedArrayBuffer(4);
  const data: PoolWorkerData = { mode, at: 1, spins };
  const promise = runOrdered<PoolTask, number>({
    script: SCRIPT,
    workerData: data,
    workers,
    count,
    // Early tasks work longest, so that later ones tend to finish first.
    task: (i) => ({ i, work: (count - i) * 200_000 }),
    onResult,
  });
  return { promise, spins: new Int32Array(spins) };
}

/** Workers that were left running would keep counting. */
async function assertStopped(spins: Int32Array) {
  const before = Atomics.load(spins, 0);
  await delay(100);
  assert.equal(Atomics.load(spins, 0), before, 'a worker still runs');
}

describe('runOrdered', () => {
  it('hands every result on in task order, with a bounded number in flight', async () => {
    const seen: number[] = [];
    let handedOut = 0;
    const spins = new SharedArrayBuffer(4);
    await runOrdered<PoolTask, number>({
      script: SCRIPT,
      workerData: { mode: 'square', at: -1, spins } satisfies PoolWorkerData,
      workers: 3,
      count: 20,
      window: 4,
      task: (i) => {
        handedOut++;
        assert.ok(handedOut - seen.length <= 4, `task ${i} handed out with ${handedOut - 1 - seen.length} waiting`);
        return { i, work: (i % 3) * 300_000 };
      },
      onResult: (v, i) => {
        assert.equal(i, seen.length);
        seen.push(v);
      },
    });
    assert.deepEqual(
      seen,
      Array.from({ length: 20 }, (_, i) => i * i),
    );
  });

  it('a task that fails rejects the run, names the task, and ends every worker', async () => {
    const { promise, spins } = run('fail', 6, 2);
    await assert.rejects(promise, (e: Error) => e instanceof WorkerFailed && /task 1 failed in a worker: task 1 refused/.test(e.message));
    await assertStopped(spins);
  });

  it('a worker that crashes rejects the run and ends every worker', async () => {
    const { promise, spins } = run('crash', 6, 2);
    await assert.rejects(promise, (e: Error) => e instanceof WorkerFailed && /a worker crashed: crashed outside a task/.test(e.message));
    await assertStopped(spins);
  });

  it('a worker that exits rejects the run and ends every worker', async () => {
    const { promise, spins } = run('exit', 6, 2);
    await assert.rejects(promise, (e: Error) => e instanceof WorkerFailed && /a worker stopped \(exit code 3\)/.test(e.message));
    await assertStopped(spins);
  });

  it('an error while handing on a result rejects the run', async () => {
    const { promise } = run('square', 4, 2, (_, i) => {
      if (i === 2) throw new Error('disk full');
    });
    await assert.rejects(promise, /disk full/);
  });
});

describe('playGames', () => {
  it('a game failing in a worker is a command error naming the game', async () => {
    // Both workers fail their first game; whichever answers first is reported.
    await assert.rejects(
      playGames(
        { game: 'chess', players: 2, seed: 's', cap: 10 },
        3,
        () => ['random', 'random'],
        2,
        () => {},
      ),
      (e: Error) => e instanceof CommandError && /^game ([12]) \(seed "s:\1"\) failed in a worker: .*chess/.test(e.message),
    );
  });
});
