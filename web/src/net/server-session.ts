import { applyViewPatch } from '../../../src/core/view-patch.js';
import type { ClientMessage, PublicSeat, ServerMessage, StateMessage, WelcomeMessage } from '../../../src/server/protocol.js';
import { profileName } from './ratings.js';
import type { GameSession, HintResult, LogEntry, SeatInfo, SessionTypes, Snapshot } from './session.js';

/** The socket's state, as the seat list shows it. */
export type Connection = 'connecting' | 'open' | 'reconnecting' | 'failed' | 'closed';

/** A refusal that ends the session: reconnecting would only be refused again. */
export interface FatalError {
  readonly code: string;
  readonly message: string;
}

/** A state or welcome with the view and events of the session's game. */
type Received<T extends SessionTypes> = (StateMessage | WelcomeMessage) & {
  readonly events: readonly T['event'][];
  readonly log?: readonly LogEntry<T['event']>[];
};

/** A choice, an undo, a hint request, a rematch answer or a chat request before the session gives it its id. */
type Request = ClientMessage extends infer M ? (M extends { type: 'hello' | 'ping' } ? never : Omit<M, 'id'>) : never;

/** A chat request (web/src/chat) before the session gives it its id. */
export type ChatRequest = Extract<Request, { type: 'chat' | 'chatSpectators' | 'mute' | 'report' }>;

/** The answers a request resolves with. */
type Answer = Extract<ServerMessage, { type: 'ack' | 'hint' }>;

/** Refusals of hello that no retry will change. */
const FATAL = new Set(['no_game', 'bad_token', 'corrupt']);

/**
 * After the server says the process playing the game stopped (its own process, and the socket, are
 * well), the hello again on the same socket waits this long plus up to `LOST_HELLO_JITTER_MS`: time
 * for the survivors to take the game over, spread so that a table's clients do not all ask at once.
 */
const LOST_HELLO_MS = 100;
const LOST_HELLO_JITTER_MS = 150;

/** The WebSocket URL of the page's own server. */
export function defaultSocketUrl(): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`;
}

export interface ServerSessionOptions {
  readonly url?: string;
  /** First reconnect delay; doubled after each failure up to `maxDelayMs`. */
  readonly minDelayMs?: number;
  readonly maxDelayMs?: number;
  /**
   * How long a socket may take to open before it is given up and the next one tried, after the
   * same backoff as a dropped one (a process killed mid-handshake, a stuck proxy: such a socket
   * may never open nor close). Default 5 s.
   */
  readonly openTimeoutMs?: number;
  readonly WebSocket?: typeof WebSocket;
}

/**
 * Seat records as the client types them: absent rather than null. The server says how long a seat
 * has been away, which becomes a time on this browser's clock (the two clocks need not agree).
 */
export function seatInfo(s: PublicSeat, rated = false): SeatInfo {
  const profile = s.kind === 'bot' || s.claimed ? profileName(s.name, s.kind === 'bot', rated) : null;
  return {
    seat: s.seat,
    kind: s.kind,
    connected: s.connected,
    ...(s.name ? { name: s.name } : {}),
    ...(profile ? { profile } : {}),
    ...(s.bot ? { bot: s.bot } : {}),
    ...(s.claimed !== undefined ? { claimed: s.claimed } : {}),
    ...(typeof s.awayMs === 'number' ? { awaySince: Date.now() - s.awayMs } : {}),
  };
}

/**
 * The log after a state message: a welcome brings the log after `logFrom` (the part this client
 * said it holds is kept); a new move appends its events; fewer moves than before means an undo,
 * which drops the moves taken back.
 */
export function nextLog<E extends LogEntry['events'][number]>(
  log: readonly LogEntry<E>[],
  prevMoves: number,
  msg: {
    readonly type: 'state' | 'welcome';
    readonly moves: number;
    readonly at?: number | null;
    readonly events: readonly E[];
    readonly log?: readonly LogEntry<E>[];
    readonly logFrom?: number;
  },
): readonly LogEntry<E>[] {
  if (msg.type === 'welcome') {
    const from = msg.logFrom ?? 0;
    // The welcome brings the table's events after move `from` again, with any this client missed; from 0
    // it sends everything again, the set-up's entry (move 0) included.
    return [...log.filter((e) => from > 0 && (e.move < from || (e.move === from && !e.table))), ...(msg.log ?? [])];
  }
  if (msg.moves > prevMoves)
    return [...log, { move: msg.moves, ...(typeof msg.at === 'number' ? { at: msg.at } : {}), events: msg.events }];
  if (msg.moves < prevMoves) return log.filter((e) => e.move <= msg.moves);
  // Events without a move are the table's (a seat handed to a bot, taken back): they are part of the story too.
  if (msg.events.length > 0) return [...log, { move: msg.moves, events: msg.events, table: true }];
  return log;
}

/**
 * A game on the server, over one WebSocket: hello with the seat token (none for a spectator),
 * a snapshot per state message, choices answered by ack or error, and a new socket with backoff
 * whenever the old one drops (the server answers every hello with the full state).
 *
 * State messages mostly carry a patch of the view this client was sent before, numbered by the
 * game's `seq` (docs/server-api.md): an old or repeated one is ignored; one that does not follow the
 * held seq means a message was missed, and the client says hello again on the same socket and
 * ignores states until the welcome, which brings the whole view.
 *
 * Several server processes: when the one playing the game stops, or stops playing it, the one this
 * socket is on keeps the socket and says so (an `unavailable` error without id); the client says
 * hello again on it.
 */
export class ServerSession<T extends SessionTypes = SessionTypes> implements GameSession<T> {
  private ws: WebSocket | null = null;
  private snapshot: Snapshot<T> | null = null;
  private readonly listeners = new Set<{ snap: (s: Snapshot<T>) => void; err?: ((m: string) => void) | undefined }>();
  private readonly connListeners = new Set<(c: Connection, fatal: FatalError | null) => void>();
  /** Readers of every message the server sends (the chat reads its own and the welcome's part). */
  private readonly messageListeners = new Set<(m: ServerMessage) => void>();
  private readonly pending = new Map<string, { resolve: (a: Answer) => void; reject: (e: Error) => void }>();
  private nextId = 1;
  private delay: number;
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** Gives up a socket that has not opened in time. */
  private openTimer: ReturnType<typeof setTimeout> | null = null;
  /** Says hello again on the open socket after its game's process stopped (see `LOST_HELLO_MS`). */
  private lostTimer: ReturnType<typeof setTimeout> | null = null;
  private closed = false;
  /** The seq of the view held (null until a welcome, or when the server sends none). */
  private seq: number | null = null;
  /** A hello is out: states are ignored until its welcome (a patch could not be applied meanwhile). */
  private awaitingWelcome = true;
  connection: Connection = 'connecting';
  fatal: FatalError | null = null;

  constructor(
    readonly gameId: string,
    private readonly token: string | null,
    private readonly opts: ServerSessionOptions = {},
  ) {
    this.delay = opts.minDelayMs ?? 250;
    this.connect();
  }

  subscribe(onSnapshot: (s: Snapshot<T>) => void, onError?: (message: string) => void): () => void {
    const l = { snap: onSnapshot, err: onError };
    this.listeners.add(l);
    if (this.snapshot) onSnapshot(this.snapshot);
    if (this.fatal) onError?.(this.fatal.message);
    return () => this.listeners.delete(l);
  }

  /** Follows the connection state (called at once with the current one). */
  onConnection(cb: (c: Connection, fatal: FatalError | null) => void): () => void {
    this.connListeners.add(cb);
    cb(this.connection, this.fatal);
    return () => this.connListeners.delete(cb);
  }

  /** Follows every message of the server, after the session has handled it. */
  onServerMessage(cb: (m: ServerMessage) => void): () => void {
    this.messageListeners.add(cb);
    return () => this.messageListeners.delete(cb);
  }

  /** Sends a chat request; resolves on its ack, rejects with the server's refusal (an Error whose `code` is its code). */
  async chat(msg: ChatRequest): Promise<void> {
    await this.request(msg);
  }

  choose(choice: T['choice']): Promise<void> {
    // The move index guards against a choice made for a position that has moved on meanwhile.
    return this.request({ type: 'choice', choice, ...(this.snapshot ? { index: this.snapshot.moves } : {}) }).then(() => undefined);
  }

  undo(): Promise<void> {
    return this.request({ type: 'undo' }).then(() => undefined);
  }

  async hint(): Promise<HintResult> {
    const a = await this.request({ type: 'hint' });
    if (a.type !== 'hint') throw new Error('the server answered a hint request with something else');
    return { move: a.move, choice: a.choice, reason: a.reason };
  }

  /** Accepts (or offers) the rematch of the finished game, or declines it; the offer comes back in the snapshots. */
  async answerRematch(accept: boolean): Promise<void> {
    await this.request({ type: 'rematch', accept });
  }

  /**
   * Says hello again on a new socket: the server gives a seat played by a bot back to its player
   * on hello (its clock ran out while this page was open, say).
   */
  rejoin(): void {
    if (this.closed || this.fatal) return;
    this.ws?.close();
  }

  close(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.clearOpenTimer();
    this.clearLostTimer();
    this.failPending('the game was closed');
    this.ws?.close();
    this.ws = null;
    this.setConnection('closed');
  }

  private request(msg: Request): Promise<Answer> {
    const ws = this.ws;
    if (!ws || ws.readyState !== ws.OPEN || this.connection !== 'open')
      return Promise.reject(new Error(this.fatal?.message ?? 'not connected to the server'));
    const id = `c${this.nextId++}`;
    return new Promise<Answer>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      ws.send(JSON.stringify({ ...msg, id } satisfies ClientMessage));
    });
  }

  private connect(): void {
    if (this.closed) return;
    const WS = this.opts.WebSocket ?? WebSocket;
    const ws = new WS(this.opts.url ?? defaultSocketUrl());
    this.ws = ws;
    this.openTimer = setTimeout(() => {
      this.openTimer = null;
      if (this.ws !== ws || ws.readyState === ws.OPEN) return;
      // Not left to the close event: a socket stuck in its handshake may be slow to deliver one, so it
      // is disowned first (its late events are ignored) and the reconnect path runs now.
      this.dropped(ws);
      ws.close();
    }, this.opts.openTimeoutMs ?? 5000);
    ws.onopen = () => {
      if (this.ws !== ws) return;
      this.clearOpenTimer();
      this.hello(ws);
    };
    ws.onmessage = (e: MessageEvent) => {
      if (this.ws !== ws) return;
      let msg: ServerMessage;
      try {
        // Not checked against the schemas here: zod would be in the lobby's bundle (its size: `npm run bench:web`, bench/README.md).
        msg = JSON.parse(String(e.data)) as ServerMessage;
      } catch {
        return;
      }
      this.onMessage(msg);
      for (const l of this.messageListeners) l(msg);
    };
    ws.onclose = () => {
      if (this.ws !== ws) return;
      this.dropped(ws);
    };
    // An error is always followed by close, which does the work.
    ws.onerror = () => undefined;
  }

  /** The current socket is gone (closed, or given up before it opened): a new one after the backoff. */
  private dropped(ws: WebSocket): void {
    if (this.ws !== ws) return;
    this.ws = null;
    this.clearOpenTimer();
    this.clearLostTimer();
    this.failPending('the connection to the server was lost');
    if (this.closed || this.fatal) return;
    this.setConnection('reconnecting');
    this.timer = setTimeout(() => {
      this.timer = null;
      this.connect();
    }, this.delay);
    this.delay = Math.min(this.delay * 2, this.opts.maxDelayMs ?? 5000);
  }

  private clearOpenTimer(): void {
    if (this.openTimer) clearTimeout(this.openTimer);
    this.openTimer = null;
  }

  private clearLostTimer(): void {
    if (this.lostTimer) clearTimeout(this.lostTimer);
    this.lostTimer = null;
  }

  /**
   * The game is no longer played where it was (its process stopped, or let it go), and the process
   * this socket is on keeps the socket: the requests out will never be answered (the welcome will
   * tell which choices were stored), states wait for the welcome, and hello is said again on this
   * socket shortly. If that hello is refused too, the socket is closed and a new one tried after
   * the backoff (see `onMessage`).
   */
  private lost(ws: WebSocket): void {
    this.awaitingWelcome = true;
    this.failPending('the game moved to another server process; reconnecting');
    this.clearLostTimer();
    this.lostTimer = setTimeout(
      () => {
        this.lostTimer = null;
        if (this.ws === ws && ws.readyState === ws.OPEN && !this.closed) this.hello(ws);
      },
      LOST_HELLO_MS + Math.random() * LOST_HELLO_JITTER_MS,
    );
  }

  /** Says hello (again, after a missed message, on the same socket): the welcome brings the state and the log this client lacks. */
  private hello(ws: WebSocket): void {
    this.awaitingWelcome = true;
    ws.send(
      JSON.stringify({
        type: 'hello',
        game: this.gameId,
        ...(this.token ? { token: this.token } : {}),
        ...this.logHeld(),
      } satisfies ClientMessage),
    );
  }

  /**
   * The whole view a state message leads to, or null when the message is to be ignored: an old one
   * (at or before the held seq), or any while a hello is out. A patch that does not follow the held
   * seq means one was missed: hello again.
   */
  private viewOf(msg: StateMessage): T['view'] | null {
    if (this.awaitingWelcome) return null;
    if (this.seq !== null && msg.seq <= this.seq) return null;
    if (msg.patch === undefined) return msg.view as T['view'];
    if (this.snapshot && this.seq !== null && msg.seq === this.seq + 1) return applyViewPatch(this.snapshot.view, msg.patch);
    if (this.ws) this.hello(this.ws);
    return null;
  }

  /** What the server needs to send only the log this client lacks after a reconnect. */
  private logHeld(): { since?: number; at?: number } {
    const log = this.snapshot?.log ?? [];
    let i = log.length - 1;
    while (i >= 0 && log[i]!.table) i--;
    const last = log[i];
    return last?.at !== undefined && last.move === this.snapshot?.moves ? { since: last.move, at: last.at } : {};
  }

  private onMessage(msg: ServerMessage): void {
    switch (msg.type) {
      case 'welcome':
      case 'state': {
        // The game's view as its engine made it: typed per game, not checked field by field.
        const view = msg.type === 'welcome' ? (msg.view as T['view']) : this.viewOf(msg);
        if (view === null) return;
        if (msg.type === 'welcome') {
          this.awaitingWelcome = false;
          this.delay = this.opts.minDelayMs ?? 250;
          this.setConnection('open');
        }
        // A server that numbers nothing (seq absent) is followed message by message, as before seqs.
        this.seq = typeof msg.seq === 'number' ? msg.seq : null;
        const prev = this.snapshot;
        const log = nextLog(prev?.log ?? [], prev?.moves ?? 0, msg as Received<T>);
        // Whether the game is rated never changes: the welcome tells it.
        const rated = msg.type === 'welcome' ? msg.rated === true : prev?.rated === true;
        // A welcome tells the rematch offer as it is now; a state message leaves it as it was.
        const rematch = msg.type === 'welcome' ? msg.rematch : prev?.rematch;
        this.snapshot = {
          view,
          seat: msg.seat,
          // A state message carries the seats only when they changed, and never the away time: kept from before.
          seats: msg.seats ? msg.seats.map((x) => seatInfo(x, rated)) : (prev?.seats ?? []),
          moves: msg.moves,
          status: msg.status,
          canUndo: msg.canUndo,
          log,
          clocks: msg.clocks,
          awayAfterMs: msg.type === 'welcome' ? msg.awayAfterMs : prev?.awayAfterMs,
          ...(rated ? { rated: true as const } : {}),
          ...(rematch ? { rematch } : {}),
        };
        for (const l of this.listeners) l.snap(this.snapshot);
        return;
      }
      case 'seats': {
        // Someone came or went: only the seats change.
        if (!this.snapshot) return;
        this.snapshot = { ...this.snapshot, seats: msg.seats.map((s) => seatInfo(s, this.snapshot?.rated === true)) };
        for (const l of this.listeners) l.snap(this.snapshot);
        return;
      }
      case 'rematch': {
        if (!this.snapshot) return;
        const { accepted, declined, waiting, next } = msg;
        this.snapshot = { ...this.snapshot, rematch: { accepted, declined, waiting, ...(next ? { next } : {}) } };
        for (const l of this.listeners) l.snap(this.snapshot);
        return;
      }
      case 'ack':
      case 'hint': {
        const p = msg.id !== undefined ? this.pending.get(msg.id) : undefined;
        if (p) {
          this.pending.delete(msg.id!);
          p.resolve(msg);
        }
        return;
      }
      case 'error': {
        const p = msg.id !== undefined ? this.pending.get(msg.id) : undefined;
        if (p) {
          this.pending.delete(msg.id!);
          p.reject(Object.assign(new Error(msg.message), { code: msg.code }));
          return;
        }
        // The answer to a request that was failed already (when the game was lost): its caller knows.
        if (msg.id !== undefined) return;
        // The socket's game was lost with the process playing it, the socket itself is kept: hello again on it.
        if (msg.id === undefined && msg.code === 'unavailable' && this.connection === 'open' && !this.awaitingWelcome && this.ws) {
          this.lost(this.ws);
          return;
        }
        // A hello said again (after a missed state, or a lost game) was refused: a new socket says it again, after the backoff.
        if (msg.id === undefined && this.connection === 'open' && this.awaitingWelcome) {
          this.ws?.close();
          return;
        }
        // An error without a request is the answer to hello: the game or the seat is refused.
        if (this.connection !== 'open' && FATAL.has(msg.code)) {
          this.fatal = { code: msg.code, message: msg.message };
          this.setConnection('failed');
          this.ws?.close();
        }
        for (const l of this.listeners) l.err?.(msg.message);
        return;
      }
      case 'pong':
        return;
    }
  }

  private failPending(reason: string): void {
    for (const p of this.pending.values()) p.reject(new Error(reason));
    this.pending.clear();
  }

  private setConnection(c: Connection): void {
    this.connection = c;
    for (const l of this.connListeners) l(c, this.fatal);
  }
}
