/**
 * Jobs waiting by owner, served in turns between owners instead of in arrival order: an owner with
 * many jobs queued (one address's many tables) never makes another owner's job wait behind all of
 * them. The next job is the oldest of the owner whose turn it is: the first owner, in the order
 * they were last served, among those with the fewest jobs already running (the caller counts
 * them), so that one owner cannot hold every worker while another waits. Within an owner, jobs keep
 * their order (a table has at most one job queued, so that is round-robin between its tables).
 */
export class FairQueue<T> {
  /** Each owner's waiting jobs; the Map's order is the owners' turn order (served ones move last). */
  private readonly byOwner = new Map<string, T[]>();
  private count = 0;

  get size(): number {
    return this.count;
  }

  push(owner: string, job: T): void {
    const q = this.byOwner.get(owner);
    if (q) q.push(job);
    else this.byOwner.set(owner, [job]);
    this.count++;
  }

  /** Takes the next job (see the class), or undefined when none waits. `running(owner)` counts the owner's jobs being served. */
  take(running: (owner: string) => number): { owner: string; job: T } | undefined {
    let best: string | undefined;
    let fewest = Infinity;
    for (const owner of this.byOwner.keys()) {
      const n = running(owner);
      if (n < fewest) {
        best = owner;
        fewest = n;
        if (n === 0) break;
      }
    }
    if (best === undefined) return undefined;
    const q = this.byOwner.get(best)!;
    const job = q.shift()!;
    this.byOwner.delete(best);
    if (q.length > 0) this.byOwner.set(best, q);
    this.count--;
    return { owner: best, job };
  }

  /** Whether a job of an owner other than `owner` is waiting. */
  othersWait(owner: string): boolean {
    for (const o of this.byOwner.keys()) if (o !== owner) return true;
    return false;
  }

  /** Removes and returns every waiting job. */
  drain(): T[] {
    const all = [...this.byOwner.values()].flat();
    this.byOwner.clear();
    this.count = 0;
    return all;
  }
}
