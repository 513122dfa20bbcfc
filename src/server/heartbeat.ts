/**
 * The sockets' heartbeat: every socket beats once per period, a slice of them at a time.
 *
 * One timer that beat every socket at once made the event loop stop for the whole pass: with
 * 10,000 sockets and a 2 s period, a 100–200 ms stall every 2 s, the worst latency of the server at
 * a human pace (issue 16). Spread over SLICES timer turns, each turn beats a twentieth of them.
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
