import type { AnyGame, Choice, GameEvent, Seat } from '../core/game.js';
import { NO_EVENTS } from '../core/apply.js';
import { IllegalChoice, ReplayError, UNDO_RULE } from '../core/errors.js';
import { Match, replay, type MatchRecord, type Move, type Pending } from '../core/match.js';
import type { Seeding } from '../core/rng.js';
import { Announcer, type Welcome } from './announcer.js';
import { GameClock, type ClockSetting } from './game-clock.js';
import type { Log } from './log.js';
import type { ErrorCode, PublicSeat } from './protocol.js';
import { Refusal } from './refusal.js';
import { Rematch } from './rematch.js';
import { SeatBots, type BotServer, type HintAnswer } from './seat-bots.js';
import { rankSeats } from './ratings/ranking.js';
import type { GameEnd } from './ratings/rate.js';
import type { GameStatus, MoveRow, SeatConfig, SeatPatch, Store, StoredGame, TableEntry } from './store.js';

/** Settings stored with a game. */
export interface GameSettings {
  readonly clock?: ClockSetting;
  readonly botDelayMs: number;
  /** The seeding the game's seed is read with; absent in games created before seeding 2 (they use 1). */
  readonly rng?: Seeding;
  /** After how long away a seat may be handed to a bot; absent in older games (the server's default then). */
  readonly awayAfterMs?: number;
  /** The bot spec that takes a seat over (clock run out, or handed by the others); absent: DEFAULT_BOT_LEVEL. */
  readonly botLevel?: string;
}

/** What the server lends each of its games (one object, the Hub's, shared by all). */
export interface GameServer extends BotServer {
  /** The server's away time, for games whose settings name none. */
  readonly awayAfterMs: number;
  /** The server's log; a game's lines carry its id (`LiveGame.log`). */
  readonly log: Log;
}

/** A move's events as JSON text (an array), as state messages and log entries carry them. */
export type EventsJson = string;

/** A choice played on a copy of the state (LiveGame.stage): what storing it and committing it take. */
interface Staged {
  /** The move to commit once stored (without the copy it was played on). */
  readonly move: Omit<Pending<unknown>, 'state'>;
  readonly row: MoveRow;
  /** The game after the move; the seats' clocks only when the game has clocks (else all stay null). */
  readonly after: {
    readonly hash: string;
    readonly status: GameStatus;
    readonly clocks: readonly (number | null)[] | undefined;
    /** On the move that ends the game: its result, which the store keeps (and rates) with the move. */
    readonly end: GameEnd | undefined;
  };
  readonly events: EventsJson;
}

/**
 * What a live game keeps of its stored row: not its moves (they live on in the match, packed, and
 * the times), nor its table entries (texts) or seats (`seatConfigs`). A reloaded game
 * (a restart, a failover) would otherwise keep each stored move a second time, ~4 objects a move.
 */
export type GameHead = Omit<StoredGame, 'moves' | 'table' | 'seatConfigs'>;

/** A game's away time when its creator sets none: after that long away, the others may hand the seat to a bot. */
export const DEFAULT_AWAY_AFTER_MS = 3 * 60_000;

/** The bot that takes a seat over when the game names none: the lobby's middle level. */
export const DEFAULT_BOT_LEVEL = 'greedy';

/** Why a seat went to a bot, as the log tells it. */
export type HandOverReason = 'clock' | 'away';

/**
 * An event of the table rather than of a move: a seat handed to a bot (and why), taken back by its
 * player, or a bot's search ended early for other tables (after `thoughtMs` of its `budgetMs`).
 */
export type TableEvent =
  | { readonly type: 'seatToBot'; readonly seat: Seat; readonly reason: HandOverReason }
  | { readonly type: 'seatReclaimed'; readonly seat: Seat }
  | { readonly type: 'botHurried'; readonly seat: Seat; readonly thoughtMs: number; readonly budgetMs: number }
  /** The game's rematch was created: its id (rematch.ts). */
  | { readonly type: 'rematch'; readonly game: string };

/** A connection watching a game: a seat's player, or a spectator (seat null). */
export interface Subscriber {
  readonly seat: Seat | null;
  /** A message already serialized: one text is shared by every subscriber of the same audience. */
  sendText(text: string): void;
  /** Tells the client why (an error message with `code`) and disconnects it. */
  close(code: ErrorCode, message: string): void;
  /**
   * Cluster mode: this process stops playing the game (another one plays it now, or will). The
   * connection stops watching it but stays open, and its client is told to say hello again on it
   * (an `unavailable` error without id), which finds the game where it is played now.
   */
  lost(message: string): void;
}

/** One entry of the public game log, as clients receive it. */
export interface LogEntry {
  /** 1-based move number; 0 for the set-up's events. */
  readonly move: number;
  /** When the move was stored: with `move`, it tells a returning client whether its copy still holds. */
  readonly at: number;
  readonly events: readonly GameEvent[];
  /** Events of the table after move `move` (a seat handed to a bot, taken back), not a move of its own. */
  readonly table?: true;
}

/**
 * A game being played: its match (state and moves) rebuilt from the stored log, its seats and
 * subscribers. Every change goes through `serial`, so choices of one game are applied one at a
 * time in the order they arrive, and each is in the database before anyone hears of it. Its
 * clocks (`clock`), the bots that play its seats (`bots`) and the telling of each change to its
 * subscribers (`announcer`) are modules of their own.
 */
export class LiveGame {
  status: GameStatus;
  readonly subscribers = new Set<Subscriber>();
  readonly clock: GameClock;
  readonly bots: SeatBots;
  readonly announcer: Announcer;
  /** The rematch offered once the game is over. */
  readonly rematch: Rematch;
  private queue: Promise<unknown> = Promise.resolve();
  /**
   * When each move was stored, in ms: one array of doubles for the game, where a field per move
   * would be one more object each (V8 boxes a double held in an object's field).
   */
  private readonly times: number[];
  /** Changes queued or running in `serial`: a game with work in hand is never evicted. */
  private running = 0;
  /** When the last change of this game (a move, an undo, a seat update) finished. */
  touchedAt = Date.now();
  /** Since when each human seat is away (its last connection closed), null while connected: after `awayAfterMs` it may go to a bot. */
  readonly awaySince: (number | null)[];
  /** Closed games (server shutting down, or evicted) accept nothing; read it, never set it. */
  closed = false;
  /**
   * The seats handed to a bot because their player was away or out of time, with the move count
   * when it happened (an undo before it takes it back, as it does the table's entry): their
   * players left the game, which a rated game ranks last.
   */
  private readonly handOvers: { readonly move: number; readonly seat: Seat }[] = [];

  private constructor(
    readonly store: Store,
    /** The game's stored row as loaded, without what lives on elsewhere (`GameHead`). */
    readonly stored: GameHead,
    readonly seatConfigs: SeatConfig[],
    readonly settings: GameSettings,
    readonly match: Match<unknown>,
    times: number[],
    table: StoredGame['table'],
    readonly server: GameServer,
    botOwner: string,
  ) {
    this.times = times;
    this.status = stored.status;
    // Nobody is connected to a game just loaded: its players are away from now on (at the latest).
    const now = Date.now();
    this.awaySince = seatConfigs.map((c) => (c.kind === 'human' ? now : null));
    // A decision is owed since the last stored move, not since this process loaded the game:
    // a restart or a reload after eviction must not give the seat to act its time back.
    const since = times.at(-1) ?? stored.createdAt;
    this.clock = new GameClock(
      this,
      settings.clock,
      seatConfigs.map((s) => s.clockMs),
      since,
    );
    this.bots = new SeatBots(this, (seat, choice) => this.play(seat, choice), server, botOwner);
    this.announcer = new Announcer(this);
    this.rematch = new Rematch(this);
    for (const e of table) {
      this.announcer.keepTableEntry(e as TableEntry<readonly TableEvent[]>);
      this.noteHandOvers(e as TableEntry<readonly TableEvent[]>);
      this.rematch.noteTableEntry(e as TableEntry<readonly TableEvent[]>);
    }
  }

  /**
   * Rebuilds a game by replaying its stored log and checks the stored state hash. Its bot work is
   * `botOwner`'s in the pool's turns (the client address that created it), else the table's own.
   */
  static load(store: Store, game: AnyGame, stored: StoredGame, server: GameServer, botOwner = `game:${stored.id}`): LiveGame {
    const settings = stored.settings as GameSettings;
    const rows = stored.moves;
    rows.forEach((m, i) => {
      if (m.index !== i) throw new Error(`game ${stored.id}: move ${i} is stored as #${m.index}`);
    });
    const record = recordOf(stored);
    let match: Match<unknown>;
    const times = rows.map((r) => r.at);
    try {
      match = replay(game, record, { checkpointEvery: LIVE_CHECKPOINT_EVERY, packMoves: true });
    } catch (e) {
      if (e instanceof ReplayError) throw new Error(`game ${stored.id}: ${e.describe('stored move')}`, { cause: e });
      throw e;
    }
    const hash = match.hash();
    if (hash !== stored.hash) throw new Error(`game ${stored.id}: replayed state hash ${hash} differs from the stored ${stored.hash}`);
    // eslint-disable-next-line @typescript-eslint/no-unused-vars -- the moves are left out of what the game keeps
    const { moves, table, seatConfigs, ...head } = stored;
    return new LiveGame(
      store,
      head,
      seatConfigs.map((s) => ({ ...s })),
      settings,
      match,
      times,
      table,
      server,
      botOwner,
    );
  }

  get id(): string {
    return this.stored.id;
  }

  get game(): AnyGame {
    return this.match.game;
  }

  /** The state now (the match's). */
  get state(): unknown {
    return this.match.state;
  }

  /**
   * The match's moves, without their events (`match.eventsSince` plays them again), played again
   * from the set-up at each call (the match keeps them packed): `match.decisions` counts them. When
   * each was stored: `timeOf`.
   */
  get moves(): readonly Move[] {
    return this.match.moves;
  }

  /** When move #i (0-based) was stored. */
  timeOf(i: number): number {
    const t = this.times[i];
    if (t === undefined) throw new RangeError(`game ${this.id} has no move #${i}`);
    return t;
  }

  /** Where this game logs: the server's log, each line with the game's id (made when a line is written: a game keeps none). */
  get log(): Log {
    return this.server.log.child({ game: this.id });
  }

  get seeding(): Seeding {
    return seedingOf(this.stored.id, this.settings);
  }

  /** After how long away a seat may be handed to a bot: the game's setting, or the server's default for older games. */
  get awayAfterMs(): number {
    return this.settings.awayAfterMs ?? this.server.awayAfterMs;
  }

  /** The bot spec that takes a seat over: the game's setting, else the lobby's middle level. */
  get botLevel(): string {
    return this.settings.botLevel ?? DEFAULT_BOT_LEVEL;
  }

  /** Runs `fn` after every earlier change of this game has finished. */
  serial<T>(fn: () => Promise<T> | T): Promise<T> {
    this.running++;
    const run = this.queue.then(fn, fn).finally(() => {
      this.running--;
      this.touchedAt = Date.now();
    });
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Schedules what the game owes next where it stands (once loaded, after each move): its bot's move, its clock's run-out. */
  scheduleNext(): void {
    this.bots.scheduleTurn();
    this.bots.watchClock();
  }

  /**
   * Whether the game can leave memory now: nobody watches, nothing is queued, no bot is about
   * to move, and it has been quiet for `evictFinishedMs` (finished games) or `evictIdleMs` (others,
   * and a finished one whose rematch holds a new seat's token for a player not told it yet).
   */
  evictable(now: number, evictFinishedMs: number, evictIdleMs: number): boolean {
    if (this.closed || this.subscribers.size > 0 || this.running > 0 || this.bots.waiting) return false;
    return now - this.touchedAt >= (this.status === 'active' || this.rematch.keeping ? evictIdleMs : evictFinishedMs);
  }

  toAct(): Seat | null {
    return this.game.toAct(this.state);
  }

  /** Remaining time of a seat's clock, counting the decision it owes now (stood still while a bot plays the seat). */
  clockLeft(seat: Seat, now = Date.now()): number | null {
    return this.clock.left(seat, now);
  }

  /** Checks and plays a choice: stored first (one transaction), then applied and announced. */
  submit(seat: Seat, choice: unknown, expectedIndex?: number): Promise<number> {
    return this.serial(async () => {
      if (this.closed) throw new Refusal('no_game', 'the game is closed');
      if (this.status !== 'active' || this.toAct() === null) throw new Refusal('game_over', 'the game is over');
      if (expectedIndex !== undefined && expectedIndex !== this.match.decisions) {
        throw new Refusal('stale', `the choice was made for move #${expectedIndex}, but the game is at move #${this.match.decisions}`);
      }
      const actor = this.toAct();
      if (actor !== seat) throw new Refusal('not_your_turn', `it is seat ${actor}'s decision, not seat ${seat}'s`);
      this.clock.mustHaveTime(seat);
      return this.play(seat, choice);
    });
  }

  /**
   * A choice played on a copy of the state, and what storing it takes: the move to commit once it
   * is stored, its row, the game after it and the seats' clocks. The copy is not returned: it dies
   * here, before the wait for the store. Under load that wait is a whole turn of the event loop
   * with hundreds of moves in it, and each copy (~5 KB) that lived through it was copied by the
   * scavenger that ran meanwhile, then promoted.
   */
  private stage(seat: Seat, choice: unknown, now: number): Staged {
    let p: Pending<unknown>;
    try {
      p = this.match.prepare(choice);
    } catch (e) {
      if (e instanceof IllegalChoice) throw new Refusal('illegal_choice', e.reason);
      throw e;
    }
    const nextToAct = this.game.toAct(p.state);
    const row: MoveRow = { index: this.match.decisions, seat, choice: p.move.choice, hash: this.game.hash(p.state), at: now };
    const end = nextToAct === null ? this.endOf(p.state) : undefined;
    return {
      // Without its events (their text goes on): the event objects die here, not after the store's wait.
      move: { move: { ...p.move, events: NO_EVENTS }, from: p.from },
      row,
      // Without clocks every seat's stays null: no clock to write (a statement per seat per move).
      after: {
        hash: row.hash,
        status: nextToAct === null ? 'finished' : 'active',
        clocks: this.clock.afterMove(seat, nextToAct, now),
        end,
      },
      events: JSON.stringify(p.move.events),
    };
  }

  /**
   * The game's end at a final state: the scores, who left (seats handed to a bot), and the ranks,
   * leavers last in a rated game (ratings/ranking.ts).
   */
  private endOf(state: unknown): GameEnd | undefined {
    const result = this.game.result(state);
    if (result === null) return undefined;
    const gone = new Set(this.handOvers.map((h) => h.seat));
    const left = result.scores.map((_, s) => gone.has(s));
    const rated = this.stored.rated;
    return { game: this.game.id, scores: [...result.scores], ranks: rankSeats(result, rated ? left : left.map(() => false)), left, rated };
  }

  /** Notes the hand-overs among a table entry's events. */
  private noteHandOvers(entry: TableEntry<readonly TableEvent[]>): void {
    for (const e of entry.events) if (e.type === 'seatToBot') this.handOvers.push({ move: entry.move, seat: e.seat });
  }

  /** Plays a choice for `seat` without a player's checks (submit's, or the seat's bot): stored, then committed and announced. */
  private async play(seat: Seat, choice: unknown): Promise<number> {
    const now = Date.now();
    const { move, row, after, events } = this.stage(seat, choice, now);
    await this.store.appendMove(this.id, row, after);
    // Stored: from here on the move is the truth.
    const before = this.announcer.viewsNow();
    this.match.commit(move);
    this.times.push(now);
    this.clock.moved(after.clocks, now);
    if (after.status === 'finished') this.status = 'finished';
    this.announcer.announce(events, before);
    this.scheduleNext();
    return row.index;
  }

  /** Whether `seat` may take back its last choice now (Board Game Arena's policy: Match.canUndo), in a game still being played. */
  canUndo(seat: Seat): boolean {
    return this.status === 'active' && this.match.canUndo(seat);
  }

  /** Takes back the seat's last choice of the current turn: the log loses its last move. */
  undo(seat: Seat): Promise<number> {
    return this.serial(async () => {
      this.clock.mustHaveTime(seat);
      if (!this.canUndo(seat)) throw new Refusal('cannot_undo', UNDO_RULE);
      const u = this.match.prepareUndo(seat);
      const keep = u.keep;
      await this.store.truncateMoves(this.id, keep, { hash: this.game.hash(u.state), status: 'active' });
      const before = this.announcer.viewsNow();
      this.match.commitUndo(u);
      this.times.length = Math.min(this.times.length, keep);
      this.announcer.undone(keep);
      for (let i = this.handOvers.length - 1; i >= 0; i--) if (this.handOvers[i]!.move > keep) this.handOvers.splice(i, 1);
      this.announcer.announce(JSON.stringify([{ type: 'undo', seat }] satisfies GameEvent[]), before);
      this.bots.watchClock();
      return keep;
    });
  }

  /**
   * Changes a seat as stored, and its clock with it; with table events (a seat handed to a bot,
   * taken back), stored with the change and told to everyone. Run inside `serial`.
   */
  async changeSeat(seat: Seat, patch: SeatPatch, events: readonly TableEvent[] = []): Promise<void> {
    const entry = events.length > 0 ? { move: this.match.decisions, at: Date.now(), events } : undefined;
    await this.store.updateSeat(this.id, seat, patch, entry);
    this.seatConfigs[seat] = { ...this.seatConfigs[seat]!, ...patch };
    this.clock.seatChanged(seat, patch);
    if (entry) {
      this.noteHandOvers(entry);
      this.announcer.tableEvents(entry);
    }
  }

  /** Hands a seat to a bot (the seat's player left, or its clock ran out). */
  handToBot(seat: Seat, spec: string, reason: HandOverReason): Promise<void> {
    return this.bots.handToBot(seat, spec, reason);
  }

  /** A seat's player is back: the seat is theirs again, unless its clock is empty (SeatBots.reclaim). */
  reclaim(seat: Seat): Promise<void> {
    return this.bots.reclaim(seat);
  }

  /** The greedy bot's suggestion for `seat`'s decision now (SeatBots.hint). */
  hint(seat: Seat): Promise<HintAnswer> {
    return this.bots.hint(seat);
  }

  /** The welcome of a (re)joining client, with the log it lacks after move `since` (Announcer.welcome). */
  welcomeText(seat: Seat | null, since?: number, at?: number): Welcome {
    return this.announcer.welcome(seat, since, at);
  }

  publicSeats(now = Date.now()): PublicSeat[] {
    const connected = new Set<number>();
    for (const s of this.subscribers) if (s.seat !== null) connected.add(s.seat);
    return this.seatConfigs.map((c) => {
      const here = c.kind === 'bot' || connected.has(c.seat);
      const since = this.awaySince[c.seat];
      return {
        seat: c.seat,
        kind: c.kind,
        name: c.name,
        bot: c.bot,
        claimed: c.claimed,
        connected: here,
        awayMs: here ? null : Math.max(0, now - (since ?? now)),
      };
    });
  }

  /** Whether some connection acts for `seat` now (watches the game, for null). */
  present(seat: Seat | null): boolean {
    for (const s of this.subscribers) if (s.seat === seat) return true;
    return false;
  }

  /** A connection starts watching; a seat that had none is back, and everyone is told at once. */
  subscribe(sub: Subscriber): void {
    const back = sub.seat !== null && !this.present(sub.seat);
    this.subscribers.add(sub);
    if (sub.seat === null) return;
    this.awaySince[sub.seat] = null;
    if (back) this.announcer.seatsChanged();
  }

  /** A connection stops watching; when it was its seat's last, the seat is away from now on, and everyone is told. */
  unsubscribe(sub: Subscriber): void {
    if (!this.subscribers.delete(sub) || this.present(sub.seat)) return;
    this.announcer.audienceLeft(sub.seat);
    if (sub.seat === null) return;
    this.awaySince[sub.seat] = Date.now();
    this.announcer.seatsChanged();
  }

  /** Disconnects every connection acting for `seat` (its token was revoked), telling each why. */
  dropSeat(seat: Seat, code: ErrorCode, message: string): void {
    for (const sub of [...this.subscribers]) if (sub.seat === seat) sub.close(code, message);
  }

  close(): void {
    this.closed = true;
    this.bots.stop();
  }
}

/**
 * A live game copies its state every this many moves and keeps the latest copy only (Match's
 * packMoves): an undo, or a welcome's log from a move since that copy, replays at most this many
 * moves before what it needs; a log from earlier is played from the set-up, as a new client's is.
 * Sparser than the replay viewer's, since a server holds many games (bench:memory tells what a
 * match keeps).
 */
export const LIVE_CHECKPOINT_EVERY = 64;

/** A stored game as a match record (its seed included: publish it only once the game is over). */
export function recordOf(stored: StoredGame): MatchRecord {
  return {
    format: 'expedition-match',
    version: seedingOf(stored.id, stored.settings as GameSettings),
    game: stored.game,
    seats: stored.seats,
    seed: stored.seed,
    options: stored.options,
    choices: stored.moves.map((m) => m.choice as Choice),
  };
}

/** The seeding a game's seed is read with: named in its settings, 1 for games created before seeding 2. */
function seedingOf(id: string, settings: GameSettings): Seeding {
  const rng = settings.rng ?? 1;
  if (rng !== 1 && rng !== 2 && rng !== 3)
    throw new Error(`game ${id}: its settings name seeding ${JSON.stringify(rng)}, which this server does not know`);
  return rng;
}
