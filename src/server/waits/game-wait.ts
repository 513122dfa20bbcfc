import type { Seat } from '../../core/game.js';
import type { GameClock } from '../game-clock.js';
import type { Log } from '../log.js';
import type { GameStatus, SeatConfig } from '../store.js';
import type { Wait, WaitStore } from './store.js';

/** What a game's wait is read from. */
export interface WaitedGame {
  readonly status: GameStatus;
  readonly seatConfigs: readonly Pick<SeatConfig, 'kind' | 'bot'>[];
  readonly clock: GameClock;
  toAct(): Seat | null;
}

/**
 * What the game waits for now: the seat to act when a person plays it (not a bot seat, nor a
 * person's seat handed to a bot), until its clock runs out (`since` + its stored time: the same at
 * any `now`); null once the game is over. Undefined while a bot is to play: the stored wait is
 * left as it was, since the bot moves within moments and a person (or the end) comes next. In a
 * game against bots that is one write per round instead of two.
 */
export function waitOf(g: WaitedGame, now: number): Wait | null | undefined {
  if (g.status !== 'active') return null;
  const seat = g.toAct();
  if (seat === null) return null;
  const c = g.seatConfigs[seat];
  if (!c || c.kind !== 'human' || c.bot) return undefined;
  const left = g.clock.left(seat, now);
  return { seat, dueAt: left === null ? null : now + left };
}

/** A failed write of a game's wait is tried again after this long. */
export const WAIT_RETRY_MS = 1_000;

/**
 * Keeps a live game's stored wait (WaitStore) in step with the game: written when it changes,
 * one write after the other (a later one never overtaken by an earlier), and again a little later
 * when a write fails. Off the game's own queue: a move does not wait for it. A game whose wait is
 * not stored yet stays in memory (`settled`), where its clock's timer watches it.
 */
export class WaitWriter {
  /** What this writer last asked the store to hold. */
  private asked: string | null = null;
  private latest: Wait | null = null;
  private chain: Promise<void> = Promise.resolve();
  private pending = 0;
  private failed = false;
  private retry: ReturnType<typeof setTimeout> | null = null;
  private stopped = false;

  constructor(
    private readonly store: WaitStore,
    private readonly gameId: string,
    private readonly log: () => Log,
  ) {}

  /** Stores `wait` unless it is what was stored last (or a write failed since: then it is written again). */
  sync(wait: Wait | null): void {
    const key = JSON.stringify(wait);
    if (this.stopped || (key === this.asked && !this.failed)) return;
    this.asked = key;
    this.latest = wait;
    this.pending++;
    this.chain = this.chain
      .then(() => this.store.set(this.gameId, wait))
      .then(
        () => {
          if (this.asked === key) this.failed = false;
        },
        (e: unknown) => {
          this.failed = true;
          this.log().error({ err: e }, `storing what the game waits for failed, retrying: ${e instanceof Error ? e.message : String(e)}`);
          if (!this.retry && !this.stopped) {
            this.retry = setTimeout(() => {
              this.retry = null;
              this.sync(this.latest);
            }, WAIT_RETRY_MS);
            this.retry.unref();
          }
        },
      )
      .finally(() => this.pending--);
  }

  /** Whether the store holds the game's wait as last asked (nothing under way, nothing failed). */
  get settled(): boolean {
    return this.pending === 0 && !this.failed;
  }

  /** Resolves once the writes asked for so far have ended. */
  idle(): Promise<void> {
    return this.chain;
  }

  /** The game left this process: nothing more is written for it. */
  stop(): void {
    this.stopped = true;
    if (this.retry) clearTimeout(this.retry);
    this.retry = null;
  }
}
