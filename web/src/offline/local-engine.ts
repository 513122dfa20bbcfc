import { botFromSpec, decide, hint, type Bot } from '../../../src/bots/index.js';
import { gameById } from '../../../src/bots/registry.js';
import { IllegalChoice, ReplayError, UndoRefused } from '../../../src/core/errors.js';
import type { Seat } from '../../../src/core/game.js';
import { Match, RECORD_VERSION, replay, type Move } from '../../../src/core/match.js';
import { createRng } from '../../../src/core/rng.js';
import { matchLog } from '../net/match-log.js';
import type { AnyChoice, HintResult, LogEntry, LogEvent, SeatInfo, Snapshot } from '../net/session.js';
import type { LocalConfig, LocalSeat } from './config.js';
import { CorruptRecord, parseLocalRecord, type LocalRecord } from './local-record.js';

/** A refusal of the person's request (not their turn, illegal choice, no undo); nothing changed. */
export class Refused extends Error {
  override readonly name = 'Refused';
}

const errorText = (e: unknown): string => (e instanceof Error ? e.message : String(e));

/**
 * An offline game: a match, who sits where, and the bots, with no timers and no messaging, so the
 * worker's logic can be tested without a Worker. The record is the truth; the state is what
 * replaying it gives.
 */
export class LocalEngine {
  private readonly bots = new Map<string, Bot>();

  private constructor(
    private readonly match: Match,
    readonly players: readonly LocalSeat[],
  ) {
    for (const p of players) if (p.kind === 'bot') this.botFor(p.bot ?? '');
  }

  get gameId(): string {
    return this.match.game.id;
  }

  /** A new game from the lobby's settings; throws on a bad seat list or unknown bot. */
  static start(cfg: LocalConfig): LocalEngine {
    const players = cfg.seats.map((s) => ({ ...s }));
    const game = gameById(cfg.game ?? 'relic-runners');
    return new LocalEngine(new Match(game, players.length, cfg.seed, { ...cfg.options }, RECORD_VERSION), players);
  }

  /**
   * Rebuilds a saved game by replaying its record. A record that does not replay throws
   * CorruptRecord naming the fault; nothing else is touched.
   */
  static load(raw: unknown): LocalEngine {
    const rec = parseLocalRecord(raw);
    let match: Match;
    try {
      match = replay(gameById(rec.game), rec);
    } catch (err) {
      if (err instanceof ReplayError) throw new CorruptRecord(err.describe('choice', 'the saved game'));
      throw new CorruptRecord(`the saved game cannot be set up: ${errorText(err)}`);
    }
    try {
      return new LocalEngine(match, rec.players);
    } catch (err) {
      throw new CorruptRecord(`the saved game cannot be set up: ${errorText(err)}`);
    }
  }

  get record(): LocalRecord {
    return { ...this.match.record, players: this.players };
  }

  get moveCount(): number {
    return this.match.decisions;
  }

  get over(): boolean {
    return this.match.over;
  }

  hash(): string {
    return this.match.hash();
  }

  toAct(): Seat | null {
    return this.match.toAct();
  }

  /** The seat that made the last choice, or null before the first. */
  lastMover(): Seat | null {
    return this.match.moves.at(-1)?.seat ?? null;
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
      return this.play(choice);
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
    const choice = decide(this.match.game, this.match.state, bot, createRng(this.match.botSeed()));
    return this.play(choice);
  }

  /**
   * The greedy bot's suggestion for the person to act, and why (src/bots/hint.ts), from what that
   * seat knows; only when every other seat is a bot (a hot-seat game of people gets none). Its
   * generator is seeded by the game and the move, so asking again gives the same answer.
   */
  hint(): HintResult {
    const seat = this.toAct();
    if (seat === null) throw new Refused('the game is over');
    if (!this.isHuman(seat)) throw new Refused(`seat ${seat} is a bot's: wait for it to play`);
    const person = this.players.findIndex((p, q) => q !== seat && p.kind === 'human');
    if (person >= 0) throw new Refused(`hints are only given when every other seat is a bot; seat ${person} is a person`);
    const h = hint(this.match.game, this.match.state, seat, createRng(`${this.match.botSeed()}/hint`));
    return { move: this.match.decisions, choice: h.choice, reason: h.reason };
  }

  /** The match's undo rule, for the people at the table (bots take nothing back). */
  canUndo(seat: Seat | null): boolean {
    return seat !== null && this.isHuman(seat) && this.match.canUndo(seat);
  }

  /** Takes back the acting person's last choice. */
  undo(): void {
    const seat = this.toAct();
    try {
      if (seat === null || !this.isHuman(seat)) throw new UndoRefused();
      this.match.undo(seat);
    } catch (e) {
      if (e instanceof UndoRefused) throw new Refused(e.message);
      throw e;
    }
  }

  log(): LogEntry[] {
    return matchLog(this.match);
  }

  seatInfo(): SeatInfo[] {
    return this.players.map((p, seat) => ({ seat, kind: p.kind, name: p.name, bot: p.bot, connected: true }));
  }

  snapshot(): Snapshot {
    const seat = this.viewer();
    return {
      view: this.match.game.view(this.match.state, seat) as Snapshot['view'],
      seat,
      seats: this.seatInfo(),
      moves: this.match.decisions,
      status: this.over ? 'finished' : 'active',
      canUndo: this.canUndo(seat),
      log: this.log(),
      clocks: null,
    };
  }

  private play(choice: unknown): LogEntry {
    const { events } = this.match.play(choice);
    return entry(this.match.decisions - 1, events);
  }

  private botFor(spec: string): Bot {
    let b = this.bots.get(spec);
    if (!b) this.bots.set(spec, (b = botFromSpec(spec)));
    return b;
  }
}

/** The log entry of move #i (0-based), as the page shows it. */
function entry(i: number, events: Move['events']): LogEntry {
  return { move: i + 1, events: events as unknown as readonly LogEvent[] };
}

export type { AnyChoice };
