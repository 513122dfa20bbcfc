import { Elsewhere } from '../hub.js';
import type { LiveGame } from '../live-game.js';
import type { Log } from '../log.js';
import type { WaitStore } from './store.js';

/** What the sweeper needs of the Hub: whether a game is in memory here, and its load. */
export interface SweptHub {
  isLive(id: string): boolean;
  get(id: string): Promise<LiveGame | null>;
}

export interface SweeperOptions {
  /** How often the stored waits are swept for a clock run out, in ms (0: never; `sweep` is then called by hand). */
  readonly everyMs: number;
  /** How long a claimed game is left to its claimer before another sweep may claim it again. */
  readonly leaseMs?: number;
  /** Most games one sweep claims. */
  readonly batch?: number;
}

/** Defaults: a turn-based game's time is counted in hours and days, so a sweep a minute is soon enough. */
export const SWEEP_EVERY_MS = 60_000;
export const SWEEP_LEASE_MS = 5 * 60_000;
export const SWEEP_BATCH = 50;

/**
 * Enforces the clocks of the games nobody holds in memory: a game in memory has a timer for its
 * seat to act (SeatBots.watchClock), but an evicted one only its stored wait. Each server process
 * sweeps the stored waits now and then, claims the games whose time ran out (WaitStore.claimDue:
 * each claimed by one process for a lease) and loads each: the load finds the seat to act out of
 * time and hands it to the game's bot as its timer would (a rated game ranks it as having left),
 * stores that, and the game goes back out of memory once idle. In a cluster the load claims the
 * game first (cluster_owners): a game another process plays is its own timer's, and the hand-over
 * is written only by the game's owner (Store.fenceBy), so it happens once.
 */
export class DeadlineSweeper {
  private timer: ReturnType<typeof setInterval> | null = null;
  private running: Promise<unknown> | null = null;
  private readonly leaseMs: number;
  private readonly batch: number;

  constructor(
    private readonly hub: SweptHub,
    private readonly waits: WaitStore,
    private readonly log: Log,
    private readonly opts: SweeperOptions,
  ) {
    this.leaseMs = opts.leaseMs ?? SWEEP_LEASE_MS;
    this.batch = opts.batch ?? SWEEP_BATCH;
  }

  start(): void {
    if (this.opts.everyMs <= 0 || this.timer) return;
    this.timer = setInterval(() => {
      // One sweep at a time: a slow one is not piled on.
      if (this.running) return;
      this.running = this.sweep()
        .catch((e: unknown) =>
          this.log.error({ err: e }, `sweeping the games' clocks failed: ${e instanceof Error ? e.message : String(e)}`),
        )
        .finally(() => (this.running = null));
    }, this.opts.everyMs);
    this.timer.unref();
  }

  /**
   * Claims the games whose seat to act ran out of time by `now` and enforces each one's clock
   * here, loading it when it is not in memory; resolves with the ids of the games it loaded, once
   * each one's hand-over is stored (or found unneeded).
   */
  async sweep(now = Date.now()): Promise<string[]> {
    const ids = await this.waits.claimDue(now, this.leaseMs, this.batch);
    const loaded: string[] = [];
    for (const id of ids) {
      const wasLive = this.hub.isLive(id);
      try {
        const g = await this.hub.get(id);
        if (!g) continue;
        if (!wasLive) loaded.push(id);
        // The hand-over (a game in memory here has its timer, which may find it done), then its wait's write.
        await g.bots.enforceClock();
        await g.wait.idle();
      } catch (e) {
        // Played by another process: its timer watches the game.
        if (e instanceof Elsewhere) continue;
        this.log.error(
          { game: id, err: e },
          `loading game ${id} to enforce its clock failed: ${e instanceof Error ? e.message : String(e)}`,
        );
      }
    }
    return loaded;
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }
}
