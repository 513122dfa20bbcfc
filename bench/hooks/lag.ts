/**
 * A lag meter for a server process (bench:cluster LAG=1 loads it with `--import`): every 100 ms, a
 * line in `$LAG_DIR/lag-$LAG_NAME.log` (default: $PORT, then the pid) with the time (Date.now()), the largest lateness of a 10 ms
 * interval timer in those 100 ms, the user CPU the process used, and how long its main thread was
 * runnable but waiting for a CPU (the run-queue wait of /proc/self/task/<pid>/schedstat, Linux).
 *
 * The two tell a busy process from a starved one: a synchronous block shows lateness with as much
 * user CPU; a process that other processes keep off the CPUs shows lateness with run-queue wait.
 * Main thread only (a worker thread started with the same NODE_OPTIONS loads it too).
 */
import { appendFileSync, mkdirSync, readFileSync } from 'node:fs';
import { isMainThread } from 'node:worker_threads';

const dir = process.env.LAG_DIR;
if (isMainThread && dir) {
  mkdirSync(dir, { recursive: true });
  const file = `${dir}/lag-${process.env.LAG_NAME ?? process.env.PORT ?? process.pid}.log`;
  const schedstat = `/proc/self/task/${process.pid}/schedstat`;
  /** Run-queue wait so far, in ms (0 where there is no schedstat). */
  const runQueueMs = (): number => {
    try {
      return Number(readFileSync(schedstat, 'utf8').split(' ')[1]) / 1e6;
    } catch {
      return 0;
    }
  };
  let last = performance.now();
  let windowStart = last;
  let maxLate = 0;
  let cpu = process.cpuUsage();
  let runQueue = runQueueMs();
  setInterval(() => {
    const now = performance.now();
    maxLate = Math.max(maxLate, now - last - 10);
    last = now;
    if (now - windowStart < 100) return;
    const used = process.cpuUsage(cpu);
    cpu = process.cpuUsage();
    const rq = runQueueMs();
    appendFileSync(
      file,
      `${Date.now()} ${(now - windowStart).toFixed(0)} ${maxLate.toFixed(0)} ${(used.user / 1000).toFixed(0)} ${(rq - runQueue).toFixed(0)}\n`,
    );
    runQueue = rq;
    windowStart = now;
    maxLate = 0;
  }, 10).unref();
}
