import { botFromSpec, decide, type Bot } from '../../../src/bots/index.js';
import { IllegalChoice } from '../../../src/core/errors.js';
import type { Choice, GameEvent, Seat } from '../../../src/core/game.js';
import { canonicalJson } from '../../../src/core/hash.js';
import { RECORD_VERSION, type RecordVersion } from '../../../src/core/match.js';
import { createRng } from '../../../src/core/rng.js';
import type { AnyGame } from '../../../src/core/game.js';
import { engineFor } from '../engines.js';
import type { AnyChoice, LogEntry, LogEvent, SeatInfo, Snapshot } from '../net/session.js';
import type { LocalConfig, LocalSeat } from './config.js';
import { CorruptRecord, parseLocalRecord, type LocalRecord } from './local-record.js';

/** Engine state: opaque here, only the game's own functions look inside. */
type State = unknown;

interface Move {
  readonly seat: Seat;
  readonly choice: Choice;
  /** Engine turn when the choice was made: undo stays within a turn. */
  readonly turn: number;
  /** The move made hidden information known: nothing before it can be taken back. */
  readonly reveals: boolean;
  readonly events: readonly GameEvent[];
}

/** A refusal of the person's request (not their turn, illegal choice, no undo); nothing changed. */
export class Refused extends Error {
  override readonly name = 'Refused';
}

/**
 * An offline game: the engine state, its record and the bots, with no timers and no messaging,
 * so the worker's logic can be tested without a Worker. The record is the truth; the state is what
 * replaying it gives.
 */
export class LocalEngine {
  private state: State;
  private readonly moves: Move[] = [];
  private readonly bots = new Map<string, Bot>();

  private readonly game: AnyGame;

  private constructor(
    readonly gameId: string,
    private readonly seed: string | number,
    private readonly options: unknown,
    readonly players: readonly LocalSeat[],
    /** The seeding the seed is read with: games saved before seeding 2 keep theirs. */
    private readonly version: RecordVersion,
  ) {
    this.game = engineFor(gameId).game;
    this.state = LocalEngine.fresh(this.game, seed, options, players.length, version);
    for (const p of players) if (p.kind === 'bot') this.botFor(p.bot ?? '');
  }

  private static fresh(game: AnyGame, seed: string | number, options: unknown, seats: number, version: RecordVersion): State {
    if (seats < game.minSeats || seats > game.maxSeats)
      throw new CorruptRecord(`a game needs ${game.minSeats}–${game.maxSeats} seats, not ${seats}`);
    return game.setup(game.options(options), seats, createRng(seed, version));
  }

  /** A new game from the lobby's settings; throws on a bad seat list or unknown bot. */
  static start(cfg: LocalConfig): LocalEngine {
    const players = cfg.seats.map((s) => ({ ...s }));
    return new LocalEngine(cfg.game ?? 'relic-runners', cfg.seed, { ...cfg.options }, players, RECORD_VERSION);
  }

  /**
   * Rebuilds a saved game by replaying its record. A record that does not replay throws
   * CorruptRecord naming the fault; nothing else is touched.
   */
  static load(raw: unknown): LocalEngine {
    const rec = parseLocalRecord(raw);
    let e: LocalEngine;
    try {
      e = new LocalEngine(rec.game, rec.seed, rec.options, rec.players, rec.version);
    } catch (err) {
      throw new CorruptRecord(`the saved game cannot be set up: ${err instanceof Error ? err.message : String(err)}`);
    }
    rec.choices.forEach((c, i) => {
      if (e.toAct() === null) throw new CorruptRecord(`the saved game goes on after its end (choice #${i})`);
      try {
        e.apply(c);
      } catch (err) {
        const why = err instanceof IllegalChoice ? err.reason : err instanceof Error ? err.message : String(err);
        throw new CorruptRecord(`choice #${i} of the saved game is not legal: ${why}`);
      }
    });
    return e;
  }

  get record(): LocalRecord {
    return {
      format: 'expedition-match',
      version: this.version,
      game: this.gameId,
      seats: this.players.length,
      seed: this.seed,
      options: this.options,
      choices: this.moves.map((m) => m.choice),
      players: this.players,
    };
  }

  get moveCount(): number {
    return this.moves.length;
  }

  get over(): boolean {
    return this.game.toAct(this.state) === null;
  }

  hash(): string {
    return this.game.hash(this.state);
  }

  toAct(): Seat | null {
    return this.game.toAct(this.state);
  }

  isHuman(seat: Seat): boolean {
    return this.players[seat]?.kind === 'human';
  }

  /** The bot that plays now, or null when a person (or nobody) owes the decision. */
  botToAct(): Bot | null {
    const seat = this.toAct();
    if (seat === null || this.isHuman(seat)) return null;
    return this.botFor(this.players[seat]!.bot ?? '');
  }

  /**
   * Whose eyes the screen shows: the person who acts now (hot-seat: several people may share the
   * screen), else the first person at the table; null when only bots play.
   */
  viewer(): Seat | null {
    const seat = this.toAct();
    if (seat !== null && this.isHuman(seat)) return seat;
    const first = this.players.findIndex((p) => p.kind === 'human');
    return first < 0 ? null : first;
  }

  /** Plays the person's choice; throws Refused (state unchanged) when it is not theirs to make or not legal. */
  choose(choice: unknown): LogEntry {
    const seat = this.toAct();
    if (seat === null) throw new Refused('the game is over');
    if (!this.isHuman(seat)) throw new Refused(`seat ${seat} is a bot's: wait for it to play`);
    try {
      return this.apply(choice);
    } catch (e) {
      if (e instanceof IllegalChoice) throw new Refused(e.reason);
      throw e;
    }
  }

  /**
   * Lets the bot to act play one choice. It sees a determinized sample, never the true state, and
   * draws from an RNG seeded by the game and the move number, as the server's bots do.
   */
  playBot(): LogEntry {
    const bot = this.botToAct();
    if (!bot) throw new Error('no bot owes a decision');
    const choice = decide(this.game, this.state, bot, createRng(`${this.seed}:bot:${this.moves.length}`));
    return this.apply(choice);
  }

  /** Same rule as the server: only the acting seat's own last choice of this turn, before anything was revealed. */
  canUndo(seat: Seat | null): boolean {
    if (seat === null || !this.isHuman(seat)) return false;
    const last = this.moves[this.moves.length - 1];
    if (!last || this.over || last.seat !== seat || last.reveals) return false;
    return last.turn === this.game.turn(this.state) && this.toAct() === seat;
  }

  /** Takes back the last choice by replaying the record without it. */
  undo(): void {
    const seat = this.toAct();
    if (!this.canUndo(seat)) {
      throw new Refused('only your own choices of this turn can be taken back, and none after hidden information was revealed');
    }
    const keep = this.moves.slice(0, -1);
    const s = LocalEngine.fresh(this.game, this.seed, this.options, this.players.length, this.version);
    for (const m of keep) this.game.apply(s, m.choice, false);
    this.state = s;
    this.moves.length = keep.length;
  }

  log(): LogEntry[] {
    return this.moves.map((m, i) => ({ move: i + 1, events: m.events as unknown as readonly LogEvent[] }));
  }

  seatInfo(): SeatInfo[] {
    return this.players.map((p, seat) => ({ seat, kind: p.kind, name: p.name, bot: p.bot, connected: true }));
  }

  snapshot(): Snapshot {
    const seat = this.viewer();
    return {
      view: this.game.view(this.state, seat),
      seat,
      seats: this.seatInfo(),
      moves: this.moves.length,
      status: this.over ? 'finished' : 'active',
      canUndo: this.canUndo(seat),
      log: this.log(),
      clocks: null,
    };
  }

  private apply(choice: unknown): LogEntry {
    const seat = this.toAct()!;
    const turn = this.game.turn(this.state);
    const events = this.game.apply(this.state, choice);
    // The record keeps plain JSON with keys in a fixed order, as the server stores it.
    const stored = JSON.parse(canonicalJson(choice)) as Choice;
    this.moves.push({ seat, choice: stored, turn, reveals: events.some((e) => e.reveals), events });
    return { move: this.moves.length, events: events as unknown as readonly LogEvent[] };
  }

  private botFor(spec: string): Bot {
    let b = this.bots.get(spec);
    if (!b) this.bots.set(spec, (b = botFromSpec(spec)));
    return b;
  }
}

export type { AnyChoice };
