import type { AnyGame, Choice, GameEvent, Seat } from '../core/game.js';
import { IllegalChoice } from '../core/errors.js';
import { canonicalJson } from '../core/hash.js';
import { createRng, type Seeding } from '../core/rng.js';
import { botFromSpec, decide, type Bot } from '../bots/index.js';
import type { BotPool } from './bot-pool.js';
import type { ErrorCode } from './protocol.js';
import type { GameStatus, MoveRow, SeatConfig, Store, StoredGame } from './store.js';

/** Settings stored with a game. */
export interface GameSettings {
  readonly clock?: { readonly bankMs: number; readonly incrementMs: number };
  readonly botDelayMs: number;
  /** The seeding the game's seed is read with; absent in games created before seeding 2 (they use 1). */
  readonly rng?: Seeding;
}

/** A connection watching a game: a seat's player, or a spectator (seat null). */
export interface Subscriber {
  readonly seat: Seat | null;
  send(msg: unknown): void;
}

/** A refusal the client can act on; nothing was changed. */
export class Refusal extends Error {
  constructor(readonly code: ErrorCode, message: string) {
    super(message);
  }
}

interface LiveMove extends MoveRow {
  /** Engine turn number when the choice was made (undo stays within a turn). */
  readonly turn: number;
  readonly reveals: boolean;
  /** Public events the move caused: the game log a (re)joining client is sent. */
  readonly events: readonly GameEvent[];
}

/**
 * A game being played: its state rebuilt from the stored log, its subscribers, and its bots.
 * Every change goes through `serial`, so choices of one game are applied one at a time in the
 * order they arrive, and each is in the database before anyone hears of it.
 */
export class LiveGame {
  state: unknown;
  status: GameStatus;
  readonly moves: LiveMove[] = [];
  readonly subscribers = new Set<Subscriber>();
  private queue: Promise<unknown> = Promise.resolve();
  private botTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly bots = new Map<string, Bot>();
  /** When the seat to act began to owe its decision (clocks). */
  private since = Date.now();
  readonly clocks: (number | null)[];
  /** When each seat's last connection closed (seat handed to a bot after a while). */
  readonly leftAt: (number | null)[];
  private closed = false;
  /** Worker threads for bots that search; without it they think on the event loop. */
  pool: BotPool | null = null;

  private constructor(
    readonly store: Store,
    readonly game: AnyGame,
    readonly stored: StoredGame,
    readonly seatConfigs: SeatConfig[],
    readonly settings: GameSettings,
  ) {
    this.state = game.setup(game.options(stored.options), stored.seats, createRng(stored.seed, this.seeding));
    this.status = stored.status;
    this.clocks = seatConfigs.map((s) => s.clockMs);
    this.leftAt = seatConfigs.map(() => null);
  }

  /** Rebuilds a game by replaying its stored log and checks the stored state hash. */
  static load(store: Store, game: AnyGame, stored: StoredGame): LiveGame {
    const g = new LiveGame(store, game, stored, stored.seatConfigs.map((s) => ({ ...s })), stored.settings as GameSettings);
    stored.moves.forEach((m, i) => {
      if (m.index !== i) throw new Error(`game ${stored.id}: move ${i} is stored as #${m.index}`);
      const turn = game.turn(g.state);
      let events: GameEvent[];
      try {
        events = game.apply(g.state, m.choice);
      } catch (e) {
        if (e instanceof IllegalChoice) throw new Error(`game ${stored.id}: stored move #${i} is illegal: ${e.reason}`);
        throw e;
      }
      g.moves.push({ ...m, turn, reveals: events.some((e) => e.reveals), events });
    });
    const hash = game.hash(g.state);
    if (hash !== stored.hash) throw new Error(`game ${stored.id}: replayed state hash ${hash} differs from the stored ${stored.hash}`);
    return g;
  }

  get id(): string {
    return this.stored.id;
  }

  get seeding(): Seeding {
    const rng = this.settings.rng ?? 1;
    if (rng !== 1 && rng !== 2) throw new Error(`game ${this.stored.id}: its settings name seeding ${JSON.stringify(rng)}, which this server does not know`);
    return rng;
  }

  /** Runs `fn` after every earlier change of this game has finished. */
  serial<T>(fn: () => Promise<T> | T): Promise<T> {
    const run = this.queue.then(fn, fn);
    this.queue = run.catch(() => undefined);
    return run;
  }

  toAct(): Seat | null {
    return this.game.toAct(this.state);
  }

  /** Seat played by a bot: a bot seat, or a human seat handed to a bot. */
  botAt(seat: Seat): Bot | null {
    const spec = this.seatConfigs[seat]?.bot;
    if (!spec) return null;
    let b = this.bots.get(spec);
    if (!b) this.bots.set(spec, (b = botFromSpec(spec)));
    return b;
  }

  /** Remaining time of a seat's clock, counting the decision it owes now. */
  clockLeft(seat: Seat, now = Date.now()): number | null {
    const c = this.clocks[seat];
    if (c === null || c === undefined) return null;
    return this.toAct() === seat ? c - (now - this.since) : c;
  }

  /** Checks and plays a choice: stored first (one transaction), then applied and announced. */
  submit(seat: Seat, choice: unknown, expectedIndex?: number): Promise<number> {
    return this.serial(async () => {
      if (this.closed) throw new Refusal('no_game', 'the game is closed');
      if (this.status !== 'active' || this.toAct() === null) throw new Refusal('game_over', 'the game is over');
      if (expectedIndex !== undefined && expectedIndex !== this.moves.length) {
        throw new Refusal('stale', `the choice was made for move #${expectedIndex}, but the game is at move #${this.moves.length}`);
      }
      const actor = this.toAct();
      if (actor !== seat) throw new Refusal('not_your_turn', `it is seat ${actor}'s decision, not seat ${seat}'s`);
      return this.play(seat, choice);
    });
  }

  private async play(seat: Seat, choice: unknown): Promise<number> {
    const next = this.game.clone(this.state);
    const turn = this.game.turn(this.state);
    let events: GameEvent[];
    try {
      events = this.game.apply(next, choice);
    } catch (e) {
      if (e instanceof IllegalChoice) throw new Refusal('illegal_choice', e.reason);
      throw e;
    }
    const now = Date.now();
    const index = this.moves.length;
    const clocks = this.clocks.slice();
    if (this.settings.clock && clocks[seat] !== null) {
      clocks[seat] = clocks[seat]! - (now - this.since);
      if (this.game.toAct(next) !== seat) clocks[seat]! += this.settings.clock.incrementMs;
    }
    const over = this.game.toAct(next) === null;
    const row: MoveRow = { index, seat, choice: stableChoice(choice), hash: this.game.hash(next), at: now };
    await this.store.appendMove(this.id, row, { hash: row.hash, status: over ? 'finished' : 'active', clocks });
    // Stored: from here on the move is the truth.
    this.state = next;
    this.moves.push({ ...row, turn, reveals: events.some((e) => e.reveals), events });
    clocks.forEach((c, i) => (this.clocks[i] = c));
    // The time up to now was charged above: the next decision, whoever owes it, starts now.
    this.since = now;
    if (over) this.status = 'finished';
    this.announce(events);
    this.scheduleBot();
    return index;
  }

  /** Whether `seat` may take back its last choice now (Board Game Arena's policy). */
  canUndo(seat: Seat): boolean {
    const last = this.moves[this.moves.length - 1];
    if (!last || this.status !== 'active' || last.seat !== seat || last.reveals) return false;
    return last.turn === this.game.turn(this.state) && this.toAct() === seat;
  }

  /** Takes back the seat's last choice of the current turn: the log loses its last move. */
  undo(seat: Seat): Promise<number> {
    return this.serial(async () => {
      if (!this.canUndo(seat)) {
        throw new Refusal('cannot_undo', 'only your own choices of this turn can be taken back, and none after hidden information was revealed or another seat acted');
      }
      const keep = this.moves.length - 1;
      const s = this.game.setup(this.game.options(this.stored.options), this.stored.seats, createRng(this.stored.seed, this.seeding));
      for (let i = 0; i < keep; i++) this.game.apply(s, this.moves[i]!.choice, false);
      const hash = this.game.hash(s);
      await this.store.truncateMoves(this.id, keep, { hash, status: 'active' });
      this.state = s;
      this.moves.length = keep;
      this.announce([{ type: 'undo', seat }]);
      return keep;
    });
  }

  /** Sends every subscriber its own view and the public events. */
  announce(events: readonly GameEvent[]): void {
    for (const sub of this.subscribers) sub.send(this.stateMessage(sub.seat, events));
  }

  stateMessage(seat: Seat | null, events: readonly GameEvent[] = []): unknown {
    const now = Date.now();
    return {
      type: 'state',
      game: this.id,
      seat,
      moves: this.moves.length,
      status: this.status,
      toAct: this.toAct(),
      view: this.game.view(this.state, seat),
      events,
      canUndo: seat !== null && this.canUndo(seat),
      clocks: this.settings.clock ? this.seatConfigs.map((_, i) => this.clockLeft(i, now)) : null,
      seats: this.publicSeats(),
    };
  }

  /** The public events of every move so far, as the client's game log shows them. */
  publicLog(): { move: number; events: readonly GameEvent[] }[] {
    return this.moves.map((m, i) => ({ move: i + 1, events: m.events }));
  }

  publicSeats(): unknown[] {
    const connected = new Set<number>();
    for (const s of this.subscribers) if (s.seat !== null) connected.add(s.seat);
    return this.seatConfigs.map((c) => ({
      seat: c.seat,
      kind: c.kind,
      name: c.name,
      bot: c.bot,
      claimed: c.claimed,
      connected: c.kind === 'bot' || connected.has(c.seat),
    }));
  }

  /** Plays for a bot seat after the pacing delay, unless things changed meanwhile. */
  scheduleBot(): void {
    if (this.botTimer || this.closed || this.status !== 'active') return;
    const seat = this.toAct();
    if (seat === null) return;
    const bot = this.botAt(seat);
    if (!bot) return;
    const at = this.moves.length;
    this.botTimer = setTimeout(() => {
      this.botTimer = null;
      void this.serial(async () => {
        if (this.closed || this.moves.length !== at || this.toAct() !== seat || this.botAt(seat) !== bot) return;
        const rngSeed = `${this.stored.seed}:bot:${at}`;
        const choice =
          this.pool && bot.needsSample
            ? await this.pool.decide({
                game: this.game.id,
                seats: this.stored.seats,
                seed: this.stored.seed,
                rng: this.seeding,
                options: this.stored.options,
                choices: this.moves.map((m) => m.choice),
                bot: this.seatConfigs[seat]!.bot!,
                rngSeed,
              })
            : decide(this.game, this.state, bot, createRng(rngSeed));
        if (this.closed) return;
        await this.play(seat, choice);
      }).catch((e: unknown) => {
        // A failed bot move (storage down) is retried later rather than lost.
        console.error(`game ${this.id}: bot move failed: ${e instanceof Error ? e.message : String(e)}`);
        setTimeout(() => this.scheduleBot(), 1000).unref();
      });
    }, this.settings.botDelayMs);
    this.botTimer.unref?.();
  }

  /** Hands a seat to a bot (the seat's player left, or its clock ran out). */
  handToBot(seat: Seat, spec: string): Promise<void> {
    return this.serial(async () => {
      await this.store.updateSeat(this.id, seat, { bot: spec });
      this.seatConfigs[seat] = { ...this.seatConfigs[seat]!, bot: spec };
      this.announce([{ type: 'seatToBot', seat } as GameEvent]);
      this.scheduleBot();
    });
  }

  /** A human seat that was handed to a bot is played by its person again. */
  reclaim(seat: Seat): Promise<void> {
    return this.serial(async () => {
      const c = this.seatConfigs[seat];
      if (!c || c.kind !== 'human' || c.bot === null) return;
      await this.store.updateSeat(this.id, seat, { bot: null });
      this.seatConfigs[seat] = { ...c, bot: null };
      this.announce([{ type: 'seatReclaimed', seat } as GameEvent]);
    });
  }

  close(): void {
    this.closed = true;
    if (this.botTimer) clearTimeout(this.botTimer);
    this.botTimer = null;
  }
}

/** The stored copy of a choice: plain JSON, keys in a fixed order. */
function stableChoice(c: unknown): Choice {
  return JSON.parse(canonicalJson(c)) as Choice;
}
