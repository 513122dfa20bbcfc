import { patchBase, type AnyGame, type Seat } from '../core/game.js';
import type { Match } from '../core/match.js';
import { diffView } from '../core/view-patch.js';
import type { Rematch } from './rematch.js';
import type { GameClock } from './game-clock.js';
import type { EventsJson, GameHead, LogEntry, Subscriber, TableEvent } from './live-game.js';
import type { PublicSeat, SeatsMessage } from './protocol.js';
import type { GameStatus, TableEntry } from './store.js';

/** What the announcer reads of its game. */
export interface AnnouncedGame {
  readonly id: string;
  readonly game: AnyGame;
  readonly state: unknown;
  readonly match: Pick<Match<unknown>, 'decisions' | 'opening' | 'eventsSince'>;
  readonly stored: Pick<GameHead, 'createdAt' | 'rated'>;
  readonly subscribers: ReadonlySet<Subscriber>;
  readonly status: GameStatus;
  readonly clock: GameClock;
  /** After how long away a seat may be handed to a bot (a welcome tells it). */
  readonly awayAfterMs: number;
  toAct(): Seat | null;
  canUndo(seat: Seat): boolean;
  publicSeats(now: number): PublicSeat[];
  /** When move #i (0-based) was stored. */
  timeOf(i: number): number;
  /** The rematch offered at the end (a welcome tells it). */
  readonly rematch: Pick<Rematch, 'offer' | 'version'>;
}

/** Something per audience of a game's announcements, at `audience(seat)`: the spectators first, then each seat. */
export type ByAudience<T> = (T | undefined)[];
const audience = (seat: Seat | null): number => (seat === null ? 0 : seat + 1);

/** A welcome as sent: its text, the move its log starts after, and what it costs the client's budget. */
export interface Welcome {
  readonly text: string;
  readonly logFrom: number;
  readonly cost: number;
}

/** A welcome costs one message of a connection's budget, plus one per this many bytes it carries… */
export const WELCOME_BYTES_PER_MESSAGE = 16 * 1024;
/** …and one per this many moves played again to tell its log (Match.eventsSince): 32 of them cost about what a choice does. */
export const WELCOME_MOVES_PER_MESSAGE = 32;

/**
 * What a welcome costs in messages of a connection's budget beyond the hello's own: a flood of
 * hellos for a long log slows its sender down instead of the server.
 */
export function welcomeCost(bytes: number, played: number): number {
  return Math.floor(bytes / WELCOME_BYTES_PER_MESSAGE) + Math.floor(played / WELCOME_MOVES_PER_MESSAGE);
}

/**
 * How long a spectators' welcome is told again as it was, while the game and its seats stay the
 * same: its clocks and away times are then at most this much behind, which no reader can see.
 */
export const SPECTATOR_WELCOME_REUSE_MS = 250;

/**
 * Tells a game to its subscribers: every change as one state message per audience (each seat's
 * players, the spectators), with a patch from the view that audience was sent before; who is here
 * as a seats message; and a (re)joining client's welcome, with the log it lacks. It holds what the
 * log tells between the moves (the table's events), and, per audience, which view it was sent last.
 */
export class Announcer {
  /**
   * The game's announcement counter (`seq` of state messages and welcomes): +1 at every announcement
   * (a move, an undo, a join, a table event). It restarts at 0 when the game is loaded: a client
   * hears of a new process life through a new socket, whose welcome resets the seq it holds.
   */
  private seq = 0;
  /**
   * For each audience (a seat, or the spectators under null) that has subscribers, the seq of the
   * last view it was sent (whole or as a patch): the next announcement sends it a patch when that
   * was the one before. The view itself is not kept but made again from the state just before it
   * changes (`viewsNow`). A game waiting for a person's move then holds no view, which matters with
   * thousands of games: every object kept for seconds is copied out of the young generation and
   * marked by every major GC.
   */
  private readonly sentAt = new Map<Seat | null, number>();
  /** Someone came or went since the last state message: the next one carries the seats again (see announce). */
  private seatsToTell = false;
  /** +1 whenever someone comes or goes without a state message (the seats a welcome tells change). */
  private seatsVersion = 0;
  /** The last spectators' welcome, by seq, seats version and log start, and when it was made (welcome). */
  private spectatorWelcome: { key: string; madeAt: number; welcome: Welcome } | null = null;
  /** The set-up's log entry (move 0) as JSON, or '' when the set-up tells nothing; built on first welcome. */
  private openingText: string | null = null;
  /**
   * The table's events between moves (a seat handed to a bot or taken back), as log-entry JSON, by
   * the number of moves before them: sent with the welcomes.
   */
  private readonly tableLog = new Map<number, string[]>();

  constructor(private readonly table: AnnouncedGame) {}

  /**
   * The view each audience was sent last, made again from the state before it changes (when that
   * view is of this seq), as the game's diff base: the patch of the announcement that follows the
   * change starts from it.
   */
  viewsNow(): ByAudience<unknown> {
    // An array by audience, not a Map: two of these a move were garbage a server made at every move.
    const views: ByAudience<unknown> = [];
    const { game, state } = this.table;
    for (const { seat } of this.table.subscribers) {
      const a = audience(seat);
      if (views[a] === undefined && this.sentAt.get(seat) === this.seq) views[a] = patchBase(game, state, seat);
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
    const subscribers = this.table.subscribers;
    if (subscribers.size === 0) {
      this.sentAt.clear();
      return;
    }
    // The fields every audience shares, serialized once: `{"seat":…,"canUndo":…,"patch":…,` + this.
    // The seats only when they changed: with the table (no `before`), or someone came or went since
    // the last state message (told then in a `seats` message, which a relay may have lost).
    const now = Date.now();
    const seats = before === undefined || this.seatsToTell ? this.table.publicSeats(now) : undefined;
    this.seatsToTell = false;
    const shared = `${JSON.stringify(this.sharedFields('state', now, seats)).slice(1, -1)},"events":${events}}`;
    const texts: ByAudience<string> = [];
    let told = 0;
    for (const sub of subscribers) {
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
    const head = `{"seat":${seat},"canUndo":${seat !== null && this.table.canUndo(seat)}`;
    const patched = this.sentAt.get(seat) === seq - 1;
    this.sentAt.set(seat, seq);
    // Only the table changed (a seat handed over, taken, reclaimed): the view did not.
    if (patched && before === undefined) return `${head},"patch":[],${shared}`;
    const view = this.table.game.view(this.table.state, seat);
    const base = before?.[audience(seat)];
    if (patched && base !== undefined) return `${head},"patch":${JSON.stringify(diffView(base, view))},${shared}`;
    return `${head},"view":${JSON.stringify(view)},${shared}`;
  }

  /** Pushes who is here to every subscriber: one text for all (the seats are public). */
  seatsChanged(): void {
    this.seatsVersion++;
    const subscribers = this.table.subscribers;
    if (subscribers.size === 0) return;
    this.seatsToTell = true;
    const text = JSON.stringify({ type: 'seats', seats: this.table.publicSeats(Date.now()) } satisfies SeatsMessage);
    for (const sub of subscribers) sub.sendText(text);
  }

  /** Nobody is left in the audience of `seat`: a later subscriber's welcome starts it again. */
  audienceLeft(seat: Seat | null): void {
    this.sentAt.delete(seat);
  }

  /** Events of the table, not of a move, once stored: announced, and kept for the welcomes of later (re)joiners. */
  tableEvents(entry: TableEntry<readonly TableEvent[]>): void {
    this.keepTableEntry(entry);
    this.announce(JSON.stringify(entry.events));
  }

  /** Keeps a table entry for the welcomes (one stored before, or just told). */
  keepTableEntry({ move, at, events }: TableEntry<readonly TableEvent[]>): void {
    const text = JSON.stringify({ move, at, events, table: true } satisfies LogEntry);
    this.tableLog.set(move, [...(this.tableLog.get(move) ?? []), text]);
  }

  /** An undo kept the first `keep` moves: the table's events after them go with the others. */
  undone(keep: number): void {
    for (const k of [...this.tableLog.keys()]) if (k > keep) this.tableLog.delete(k);
  }

  /**
   * The welcome of a (re)joining client: the state, and the log it lacks. A client that holds
   * the log up to move `since` (whose time it gives as `at`) gets only the moves after it; one
   * whose copy no longer matches (an undo it missed) gets the whole log again. `cost`: what it is
   * worth in a connection's message budget (`welcomeCost`), which its client pays.
   */
  welcome(seat: Seat | null, since?: number, at?: number): Welcome {
    const n = this.table.match.decisions;
    const holds = since !== undefined && since >= 0 && since <= n && (since === 0 || this.table.timeOf(since - 1) === at);
    const logFrom = holds ? since : 0;
    // Spectators all get the same welcome: a crowd arriving at once (a shared link, a lobby's
    // watchers) is told with one text while nothing changes, instead of a view and a log each.
    if (seat !== null) return this.makeWelcome(seat, logFrom);
    const key = `${this.seq}/${this.seatsVersion}/${logFrom}/${this.table.rematch.version}`;
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

  private makeWelcome(seat: Seat | null, logFrom: number): Welcome {
    const { match, stored } = this.table;
    const opening = match.opening;
    this.openingText ??= opening.length > 0 ? JSON.stringify({ move: 0, at: stored.createdAt, events: opening } satisfies LogEntry) : '';
    const head = JSON.stringify({ ...this.welcomeFields(seat), logFrom });
    // The table's events after move `logFrom` included: the client drops its own copy of those (nextLog).
    // A client sent the log from the start gets the set-up's entry first (Quetzal's round-1 rolls).
    const entries: string[] = logFrom === 0 && this.openingText ? [this.openingText] : [];
    entries.push(...(this.tableLog.get(logFrom) ?? []));
    // The moves' events are played again (Match.eventsSince) rather than kept for the game's life:
    // kept, they were what a game grew by as it was played, to be marked at every major GC.
    const told = match.eventsSince(logFrom);
    told.events.forEach((events, k) => {
      const i = logFrom + k;
      const entry = JSON.stringify({ move: i + 1, at: this.table.timeOf(i), events } satisfies LogEntry);
      entries.push(entry, ...(this.tableLog.get(i + 1) ?? []));
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
    const view = this.table.game.view(this.table.state, seat);
    this.sentAt.set(seat, this.seq);
    return {
      ...this.sharedFields('welcome', now, this.table.publicSeats(now)),
      seat,
      awayAfterMs: this.table.awayAfterMs,
      view,
      events: [],
      canUndo: seat !== null && this.table.canUndo(seat),
      ...(this.table.stored.rated ? { rated: true } : {}),
      rematch: this.table.rematch.offer(seat),
    };
  }

  /** The fields of a state message or a welcome that are the same for every audience and change with the moves. */
  private sharedFields(type: 'state' | 'welcome', now: number, seats: PublicSeat[] | undefined) {
    const t = this.table;
    const n = t.match.decisions;
    // One literal, no spread: a state message's fields are written at every move.
    return {
      type,
      seq: this.seq,
      game: t.id,
      moves: n,
      /** When the last move was stored (the client keeps it with the log entry for its next hello). */
      at: n > 0 ? t.timeOf(n - 1) : null,
      status: t.status,
      toAct: t.toAct(),
      clocks: t.clock.all(now),
      /** Absent (undefined, which JSON leaves out) from a state message when nobody came or went. */
      seats,
    };
  }
}
