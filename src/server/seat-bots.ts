import type { AnyGame, Choice, Seat } from '../core/game.js';
import { findChoice } from '../core/apply.js';
import type { Match } from '../core/match.js';
import { createRng, type Seeding } from '../core/rng.js';
import { decide, hint, FALLBACK_BOT_SPEC, type Bot, type Hint } from '../bots/index.js';
import { botPauseMs } from '../bots/pacing.js';
import type { BotPool } from './bot-pool.js';
import type { GameLog } from './bot-worker.js';
import type { GameClock } from './game-clock.js';
import type { GameHead, GameSettings, TableEvent, HandOverReason } from './live-game.js';
import type { Log } from './log.js';
import { Refusal } from './refusal.js';
import type { GameStatus, SeatConfig, SeatPatch } from './store.js';

/** How a server builds and times the bots at its tables. */
export interface BotRules {
  /** Builds a seat's bot from its spec within the server's limits; throws InvalidInput on a refused spec. */
  readonly build: (spec: string) => Bot;
  /** Budget of a bot job that its spec does not time (iterations, nodes): the server's think-time cap. */
  readonly maxMs: number;
}

/** What the server lends the bots of all its tables. */
export interface BotServer {
  /** Worker threads for bots that search; null: they think on the event loop. */
  readonly pool: BotPool | null;
  /** How this server builds and times its bots. */
  readonly botRules: BotRules;
}

/** What a game's seat bots read of their game, and the seat change they make through it. */
export interface BotTable {
  readonly id: string;
  readonly game: AnyGame;
  readonly state: unknown;
  readonly match: Match<unknown>;
  readonly stored: GameHead;
  readonly seeding: Seeding;
  readonly settings: GameSettings;
  readonly seatConfigs: readonly SeatConfig[];
  readonly clock: GameClock;
  readonly status: GameStatus;
  readonly closed: boolean;
  /** The game's log (its lines carry its id). */
  readonly log: Log;
  /** The bot spec that takes a seat over. */
  readonly botLevel: string;
  toAct(): Seat | null;
  /** Runs `fn` after every earlier change of the game has finished. */
  serial<T>(fn: () => Promise<T> | T): Promise<T>;
  /** Changes a seat as stored, with the table events that tell it (inside `serial`). */
  changeSeat(seat: Seat, patch: SeatPatch, events: readonly TableEvent[]): Promise<void>;
}

/** Plays a choice for a seat, stored then announced, without a player's checks (inside `serial`): the game's own. */
export type PlayMove = (seat: Seat, choice: unknown) => Promise<number>;

/** A hint as the server answers it: for the decision at move count `move`. */
export interface HintAnswer extends Hint {
  readonly move: number;
}

/** Budget of a hint job in the bot pool: well above what greedy takes with its default budget. */
export const HINT_BUDGET_MS = 2_000;

/** First pause before retrying a bot move that could not be stored; it doubles up to BOT_RETRY_MAX_MS. */
export const BOT_RETRY_FIRST_MS = 1_000;
export const BOT_RETRY_MAX_MS = 60_000;

/**
 * Who plays a game's seats when its people do not: the bots of bot seats and of seats handed to a
 * bot, each move after the pacing pause; the hand-over of a seat whose player is away or whose
 * clock ran out, and its return to its player; the note that a bot was hurried for other tables;
 * and the hints, which the greedy bot computes for a person playing alone against bots.
 */
export class SeatBots {
  private readonly bots = new Map<string, Bot>();
  /** Seats whose own bot could not be built or failed, with that bot's spec: they play FALLBACK_BOT_SPEC. */
  private readonly fellBack = new Map<Seat, string>();
  /** Seats whose fallback bot failed too (logged once; each such move is the first legal choice). */
  private readonly fallbackFailed = new Set<Seat>();
  /** Failed attempts in a row to store a bot's move (the retry backs off). */
  private storeFailures = 0;
  private botTimer: ReturnType<typeof setTimeout> | null = null;
  /** Fires when the seat to act runs out of time (rescheduled on every move, undo, reclaim and load). */
  private clockTimer: ReturnType<typeof setTimeout> | null = null;
  /**
   * The one hint computed for the decision owed now, by the match's position it is for (an undo
   * and another move bring the move count back, not the position): asking again gets the same
   * answer, so a flood of asks costs one computation per decision.
   */
  private hintFor: { readonly position: number; readonly answer: Promise<HintAnswer> } | null = null;

  constructor(
    private readonly table: BotTable,
    private readonly play: PlayMove,
    private readonly server: BotServer,
    /**
     * Whose bot work this table's is, for the pool's turns between owners: the client address that
     * created it, else the table itself (a game loaded from the store).
     */
    readonly owner: string,
  ) {}

  /** Whether a bot is about to move: a game with one is not evicted. */
  get waiting(): boolean {
    return this.botTimer !== null;
  }

  /** Plays for a bot seat after the pacing pause (longer at a turn change), unless things changed meanwhile. */
  scheduleTurn(): void {
    const t = this.table;
    if (this.botTimer || t.closed || t.status !== 'active') return;
    const seat = t.toAct();
    if (seat === null || !t.seatConfigs[seat]?.bot) return;
    const at = t.match.decisions;
    const pause = botPauseMs(t.settings.botDelayMs, t.match.lastMove?.seat !== seat);
    this.botTimer = setTimeout(() => {
      this.botTimer = null;
      void t
        .serial(async () => {
          if (t.closed || t.match.decisions !== at || t.toAct() !== seat || !t.seatConfigs[seat]?.bot) return;
          const decided = await this.botChoice(seat, at);
          if (decided === null) return;
          await this.play(seat, decided.choice);
          this.storeFailures = 0;
          if (decided.cutAtMs !== null) await this.tellHurried(seat, decided.cutAtMs, decided.budgetMs);
        })
        .catch((e: unknown) => {
          // The choice was legal, so storing it failed (storage down): retried later, backing off.
          if (t.closed) return;
          const wait = Math.min(BOT_RETRY_MAX_MS, BOT_RETRY_FIRST_MS * 2 ** this.storeFailures++);
          t.log.error(
            { seat, err: e },
            `storing seat ${seat}'s bot move failed (${this.storeFailures} in a row), retrying in ${wait / 1000} s: ${errorText(e)}`,
          );
          setTimeout(() => this.scheduleTurn(), wait).unref();
        });
    }, pause);
    this.botTimer.unref?.();
  }

  /**
   * Plays the seat to act by a bot once its clock runs out (Board Game Arena's "the table goes on
   * without you"): one timer, for the seat owing the decision now.
   */
  watchClock(): void {
    if (this.clockTimer) clearTimeout(this.clockTimer);
    this.clockTimer = null;
    const t = this.table;
    if (t.closed || t.status !== 'active' || !t.clock.setting) return;
    const seat = t.toAct();
    if (seat === null || t.seatConfigs[seat]?.bot) return;
    const left = t.clock.left(seat);
    if (left === null) return;
    const at = t.match.decisions;
    // setTimeout holds at most 2^31-1 ms (24.8 days): a longer bank is checked again then.
    this.clockTimer = setTimeout(
      () => {
        this.clockTimer = null;
        void t
          .serial(async () => {
            if (t.closed || t.match.decisions !== at || t.toAct() !== seat || t.seatConfigs[seat]?.bot) return;
            if ((t.clock.left(seat) ?? 1) > 0) return this.watchClock();
            await this.toBot(seat, t.botLevel, 'clock');
          })
          .catch((e: unknown) => {
            // Storing the hand-over failed (storage down): tried again a little later.
            if (t.closed) return;
            t.log.error({ seat, err: e }, `handing seat ${seat} to a bot when its time ran out failed: ${errorText(e)}`);
            setTimeout(() => this.watchClock(), BOT_RETRY_FIRST_MS).unref();
          });
      },
      Math.min(Math.max(0, left), 2 ** 31 - 1),
    );
    this.clockTimer.unref?.();
  }

  /**
   * Hands the seat to act to the game's bot now if its clock has run out, as watchClock's timer
   * does when it fires: for a game just loaded to enforce its clock (waits/sweeper.ts), which
   * waits for it. Either of them finds the other's hand-over done and does nothing.
   */
  enforceClock(): Promise<void> {
    const t = this.table;
    return t.serial(async () => {
      if (t.closed || t.status !== 'active' || !t.clock.setting) return;
      const seat = t.toAct();
      if (seat === null || t.seatConfigs[seat]?.bot || (t.clock.left(seat) ?? 1) > 0) return;
      await this.toBot(seat, t.botLevel, 'clock');
    });
  }

  /** Hands a seat to a bot (the seat's player left, or its clock ran out). */
  handToBot(seat: Seat, spec: string, reason: HandOverReason): Promise<void> {
    return this.table.serial(() => this.toBot(seat, spec, reason));
  }

  private async toBot(seat: Seat, spec: string, reason: HandOverReason): Promise<void> {
    const clockMs = this.table.clock.atHandOver(seat);
    await this.table.changeSeat(seat, { bot: spec, ...(clockMs !== null ? { clockMs } : {}) }, [{ type: 'seatToBot', seat, reason }]);
    this.scheduleTurn();
    this.watchClock();
  }

  /**
   * A human seat that was handed to a bot is played by its person again, with the time its clock
   * had when the bot took over: coming back brings no time. A seat whose clock is empty stays with
   * the bot to the end of the game (its player may still watch it with the seat's view): otherwise
   * leaving and coming back would be a way to play on after the time ran out.
   */
  reclaim(seat: Seat): Promise<void> {
    const t = this.table;
    return t.serial(async () => {
      const c = t.seatConfigs[seat];
      if (!c || c.kind !== 'human' || c.bot === null || t.clock.outOfTime(seat)) return;
      await t.changeSeat(seat, { bot: null }, [{ type: 'seatReclaimed', seat }]);
      this.watchClock();
    });
  }

  /**
   * Tells the table that a bot's search was ended early because other tables' bots were waiting
   * (BotPool's turns), so that its players know why it played weaker than its level. Stored with
   * the seat (unchanged) like every table event, so the log reads the same after a restart.
   */
  private async tellHurried(seat: Seat, thoughtMs: number, budgetMs: number): Promise<void> {
    const bot = this.table.seatConfigs[seat]?.bot;
    if (!bot) return;
    await this.table.changeSeat(seat, { bot }, [{ type: 'botHurried', seat, thoughtMs, budgetMs }]);
  }

  /**
   * The bot playing a seat now, and its spec: the seat's own, or FALLBACK_BOT_SPEC once the own
   * one could not be built (a stored spec that today's limits refuse) or failed.
   */
  private seatBot(seat: Seat): { spec: string; bot: Bot } | null {
    const own = this.table.seatConfigs[seat]?.bot;
    if (!own) return null;
    const spec = this.fellBack.get(seat) === own ? FALLBACK_BOT_SPEC : own;
    let bot = this.bots.get(spec);
    if (!bot) {
      try {
        bot = this.server.botRules.build(spec);
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
    this.table.log.error(
      { seat, bot: own },
      `seat ${seat}'s bot "${own}" ${reason}; the seat is played by "${FALLBACK_BOT_SPEC}" from now on`,
    );
  }

  /** The game as a worker thread rebuilds it (bot-worker.ts): its set-up and every choice so far. */
  private gameLog(rngSeed: string): GameLog {
    const t = this.table;
    return {
      game: t.game.id,
      seats: t.stored.seats,
      seed: t.stored.seed,
      rng: t.seeding,
      options: t.stored.options,
      codes: t.match.choiceCodes,
      rngSeed,
    };
  }

  /**
   * The bot's choice for the move at index `at`: its own bot's, else the fallback bot's, else the
   * first legal choice, so that a bot seat never stalls its game. Null when the game closed meanwhile.
   */
  private async botChoice(seat: Seat, at: number): Promise<{ choice: Choice; cutAtMs: number | null; budgetMs: number } | null> {
    const t = this.table;
    const pool = this.server.pool;
    const rngSeed = t.match.botSeed(at);
    for (;;) {
      const own = t.seatConfigs[seat]!.bot!;
      try {
        const sb = this.seatBot(seat)!;
        const budgetMs = sb.bot.timeLimitMs ?? this.server.botRules.maxMs;
        const { choice, cutAtMs } =
          pool && sb.bot.needsSample
            ? await pool.decide(
                { ...this.gameLog(rngSeed), bot: sb.spec },
                { owner: this.owner, lane: sb.bot.anytime ? 'search' : 'quick', budgetMs },
              )
            : { choice: decide(t.game, t.state, sb.bot, createRng(rngSeed)), cutAtMs: null };
        if (t.closed) return null;
        const legal = findChoice(t.game.choices(t.state), choice);
        if (legal === undefined) throw new Error(`answered a choice that is not legal: ${JSON.stringify(choice)}`);
        return { choice: legal, cutAtMs, budgetMs };
      } catch (e) {
        if (t.closed) return null;
        if (own !== FALLBACK_BOT_SPEC && this.fellBack.get(seat) !== own) {
          this.fallBack(seat, own, `failed: ${errorText(e)}`);
          continue;
        }
        if (!this.fallbackFailed.has(seat)) {
          this.fallbackFailed.add(seat);
          t.log.error(
            { seat, bot: FALLBACK_BOT_SPEC, err: e },
            `seat ${seat}'s fallback bot "${FALLBACK_BOT_SPEC}" failed too: ${errorText(e)}; the seat plays its first legal choice when its bot fails`,
          );
        }
        return { choice: t.game.choices(t.state)[0]!, cutAtMs: null, budgetMs: 0 };
      }
    }
  }

  /**
   * The greedy bot's suggestion for `seat`'s decision now, and why (src/bots/hint.ts), from what
   * the seat knows. Only for the seat to act, in an active game where every other seat was created
   * as a bot: a hint against a person would be an outside help the other player lacks, and so it
   * would be against a person's seat handed to a bot (the person may take it back at any time).
   * Computed off the event loop in the bot pool when there is one, under HINT_BUDGET_MS.
   */
  hint(seat: Seat): Promise<HintAnswer> {
    const t = this.table;
    if (t.closed) return Promise.reject(new Refusal('no_game', 'the game is closed'));
    if (t.status !== 'active' || t.toAct() === null) return Promise.reject(new Refusal('game_over', 'the game is over'));
    const actor = t.toAct();
    if (actor !== seat) return Promise.reject(new Refusal('not_your_turn', `it is seat ${actor}'s decision, not seat ${seat}'s`));
    if (t.seatConfigs[seat]?.bot) {
      return Promise.reject(new Refusal('not_your_turn', `seat ${seat} is played by a bot now; say hello with its token to take it back`));
    }
    // A rated game is played without help.
    if (t.stored.rated) return Promise.reject(new Refusal('no_hint', 'hints are not given in a rated game'));
    const person = t.seatConfigs.findIndex((c, q) => q !== seat && c.kind === 'human');
    if (person >= 0) {
      return Promise.reject(new Refusal('no_hint', `hints are only given when every other seat is a bot; seat ${person} is a person`));
    }
    const move = t.match.decisions;
    const position = t.match.position;
    if (this.hintFor?.position === position) return this.hintFor.answer;
    const rngSeed = `${t.match.botSeed(move)}/hint`;
    const pool = this.server.pool;
    const answer = (
      pool
        ? pool.hint(this.gameLog(rngSeed), seat, this.owner, HINT_BUDGET_MS)
        : new Promise<Hint>((resolve) => resolve(hint(t.game, t.state, seat, createRng(rngSeed))))
    ).then(
      (h: Hint): HintAnswer => ({ move, choice: h.choice, reason: h.reason }),
      (e: unknown) => {
        t.log.error({ seat, move, err: e }, `the hint for seat ${seat} at move ${move} failed: ${errorText(e)}`);
        throw new Refusal('internal', 'the hint could not be computed; nothing was changed');
      },
    );
    this.hintFor = { position, answer };
    return answer;
  }

  /** The game closed: no bot moves, no clock runs out. */
  stop(): void {
    if (this.botTimer) clearTimeout(this.botTimer);
    this.botTimer = null;
    if (this.clockTimer) clearTimeout(this.clockTimer);
    this.clockTimer = null;
  }
}

const errorText = (e: unknown): string => (e instanceof Error ? e.message : String(e));
