import { patchBase, type AnyGame, type Choice, type GameEvent, type Seat } from '../core/game.js';
import { findChoice, NO_EVENTS } from '../core/apply.js';
import { IllegalChoice, ReplayError, UNDO_RULE } from '../core/errors.js';
import { Match, replay, type Move, type Pending } from '../core/match.js';
import { createRng, type Seeding } from '../core/rng.js';
import { diffView } from '../core/view-patch.js';
import { botFromSpec, decide, hint, DEFAULT_BOT_LIMITS, FALLBACK_BOT_SPEC, type Bot, type Hint } from '../bots/index.js';
import { botPauseMs } from '../bots/pacing.js';
import type { BotPool } from './bot-pool.js';
import type { GameLog } from './bot-worker.js';
import type { ErrorCode, PublicSeat, SeatsMessage } from './protocol.js';
import type { GameStatus, MoveRow, SeatConfig, Store, StoredGame } from './store.js';

/** Settings stored with a game. */
export interface GameSettings {
  readonly clock?: { readonly bankMs: number; readonly incrementMs: number };
  readonly botDelayMs: number;
  /** The seeding the game's seed is read with; absent in games created before seeding 2 (they use 1). */
  readonly rng?: Seeding;
  /** After how long away a seat may be handed to a bot; absent in older games (the server's default then). */
  readonly awayAfterMs?: number;
  /** The bot spec that takes a seat over (clock run out, or handed by the others); absent: DEFAULT_TAKEOVER_BOT. */
  readonly botLevel?: string;
}

/** A move's events as JSON text (an array), as state messages and log entries carry them. */
export type EventsJson = string;

/** A choice played on a copy of the state (LiveGame.stage): what storing it and committing it take. */
interface Staged {
  /** The move to commit once stored (without the copy it was played on). */
  readonly move: Omit<Pending<unknown>, 'state'>;
  readonly row: MoveRow;
  /** The game after the move; the seats' clocks only when the game has clocks (else all stay null). */
  readonly after: { readonly hash: string; readonly status: GameStatus; readonly clocks: readonly (number | null)[] | undefined };
  readonly events: EventsJson;
}

/**
 * What a live game keeps of its stored row: not its moves (they live on in the match, packed, and
 * the times), nor its table entries (texts) or seats (`seatConfigs`). A reloaded game
 * (a restart, a failover) would otherwise keep each stored move a second time, ~4 objects a move.
 */
export type GameHead = Omit<StoredGame, 'moves' | 'table' | 'seatConfigs'>;

/** A game's away time when its creator sets none: after that long away, the others may hand the seat to a bot. */
export const DEFAULT_AWAY_MS = 3 * 60_000;

/** The bot that takes a seat over when the game names none: the lobby's middle level. */
export const DEFAULT_TAKEOVER_BOT = 'greedy';

/** Why a seat went to a bot, as the log tells it. */
export type TakeoverReason = 'clock' | 'away';

/**
 * An event of the table rather than of a move: a seat handed to a bot (and why), taken back by its
 * player, or a bot's search ended early for other tables (after `thoughtMs` of its `budgetMs`).
 */
export type TableEvent =
  | { readonly type: 'seatToBot'; readonly seat: Seat; readonly reason: TakeoverReason }
  | { readonly type: 'seatReclaimed'; readonly seat: Seat }
  | { readonly type: 'botHurried'; readonly seat: Seat; readonly thoughtMs: number; readonly budgetMs: number };

/** Something per audience of a game's announcements, at `audience(seat)`: the spectators first, then each seat. */
type ByAudience<T> = (T | undefined)[];
const audience = (seat: Seat | null): number => (seat === null ? 0 : seat + 1);

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

/** A refusal the client can act on; nothing was changed. */
export class Refusal extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
  }
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
 * A game being played: its match (state and moves) rebuilt from the stored log, its subscribers,
 * clocks and bots. Every change goes through `serial`, so choices of one game are applied one at a
 * time in the order they arrive, and each is in the database before anyone hears of it.
 */
export class LiveGame {
  status: GameStatus;
  readonly subscribers = new Set<Subscriber>();
  private queue: Promise<unknown> = Promise.resolve();
  private botTimer: ReturnType<typeof setTimeout> | null = null;
  /** Fires when the seat to act runs out of time (rescheduled on every move, undo, reclaim and load). */
  private clockTimer: ReturnType<typeof setTimeout> | null = null;
  /**
   * The server's own events between moves (a seat handed to a bot or taken back), as log-entry
   * JSON, by the number of moves before them: sent with the welcomes. Stored with the seat change
   * they come with (Store.updateSeat), and read back on load.
   */
  private readonly tableLog = new Map<number, string[]>();
  private readonly bots = new Map<string, Bot>();
  /** When the seat to act began to owe its decision (clocks). */
  private since: number;
  /**
   * When each move was stored, in ms: one array of doubles for the game, where a field per move
   * would be one more object each (V8 boxes a double held in an object's field).
   */
  private readonly times: number[];
  /** The set-up's log entry (move 0) as JSON, or '' when the set-up tells nothing; built on first welcome. */
  private openingText: string | null = null;
  /**
   * The game's announcement counter (`seq` of state messages and welcomes): +1 at every announcement
   * (a move, an undo, a join, a table event). It restarts at 0 when the game is loaded: a client
   * hears of a new process life through a new socket, whose welcome resets the seq it holds.
   */
  seq = 0;
  /**
   * For each audience (a seat, or the spectators under null) that has subscribers, the seq of the
   * last view it was sent (whole or as a patch): the next announcement sends it a patch when that
   * was the one before. The view itself is not kept but made again from the state just before it
   * changes (`viewsNow`). A game waiting for a person's move then holds no view, which matters
   * with 10,000 of them: every object kept for seconds is copied out of the young generation and
   * marked by every major GC (issue 16).
   */
  private readonly sentAt = new Map<Seat | null, number>();
  /** Someone came or went since the last state message: the next one carries the seats again (see announce). */
  private seatsToTell = false;
  /** Changes queued or running in `serial`: a game with work in hand is never evicted. */
  private running = 0;
  /** When the last change of this game (a move, an undo, a seat update) finished. */
  touchedAt = Date.now();
  readonly clocks: (number | null)[];
  /** When each seat's last connection closed (seat handed to a bot after a while). */
  readonly leftAt: (number | null)[];
  /** Closed games (server shutting down, or evicted) accept nothing; read it, never set it. */
  closed = false;
  /** Worker threads for bots that search; without it they think on the event loop. */
  pool: BotPool | null = null;
  /**
   * Whose bot work this table's is, for the pool's turns between owners: the client address that
   * created it (the Hub sets it), else the table itself (a game loaded from the store).
   */
  botOwner: string;
  /** The server's away time, for games whose settings name none (the Hub sets it). */
  defaultAwayAfterMs = DEFAULT_AWAY_MS;

  private constructor(
    readonly store: Store,
    /** The game's stored row as loaded, without what lives on elsewhere (`GameHead`). */
    readonly stored: GameHead,
    readonly seatConfigs: SeatConfig[],
    readonly settings: GameSettings,
    readonly match: Match<unknown>,
    times: number[],
    table: StoredGame['table'],
  ) {
    this.times = times;
    this.botOwner = `game:${stored.id}`;
    this.status = stored.status;
    this.clocks = seatConfigs.map((s) => s.clockMs);
    // Nobody is connected to a game just loaded: its players are away from now on (at the latest).
    const now = Date.now();
    this.leftAt = seatConfigs.map((c) => (c.kind === 'human' ? now : null));
    // A decision is owed since the last stored move, not since this process loaded the game:
    // a restart or a reload after eviction must not give the seat to act its time back.
    this.since = times.at(-1) ?? stored.createdAt;
    for (const e of table) this.keepTableEntry({ move: e.move, at: e.at, events: e.events as readonly TableEvent[] });
  }

  /** Rebuilds a game by replaying its stored log and checks the stored state hash. */
  static load(store: Store, game: AnyGame, stored: StoredGame): LiveGame {
    const settings = stored.settings as GameSettings;
    const rows = stored.moves;
    rows.forEach((m, i) => {
      if (m.index !== i) throw new Error(`game ${stored.id}: move ${i} is stored as #${m.index}`);
    });
    const record = {
      format: 'expedition-match',
      version: seedingOf(stored.id, settings),
      game: stored.game,
      seats: stored.seats,
      seed: stored.seed,
      options: stored.options,
      choices: rows.map((m) => m.choice as Choice),
    } as const;
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

  get seeding(): Seeding {
    return seedingOf(this.stored.id, this.settings);
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

  /**
   * Whether the game can leave memory now: nobody watches, nothing is queued, no bot is about
   * to move, and it has been quiet for `idleMs` (finished games) or `activeIdleMs` (others).
   */
  evictable(now: number, finishedIdleMs: number, activeIdleMs: number): boolean {
    if (this.closed || this.subscribers.size > 0 || this.running > 0 || this.botTimer !== null) return false;
    return now - this.touchedAt >= (this.status === 'active' ? activeIdleMs : finishedIdleMs);
  }

  toAct(): Seat | null {
    return this.game.toAct(this.state);
  }

  /** How this server builds and times its bots (the Hub sets it). */
  botRules: BotRules = { build: (spec) => botFromSpec(spec), maxMs: DEFAULT_BOT_LIMITS.maxMs };
  /** Seats whose own bot could not be built or failed, with that bot's spec: they play FALLBACK_BOT_SPEC. */
  private readonly fellBack = new Map<Seat, string>();
  /** Seats whose fallback bot failed too (logged once; each such move is the first legal choice). */
  private readonly fallbackFailed = new Set<Seat>();
  /** Failed attempts in a row to store a bot's move (the retry backs off). */
  private botStoreFailures = 0;

  /** Seat played by a bot: a bot seat, or a human seat handed to a bot (its fallback bot once its own failed). */
  botAt(seat: Seat): Bot | null {
    return this.seatBot(seat)?.bot ?? null;
  }

  /**
   * The bot playing a seat now, and its spec: the seat's own, or FALLBACK_BOT_SPEC once the own
   * one could not be built (a stored spec that today's limits refuse) or failed.
   */
  private seatBot(seat: Seat): { spec: string; bot: Bot } | null {
    const own = this.seatConfigs[seat]?.bot;
    if (!own) return null;
    const spec = this.fellBack.get(seat) === own ? FALLBACK_BOT_SPEC : own;
    let bot = this.bots.get(spec);
    if (!bot) {
      try {
        bot = this.botRules.build(spec);
      } catch (e) {
        if (spec === FALLBACK_BOT_SPEC) throw e;
        this.fallBack(seat, own, `cannot be built: ${errorText(e)}`);
        return this.seatBot(seat);
      }
      this.bots.set(spec, bot);
    }
    return { spec, bot };
  }

  /** The seat's own bot failed: logged once, and the seat plays the fallback bot from now on. */
  private fallBack(seat: Seat, own: string, reason: string): void {
    this.fellBack.set(seat, own);
    console.error(`game ${this.id}: seat ${seat}'s bot "${own}" ${reason}; the seat is played by "${FALLBACK_BOT_SPEC}" from now on`);
  }

  /** The game as a worker thread rebuilds it (bot-worker.ts): its set-up and every choice so far. */
  private gameLog(rngSeed: string): GameLog {
    return {
      game: this.game.id,
      seats: this.stored.seats,
      seed: this.stored.seed,
      rng: this.seeding,
      options: this.stored.options,
      codes: this.match.choiceCodes,
      rngSeed,
    };
  }

  /**
   * The bot's choice for the move at index `at`: its own bot's, else the fallback bot's, else the
   * first legal choice, so that a bot seat never stalls its game. Null when the game closed meanwhile.
   */
  private async botChoice(seat: Seat, at: number): Promise<{ choice: Choice; cutAtMs: number | null; budgetMs: number } | null> {
    const rngSeed = this.match.botSeed(at);
    for (;;) {
      const own = this.seatConfigs[seat]!.bot!;
      try {
        const sb = this.seatBot(seat)!;
        const budgetMs = sb.bot.timeLimitMs ?? this.botRules.maxMs;
        const { choice, cutAtMs } =
          this.pool && sb.bot.needsSample
            ? await this.pool.decide(
                { ...this.gameLog(rngSeed), bot: sb.spec },
                { owner: this.botOwner, lane: sb.bot.anytime ? 'search' : 'quick', budgetMs },
              )
            : { choice: decide(this.game, this.state, sb.bot, createRng(rngSeed)), cutAtMs: null };
        if (this.closed) return null;
        const legal = findChoice(this.game.choices(this.state), choice);
        if (legal === undefined) throw new Error(`answered a choice that is not legal: ${JSON.stringify(choice)}`);
        return { choice: legal, cutAtMs, budgetMs };
      } catch (e) {
        if (this.closed) return null;
        if (own !== FALLBACK_BOT_SPEC && this.fellBack.get(seat) !== own) {
          this.fallBack(seat, own, `failed: ${errorText(e)}`);
          continue;
        }
        if (!this.fallbackFailed.has(seat)) {
          this.fallbackFailed.add(seat);
          console.error(
            `game ${this.id}: seat ${seat}'s fallback bot "${FALLBACK_BOT_SPEC}" failed too: ${errorText(e)}; the seat plays its first legal choice when its bot fails`,
          );
        }
        return { choice: this.game.choices(this.state)[0]!, cutAtMs: null, budgetMs: 0 };
      }
    }
  }

  /** Remaining time of a seat's clock, counting the decision it owes now (stood still while a bot plays the seat). */
  clockLeft(seat: Seat, now = Date.now()): number | null {
    const c = this.clocks[seat];
    if (c === null || c === undefined) return null;
    return this.toAct() === seat && !this.seatConfigs[seat]?.bot ? c - (now - this.since) : c;
  }

  /** Whether the seat's clock is empty: it stays with the bot to the end of the game. */
  outOfTime(seat: Seat): boolean {
    const left = this.clockLeft(seat);
    return left !== null && left <= 0;
  }

  /** A seat whose clock has run out can no longer act as if on time (its seat may go to a bot). */
  private mustHaveTime(seat: Seat): void {
    const left = this.clockLeft(seat);
    if (left !== null && left <= 0) {
      throw new Refusal(
        'out_of_time',
        `seat ${seat}'s time ran out ${Math.round(-left / 1000)} s ago; the other players may hand the seat to a bot`,
      );
    }
  }

  /**
   * The one hint computed for the decision owed now, by the match's position it is for (an undo
   * and another move bring the move count back, not the position): asking again gets the same
   * answer, so a flood of asks costs one computation per decision.
   */
  private hintFor: { readonly position: number; readonly answer: Promise<HintAnswer> } | null = null;

  /**
   * The greedy bot's suggestion for `seat`'s decision now, and why (src/bots/hint.ts), from what
   * the seat knows. Only for the seat to act, in an active game where every other seat was created
   * as a bot: a hint against a person would be an outside help the other player lacks, and so it
   * would be against a person's seat handed to a bot (the person may take it back at any time).
   * Computed off the event loop in the bot pool when there is one, under HINT_BUDGET_MS.
   */
  hint(seat: Seat): Promise<HintAnswer> {
    if (this.closed) return Promise.reject(new Refusal('no_game', 'the game is closed'));
    if (this.status !== 'active' || this.toAct() === null) return Promise.reject(new Refusal('game_over', 'the game is over'));
    const actor = this.toAct();
    if (actor !== seat) return Promise.reject(new Refusal('not_your_turn', `it is seat ${actor}'s decision, not seat ${seat}'s`));
    if (this.seatConfigs[seat]?.bot) {
      return Promise.reject(new Refusal('not_your_turn', `seat ${seat} is played by a bot now; say hello with its token to take it back`));
    }
    const person = this.seatConfigs.findIndex((c, q) => q !== seat && c.kind === 'human');
    if (person >= 0) {
      return Promise.reject(new Refusal('no_hint', `hints are only given when every other seat is a bot; seat ${person} is a person`));
    }
    const move = this.match.decisions;
    const position = this.match.position;
    if (this.hintFor?.position === position) return this.hintFor.answer;
    const rngSeed = `${this.match.botSeed(move)}/hint`;
    const answer = (
      this.pool
        ? this.pool.hint(this.gameLog(rngSeed), seat, this.botOwner, HINT_BUDGET_MS)
        : new Promise<Hint>((resolve) => resolve(hint(this.game, this.state, seat, createRng(rngSeed))))
    ).then(
      (h: Hint): HintAnswer => ({ move, choice: h.choice, reason: h.reason }),
      (e: unknown) => {
        console.error(`game ${this.id}: the hint for seat ${seat} at move ${move} failed: ${errorText(e)}`);
        throw new Refusal('internal', 'the hint could not be computed; nothing was changed');
      },
    );
    this.hintFor = { position, answer };
    return answer;
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
      this.mustHaveTime(seat);
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
    const clocks = this.clocks.slice();
    const nextToAct = this.game.toAct(p.state);
    // A seat's clock stands still while a bot plays it: the bot's moves cost it nothing and earn it
    // no increment, so its player never comes back with more than their bank and their own increments.
    if (this.settings.clock && clocks[seat] !== null && !this.seatConfigs[seat]?.bot) {
      clocks[seat] = clocks[seat]! - (now - this.since);
      if (nextToAct !== seat) clocks[seat] += this.settings.clock.incrementMs;
    }
    const row: MoveRow = { index: this.match.decisions, seat, choice: p.move.choice, hash: this.game.hash(p.state), at: now };
    return {
      // Without its events (their text goes on): the event objects die here, not after the store's wait.
      move: { move: { ...p.move, events: NO_EVENTS }, from: p.from },
      row,
      // Without clocks every seat's stays null: no clock to write (a statement per seat per move).
      after: { hash: row.hash, status: nextToAct === null ? 'finished' : 'active', clocks: this.settings.clock ? clocks : undefined },
      events: JSON.stringify(p.move.events),
    };
  }

  private async play(seat: Seat, choice: unknown): Promise<number> {
    const now = Date.now();
    const { move, row, after, events } = this.stage(seat, choice, now);
    await this.store.appendMove(this.id, row, after);
    // Stored: from here on the move is the truth.
    const before = this.viewsNow();
    this.match.commit(move);
    this.times.push(now);
    after.clocks?.forEach((c, i) => (this.clocks[i] = c));
    // The time up to now was charged above: the next decision, whoever owes it, starts now.
    this.since = now;
    if (after.status === 'finished') this.status = 'finished';
    this.announce(events, before);
    this.scheduleBot();
    this.scheduleClock();
    return row.index;
  }

  /** Whether `seat` may take back its last choice now (Board Game Arena's policy: Match.canUndo), in a game still being played. */
  canUndo(seat: Seat): boolean {
    return this.status === 'active' && this.match.canUndo(seat);
  }

  /** Takes back the seat's last choice of the current turn: the log loses its last move. */
  undo(seat: Seat): Promise<number> {
    return this.serial(async () => {
      this.mustHaveTime(seat);
      if (!this.canUndo(seat)) throw new Refusal('cannot_undo', UNDO_RULE);
      const u = this.match.prepareUndo(seat);
      const keep = u.keep;
      await this.store.truncateMoves(this.id, keep, { hash: this.game.hash(u.state), status: 'active' });
      const before = this.viewsNow();
      this.match.commitUndo(u);
      this.times.length = Math.min(this.times.length, keep);
      for (const k of [...this.tableLog.keys()]) if (k > keep) this.tableLog.delete(k);
      this.announce(JSON.stringify([{ type: 'undo', seat }] satisfies GameEvent[]), before);
      this.scheduleClock();
      return keep;
    });
  }

  /**
   * The view each audience was sent last, made again from the state before it changes (when that
   * view is of this seq), as the game's diff base: the patch of the announcement that follows the
   * change starts from it.
   */
  private viewsNow(): ByAudience<unknown> {
    // An array by audience, not a Map: two of these a move were garbage a server made at every move.
    const views: ByAudience<unknown> = [];
    for (const { seat } of this.subscribers) {
      const a = audience(seat);
      if (views[a] === undefined && this.sentAt.get(seat) === this.seq) views[a] = patchBase(this.game, this.state, seat);
    }
    return views;
  }

  /**
   * Sends every subscriber the change: one text per audience (each seat's players, the
   * spectators), shared by its subscribers, with a patch from the view that audience was sent at
   * the previous announcement (`before`, from `viewsNow`; none when only the table changed, not
   * the state), or the whole view when it had none then (nobody was watching from there).
   */
  announce(events: EventsJson, before?: ByAudience<unknown>): void {
    const seq = ++this.seq;
    if (this.subscribers.size === 0) {
      this.sentAt.clear();
      return;
    }
    // The fields every audience shares, serialized once: `{"seat":…,"canUndo":…,"patch":…,` + this.
    // The seats only when they changed: with the table (no `before`), or someone came or went since
    // the last state message (told then in a `seats` message, which a relay may have lost).
    const now = Date.now();
    const seats = before === undefined || this.seatsToTell ? this.publicSeats(now) : undefined;
    this.seatsToTell = false;
    const shared = `${JSON.stringify(this.sharedFields('state', now, seats)).slice(1, -1)},"events":${events}}`;
    const texts: ByAudience<string> = [];
    let told = 0;
    for (const sub of this.subscribers) {
      const a = audience(sub.seat);
      let text = texts[a];
      if (text === undefined) {
        texts[a] = text = this.audienceText(sub.seat, seq, shared, before);
        told++;
      }
      sub.sendText(text);
    }
    if (this.sentAt.size > told) for (const seat of this.sentAt.keys()) if (texts[audience(seat)] === undefined) this.sentAt.delete(seat);
  }

  /** An audience's state message at `seq`: its patch from its view `before` (or its whole view), then the shared fields' JSON. */
  private audienceText(seat: Seat | null, seq: number, shared: string, before: ByAudience<unknown> | undefined): string {
    const head = `{"seat":${seat},"canUndo":${seat !== null && this.canUndo(seat)}`;
    const patched = this.sentAt.get(seat) === seq - 1;
    this.sentAt.set(seat, seq);
    // Only the table changed (a seat handed over, taken, reclaimed): the view did not.
    if (patched && before === undefined) return `${head},"patch":[],${shared}`;
    const view = this.game.view(this.state, seat);
    const base = before?.[audience(seat)];
    if (patched && base !== undefined) return `${head},"patch":${JSON.stringify(diffView(base, view))},${shared}`;
    return `${head},"view":${JSON.stringify(view)},${shared}`;
  }

  /**
   * The welcome of a (re)joining client: the state, and the log it lacks. A client that holds
   * the log up to move `since` (whose time it gives as `at`) gets only the moves after it; one
   * whose copy no longer matches (an undo it missed) gets the whole log again. `cost`: what it is
   * worth in a connection's message budget (`welcomeCost`), which its client pays.
   */
  welcomeText(seat: Seat | null, since?: number, at?: number): Welcome {
    const n = this.match.decisions;
    const holds = since !== undefined && since <= n && (since === 0 || this.times[since - 1] === at);
    const logFrom = holds ? since : 0;
    // Spectators all get the same welcome: a crowd arriving at once (a shared link, a lobby's
    // watchers) is told with one text while nothing changes, instead of a view and a log each.
    if (seat !== null) return this.makeWelcome(seat, logFrom);
    const key = `${this.seq}/${this.seatsVersion}/${logFrom}`;
    const now = performance.now();
    const c = this.spectatorWelcome;
    if (c && c.key === key && now - c.madeAt < SPECTATOR_WELCOME_REUSE_MS) {
      this.sentAt.set(null, this.seq);
      return c.welcome;
    }
    const welcome = this.makeWelcome(null, logFrom);
    this.spectatorWelcome = { key, madeAt: now, welcome };
    return welcome;
  }

  /** The last spectators' welcome, by seq, seats version and log start, and when it was made (welcomeText). */
  private spectatorWelcome: { key: string; madeAt: number; welcome: Welcome } | null = null;
  /** +1 whenever someone comes or goes without a state message (the seats a welcome tells change). */
  private seatsVersion = 0;

  private makeWelcome(seat: Seat | null, logFrom: number): Welcome {
    const opening = this.match.opening;
    this.openingText ??=
      opening.length > 0 ? JSON.stringify({ move: 0, at: this.stored.createdAt, events: opening } satisfies LogEntry) : '';
    const head = JSON.stringify({ ...this.welcomeFields(seat), logFrom });
    // The table's events after move `logFrom` included: the client drops its own copy of those (nextLog).
    // A client sent the log from the start gets the set-up's entry first (Quetzal's round-1 rolls).
    const entries: string[] = logFrom === 0 && this.openingText ? [this.openingText] : [];
    entries.push(...(this.tableLog.get(logFrom) ?? []));
    // The moves' events are played again (Match.eventsSince): kept for the game's life, they were
    // what a game grew by as it was played, to be marked at every major GC (issue 16).
    const told = this.match.eventsSince(logFrom);
    told.events.forEach((events, k) => {
      const i = logFrom + k;
      entries.push(JSON.stringify({ move: i + 1, at: this.times[i]!, events } satisfies LogEntry), ...(this.tableLog.get(i + 1) ?? []));
    });
    const text = `${head.slice(0, -1)},"log":[${entries.join(',')}]}`;
    return { text, logFrom, cost: welcomeCost(text.length, told.played) };
  }

  /**
   * The state as a welcome tells it to `seat`'s audience, with the game's seq: the audience has
   * been sent the view at this seq, so the next announcement sends it a patch.
   */
  private welcomeFields(seat: Seat | null): Record<string, unknown> {
    const now = Date.now();
    const view = this.game.view(this.state, seat);
    this.sentAt.set(seat, this.seq);
    return {
      ...this.sharedFields('welcome', now, this.publicSeats(now)),
      seat,
      awayAfterMs: this.awayAfterMs,
      view,
      events: [],
      canUndo: seat !== null && this.canUndo(seat),
    };
  }

  /** The fields of a state message or a welcome that are the same for every audience and change with the moves. */
  private sharedFields(type: 'state' | 'welcome', now: number, seats: PublicSeat[] | undefined) {
    // One literal, no spread: a state message's fields are written at every move.
    return {
      type,
      seq: this.seq,
      game: this.id,
      moves: this.match.decisions,
      /** When the last move was stored (the client keeps it with the log entry for its next hello). */
      at: this.times.at(-1) ?? null,
      status: this.status,
      toAct: this.toAct(),
      clocks: this.settings.clock ? this.seatConfigs.map((_, i) => this.clockLeft(i, now)) : null,
      /** Absent (undefined, which JSON leaves out) from a state message when nobody came or went. */
      seats,
    };
  }

  /** After how long away a seat may be handed to a bot: the game's setting, or the server's default for older games. */
  get awayAfterMs(): number {
    return this.settings.awayAfterMs ?? this.defaultAwayAfterMs;
  }

  publicSeats(now = Date.now()): PublicSeat[] {
    const connected = new Set<number>();
    for (const s of this.subscribers) if (s.seat !== null) connected.add(s.seat);
    return this.seatConfigs.map((c) => {
      const here = c.kind === 'bot' || connected.has(c.seat);
      const left = this.leftAt[c.seat];
      return {
        seat: c.seat,
        kind: c.kind,
        name: c.name,
        bot: c.bot,
        claimed: c.claimed,
        connected: here,
        awayMs: here ? null : Math.max(0, now - (left ?? now)),
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
    this.leftAt[sub.seat] = null;
    if (back) this.announceSeats();
  }

  /** A connection stops watching; when it was its seat's last, the seat is away from now on, and everyone is told. */
  unsubscribe(sub: Subscriber): void {
    if (!this.subscribers.delete(sub) || this.present(sub.seat)) return;
    // Nobody left in this audience: a later subscriber's welcome starts it again.
    this.sentAt.delete(sub.seat);
    if (sub.seat === null) return;
    this.leftAt[sub.seat] = Date.now();
    this.announceSeats();
  }

  /** Pushes who is here to every subscriber: one text for all (the seats are public). */
  private announceSeats(): void {
    this.seatsVersion++;
    if (this.subscribers.size === 0) return;
    this.seatsToTell = true;
    const text = JSON.stringify({ type: 'seats', seats: this.publicSeats() } satisfies SeatsMessage);
    for (const sub of this.subscribers) sub.sendText(text);
  }

  /** Disconnects every connection acting for `seat` (its token was revoked), telling each why. */
  dropSeat(seat: Seat, code: ErrorCode, message: string): void {
    for (const sub of [...this.subscribers]) if (sub.seat === seat) sub.close(code, message);
  }

  /** Plays for a bot seat after the pacing pause (longer at a turn change), unless things changed meanwhile. */
  scheduleBot(): void {
    if (this.botTimer || this.closed || this.status !== 'active') return;
    const seat = this.toAct();
    if (seat === null || !this.seatConfigs[seat]?.bot) return;
    const at = this.match.decisions;
    const pause = botPauseMs(this.settings.botDelayMs, this.match.lastMove?.seat !== seat);
    this.botTimer = setTimeout(() => {
      this.botTimer = null;
      void this.serial(async () => {
        if (this.closed || this.match.decisions !== at || this.toAct() !== seat || !this.seatConfigs[seat]?.bot) return;
        const decided = await this.botChoice(seat, at);
        if (decided === null) return;
        await this.play(seat, decided.choice);
        this.botStoreFailures = 0;
        if (decided.cutAtMs !== null) await this.tellHurried(seat, decided.cutAtMs, decided.budgetMs);
      }).catch((e: unknown) => {
        // The choice was legal, so storing it failed (storage down): retried later, backing off.
        if (this.closed) return;
        const wait = Math.min(BOT_RETRY_MAX_MS, BOT_RETRY_FIRST_MS * 2 ** this.botStoreFailures++);
        console.error(
          `game ${this.id}: storing seat ${seat}'s bot move failed (${this.botStoreFailures} in a row), retrying in ${wait / 1000} s: ${errorText(e)}`,
        );
        setTimeout(() => this.scheduleBot(), wait).unref();
      });
    }, pause);
    this.botTimer.unref?.();
  }

  /**
   * Tells the table that a bot's search was ended early because other tables' bots were waiting
   * (BotPool's turns), so that its players know why it played weaker than its level. Stored with
   * the seat (unchanged) like every table event, so the log reads the same after a restart.
   */
  private async tellHurried(seat: Seat, thoughtMs: number, budgetMs: number): Promise<void> {
    const bot = this.seatConfigs[seat]?.bot;
    if (!bot) return;
    const entry = this.tableEntry([{ type: 'botHurried', seat, thoughtMs, budgetMs }]);
    await this.store.updateSeat(this.id, seat, { bot }, entry);
    this.tableEvents(entry);
  }

  /** Hands a seat to a bot (the seat's player left, or its clock ran out). */
  handToBot(seat: Seat, spec: string, reason: TakeoverReason): Promise<void> {
    return this.serial(() => this.toBot(seat, spec, reason));
  }

  private async toBot(seat: Seat, spec: string, reason: TakeoverReason): Promise<void> {
    const entry = this.tableEntry([{ type: 'seatToBot', seat, reason }]);
    // The decision owed now is charged up to the hand-over; from then on the clock stands still.
    const left = this.clockLeft(seat);
    const clockMs = left === null ? null : Math.max(0, left);
    await this.store.updateSeat(this.id, seat, { bot: spec, ...(clockMs !== null ? { clockMs } : {}) }, entry);
    this.seatConfigs[seat] = { ...this.seatConfigs[seat]!, bot: spec, ...(clockMs !== null ? { clockMs } : {}) };
    if (clockMs !== null) this.clocks[seat] = clockMs;
    this.tableEvents(entry);
    this.scheduleBot();
    this.scheduleClock();
  }

  /** The bot spec that takes a seat over: the game's setting, else the lobby's middle level. */
  get botLevel(): string {
    return this.settings.botLevel ?? DEFAULT_TAKEOVER_BOT;
  }

  /** Events of the table now, after the moves played so far, as they are stored and told. */
  private tableEntry(events: readonly TableEvent[]): { move: number; at: number; events: readonly TableEvent[] } {
    return { move: this.match.decisions, at: Date.now(), events };
  }

  /** Events of the table, not of a move, once stored: announced, and kept for the welcomes of later (re)joiners. */
  private tableEvents(entry: { move: number; at: number; events: readonly TableEvent[] }): void {
    this.keepTableEntry(entry);
    this.announce(JSON.stringify(entry.events));
  }

  private keepTableEntry({ move, at, events }: { move: number; at: number; events: readonly TableEvent[] }): void {
    const text = JSON.stringify({ move, at, events, table: true } satisfies LogEntry);
    this.tableLog.set(move, [...(this.tableLog.get(move) ?? []), text]);
  }

  /**
   * Plays the seat to act by a bot once its clock runs out (Board Game Arena's "the table goes on
   * without you"): one timer, for the seat owing the decision now.
   */
  scheduleClock(): void {
    if (this.clockTimer) clearTimeout(this.clockTimer);
    this.clockTimer = null;
    if (this.closed || this.status !== 'active' || !this.settings.clock) return;
    const seat = this.toAct();
    if (seat === null || this.seatConfigs[seat]?.bot) return;
    const left = this.clockLeft(seat);
    if (left === null) return;
    const at = this.match.decisions;
    // setTimeout holds at most 2^31-1 ms (24.8 days): a longer bank is checked again then.
    this.clockTimer = setTimeout(
      () => {
        this.clockTimer = null;
        void this.serial(async () => {
          if (this.closed || this.match.decisions !== at || this.toAct() !== seat || this.seatConfigs[seat]?.bot) return;
          if ((this.clockLeft(seat) ?? 1) > 0) return this.scheduleClock();
          await this.toBot(seat, this.botLevel, 'clock');
        }).catch((e: unknown) => {
          // Storing the hand-over failed (storage down): tried again a little later.
          if (this.closed) return;
          console.error(`game ${this.id}: handing seat ${seat} to a bot when its time ran out failed: ${errorText(e)}`);
          setTimeout(() => this.scheduleClock(), BOT_RETRY_FIRST_MS).unref();
        });
      },
      Math.min(Math.max(0, left), 2 ** 31 - 1),
    );
    this.clockTimer.unref?.();
  }

  /**
   * A human seat that was handed to a bot is played by its person again, with the time its clock
   * had when the bot took over: coming back brings no time. A seat whose clock is empty stays with
   * the bot to the end of the game (its player may still watch it with the seat's view): otherwise
   * leaving and coming back would be a way to play on after the time ran out.
   */
  reclaim(seat: Seat): Promise<void> {
    return this.serial(async () => {
      const c = this.seatConfigs[seat];
      if (!c || c.kind !== 'human' || c.bot === null || this.outOfTime(seat)) return;
      const entry = this.tableEntry([{ type: 'seatReclaimed', seat }]);
      await this.store.updateSeat(this.id, seat, { bot: null }, entry);
      this.seatConfigs[seat] = { ...c, bot: null };
      // Its clock stood still while the bot held the seat: a decision owed now starts now.
      if (this.toAct() === seat) this.since = Date.now();
      this.tableEvents(entry);
      this.scheduleClock();
    });
  }

  close(): void {
    this.closed = true;
    if (this.botTimer) clearTimeout(this.botTimer);
    this.botTimer = null;
    if (this.clockTimer) clearTimeout(this.clockTimer);
    this.clockTimer = null;
  }
}

/**
 * A live game copies its state every this many moves and keeps the latest copy only (Match's
 * packMoves): an undo, or a welcome's log from a move since that copy, replays at most this many
 * moves before what it needs; a log from earlier is played from the set-up, as a new client's is.
 * Sparser than the replay viewer's, since a server holds many games: measured when the moves were
 * still texts, on 3-seat greedy games (Relic Runners 233 moves, Quetzal 181), a copy every 16
 * moves added 50–65 KB to the 100–110 KB a game's moves took, every 64 moves 8–13 KB. Today
 * (bench:memory, 2 seats, 200 random moves) a Relic Runners match keeps 13.8 KB, 6.4 at its start.
 */
export const LIVE_CHECKPOINT_EVERY = 64;

/** A welcome costs one message of a connection's budget, plus one per this many bytes it carries… */
export const WELCOME_BYTES_PER_MESSAGE = 16 * 1024;
/** …and one per this many moves played again to tell its log (Match.eventsSince: ~4–8 µs each, 32 about what a choice costs). */
export const WELCOME_MOVES_PER_MESSAGE = 32;

/**
 * What a welcome costs in messages of a connection's budget beyond the hello's own: a flood of
 * hellos for a long log slows its sender down instead of the server.
 */
export function welcomeCost(bytes: number, played: number): number {
  return Math.floor(bytes / WELCOME_BYTES_PER_MESSAGE) + Math.floor(played / WELCOME_MOVES_PER_MESSAGE);
}

/** A welcome as sent: its text, the move its log starts after, and what it costs the client's budget. */
export interface Welcome {
  readonly text: string;
  readonly logFrom: number;
  readonly cost: number;
}

/**
 * How long a spectators' welcome is told again as it was, while the game and its seats stay the
 * same: its clocks and away times are then at most this much behind, which no reader can see.
 */
export const SPECTATOR_WELCOME_REUSE_MS = 250;

/** First pause before retrying a bot move that could not be stored; it doubles up to BOT_RETRY_MAX_MS. */
export const BOT_RETRY_FIRST_MS = 1_000;
export const BOT_RETRY_MAX_MS = 60_000;

/** A hint as the server answers it: for the decision at move count `move`. */
export interface HintAnswer extends Hint {
  readonly move: number;
}

/** Budget of a hint job in the bot pool (greedy with its default budget takes 1-130 ms here). */
export const HINT_BUDGET_MS = 2_000;

/** How a server builds and times the bots at its tables. */
export interface BotRules {
  /** Builds a seat's bot from its spec within the server's limits; throws InvalidInput on a refused spec. */
  readonly build: (spec: string) => Bot;
  /** Budget of a bot job that its spec does not time (iterations, nodes): the server's think-time cap. */
  readonly maxMs: number;
}

const errorText = (e: unknown): string => (e instanceof Error ? e.message : String(e));

/** The seeding a game's seed is read with: named in its settings, 1 for games created before seeding 2. */
function seedingOf(id: string, settings: GameSettings): Seeding {
  const rng = settings.rng ?? 1;
  if (rng !== 1 && rng !== 2 && rng !== 3)
    throw new Error(`game ${id}: its settings name seeding ${JSON.stringify(rng)}, which this server does not know`);
  return rng;
}
