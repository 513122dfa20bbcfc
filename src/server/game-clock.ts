import type { Seat } from '../core/game.js';
import { Refusal } from './refusal.js';
import type { SeatConfig, SeatPatch } from './store.js';

/** Per-seat clocks, as on Board Game Arena: a time bank, and what each move gives back. */
export interface ClockSetting {
  readonly bankMs: number;
  readonly incrementMs: number;
}

/** What a game's clock reads of its game. */
export interface ClockedGame {
  /** Who plays each seat: a seat played by a bot (`bot` set) has its clock stand still. */
  readonly seatConfigs: readonly Pick<SeatConfig, 'bot'>[];
  /** The seat owing the decision now, or null. */
  toAct(): Seat | null;
}

/**
 * The seats' clocks of one game. Each seat's clock is what is stored as its `clockMs`: the time it
 * had when the decision owed now began (`since`); the seat to act is charged from then on, unless a
 * bot plays it. A seat without a clock (a bot seat, or any seat of a game without clocks) has null.
 */
export class GameClock {
  private readonly clocks: (number | null)[];
  /** When the seat to act began to owe its decision. */
  private since: number;

  constructor(
    private readonly game: ClockedGame,
    /** The game's clock setting; undefined in a game without clocks. */
    readonly setting: ClockSetting | undefined,
    clocks: readonly (number | null)[],
    since: number,
  ) {
    this.clocks = [...clocks];
    this.since = since;
  }

  /** Remaining time of a seat's clock, counting the decision it owes now (stood still while a bot plays the seat). */
  left(seat: Seat, now = Date.now()): number | null {
    const c = this.clocks[seat];
    if (c === null || c === undefined) return null;
    return this.game.toAct() === seat && !this.botPlays(seat) ? c - (now - this.since) : c;
  }

  /** Every seat's remaining time at `now`, as messages tell it; null in a game without clocks. */
  all(now: number): (number | null)[] | null {
    return this.setting ? this.clocks.map((_, i) => this.left(i, now)) : null;
  }

  /** Whether the seat's clock is empty: it stays with the bot to the end of the game. */
  outOfTime(seat: Seat): boolean {
    const left = this.left(seat);
    return left !== null && left <= 0;
  }

  /** A seat whose clock has run out can no longer act as if on time (its seat may go to a bot). */
  mustHaveTime(seat: Seat): void {
    const left = this.left(seat);
    if (left !== null && left <= 0) {
      throw new Refusal(
        'out_of_time',
        `seat ${seat}'s time ran out ${Math.round(-left / 1000)} s ago; the other players may hand the seat to a bot`,
      );
    }
  }

  /**
   * The seats' clocks once `seat` has played at `now`, with `next` owing the next decision (null: the game
   * is over), to be stored with the move; undefined in a game without clocks (nothing to store).
   * A seat's clock stands still while a bot plays it: the bot's moves cost it nothing and earn it no
   * increment, so its player never comes back with more than their bank and their own increments.
   */
  afterMove(seat: Seat, next: Seat | null, now: number): (number | null)[] | undefined {
    if (!this.setting) return undefined;
    const clocks = this.clocks.slice();
    if (clocks[seat] !== null && !this.botPlays(seat)) {
      clocks[seat] = clocks[seat]! - (now - this.since);
      if (next !== seat) clocks[seat] += this.setting.incrementMs;
    }
    return clocks;
  }

  /** A move was stored at `now` with the clocks `afterMove` made: the next decision, whoever owes it, starts now. */
  moved(clocks: readonly (number | null)[] | undefined, now: number): void {
    clocks?.forEach((c, i) => (this.clocks[i] = c));
    this.since = now;
  }

  /** A seat's clock as stored when a bot takes it over: the decision owed now charged up to now; from then on it stands still. */
  atHandOver(seat: Seat): number | null {
    const left = this.left(seat);
    return left === null ? null : Math.max(0, left);
  }

  /** A seat's change was stored: its clock as stored with it (`atHandOver`); a seat taken back from its bot owes a decision from now. */
  seatChanged(seat: Seat, patch: SeatPatch): void {
    if (patch.clockMs !== undefined && patch.clockMs !== null) this.clocks[seat] = patch.clockMs;
    // Its clock stood still while the bot held the seat: a decision owed now starts now.
    if (patch.bot === null && this.game.toAct() === seat) this.since = Date.now();
  }

  private botPlays(seat: Seat): boolean {
    return !!this.game.seatConfigs[seat]?.bot;
  }
}
