/**
 * The sockets' heartbeat: every socket beats once per period, a slice of them at a time.
 *
 * One timer that beats every socket at once stops the event loop for the whole pass, every
 * period: with thousands of sockets, the worst latency of a server at a human pace (`HUMANS=1
 * THINK_MS=2000 SIZES=10000 BENCH_TRACE=1 npm run bench:server`; figures in bench/README.md).
 * Spread over SLICES timer turns, each turn beats a twentieth of them.
 */
const SLICES = 20;

export interface Beating {
  heartbeat(): void;
}

export class Heartbeat<T extends Beating> {
  private readonly slices: Set<T>[] = Array.from({ length: SLICES }, () => new Set<T>());
  /** The slice the next socket joins (round robin, so that the slices stay even). */
  private joinAt = 0;
  /** The slice the next turn beats. */
  private beatAt = 0;
  private readonly timer: ReturnType<typeof setInterval>;

  constructor(periodMs: number) {
    this.timer = setInterval(() => {
      const slice = this.slices[this.beatAt]!;
      this.beatAt = (this.beatAt + 1) % SLICES;
      for (const c of slice) c.heartbeat();
    }, periodMs / SLICES);
    this.timer.unref();
  }

  /** Beats `c` once per period from now on; the returned function stops that. */
  add(c: T): () => void {
    const slice = this.slices[this.joinAt]!;
    this.joinAt = (this.joinAt + 1) % SLICES;
    slice.add(c);
    return () => slice.delete(c);
  }

  stop(): void {
    clearInterval(this.timer);
  }
}
