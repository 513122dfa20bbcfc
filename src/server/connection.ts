import type { Duplex } from 'node:stream';
import type { WebSocket } from 'ws';
import type { Seat } from '../core/game.js';
import { InvalidInput } from '../core/errors.js';
import { Elsewhere, type Hub, type RelayLink } from './hub.js';
import { WELCOME_BYTES_PER_MESSAGE, WELCOME_MOVES_PER_MESSAGE } from './announcer.js';
import type { LiveGame, Subscriber } from './live-game.js';
import type { Log } from './log.js';
import { Refusal } from './refusal.js';
import { answerRematch } from './rematch.js';
import type { HintAnswer } from './seat-bots.js';
import { checkJsonShape } from '../core/json-shape.js';
import { chatOf, chatRequest, withChat } from './chat/game-chat.js';
import type { Speaker } from './chat/speaker.js';
import {
  ClientMessage,
  CloseCode,
  JSON_LIMITS,
  MAX_MESSAGE_BYTES,
  describeZodError,
  type ErrorCode,
  type HintMessage,
  type ServerMessage,
} from './protocol.js';

export interface ConnectionLimits {
  /** Messages per second (sustained), with a burst of twice that. */
  readonly perSecond: number;
  /** Bytes that may wait unsent for a client before it is cut off as a reader too slow to serve. */
  readonly maxBufferedBytes: number;
}

/** A long game's whole welcome is about 200 KB: a client this far behind has stopped reading. */
export const DEFAULT_MAX_BUFFERED_BYTES = 1024 * 1024;

/** After the close frame, how long a slow reader's socket (and its unsent bytes) may linger. */
const SLOW_READER_GRACE_MS = 1000;

/** One WebSocket client: a seat's player or a spectator of one game at a time. */
export class Connection implements Subscriber {
  seat: Seat | null = null;
  private game: LiveGame | null = null;
  /** Cluster mode: the relay to the process playing this socket's game, when another one does. */
  private link: RelayLink | null = null;
  /** Cluster mode: the relay of a hello still waiting for the owner's answer (the socket keeps its game until it is welcome). */
  private joining: RelayLink | null = null;
  /** Cluster mode: why this socket's game was lost (its owner died) until the client says hello again; its requests meanwhile are refused with it. */
  private lostWhy: string | null = null;
  private tokens: number;
  private last = Date.now();
  private strikes = 0;
  private dropped = false;
  /** Messages are handled one at a time, in order: a choice sent right after hello waits for it. */
  private inbox: Promise<void> = Promise.resolve();
  /** Whether the client answered the last heartbeat ping (see `heartbeat`). */
  private alive = true;
  /** Whether a message came in since the last beat: proof enough of life, no ping needed. */
  private heard = false;
  /** The socket's writes are held until the end of this turn of the event loop (see `sendText`). */
  private corked = false;

  constructor(
    private readonly hub: Hub,
    private readonly socket: WebSocket,
    private readonly limits: ConnectionLimits,
    /** The signed-in account of the socket's upgrade, which the chat names and checks. */
    private readonly account: Speaker | null = null,
  ) {
    this.tokens = 2 * limits.perSecond;
    socket.on('message', (data: Buffer | ArrayBuffer | Buffer[], isBinary: boolean) => {
      this.heard = true;
      if (!this.allow()) {
        // A client that keeps flooding after being told is cut off; one that slows down is forgiven.
        if (++this.strikes > 200) this.socket.close(CloseCode.rateLimit, 'rate limit');
        else this.rateLimited();
        return;
      }
      this.strikes = 0;
      this.inbox = this.inbox
        .then(() => this.onMessage(data, isBinary))
        .catch((e: unknown) => this.hub.log.error({ err: e, game: this.game?.id }, 'a WebSocket message could not be handled'));
    });
    socket.on('close', () => this.leave());
    socket.on('error', () => this.leave());
    // Browsers answer pings by themselves (RFC 6455), so every live client does.
    socket.on('pong', () => (this.alive = true));
  }

  /**
   * One beat of the heartbeat: a client that did not answer the previous ping is gone without a
   * word (a laptop closed, a network lost) and is cut off, so its seat shows as away at once;
   * the others are pinged again. One that sent a message since the last beat is alive and is not
   * pinged: at a human pace most players speak every few seconds, and a ping with its pong costs
   * the server about as much as a move.
   */
  heartbeat(): void {
    if (this.heard) {
      this.heard = false;
      this.alive = true;
      return;
    }
    if (!this.alive) {
      this.leave();
      this.socket.terminate();
      return;
    }
    this.alive = false;
    if (this.socket.readyState === this.socket.OPEN) this.socket.ping();
  }

  send(msg: ServerMessage): void {
    this.sendText(JSON.stringify(msg));
  }

  /**
   * Sends unless the client has stopped reading: past the limit of unsent bytes it is closed
   * (code 4001) and, after a short grace for the close frame, its socket and buffers are freed.
   */
  sendText(text: string): void {
    if (this.dropped || this.socket.readyState !== this.socket.OPEN) return;
    // The text's length stands in for its bytes (JSON here is nearly all ASCII): no second pass over it.
    if (this.socket.bufferedAmount + text.length > this.limits.maxBufferedBytes) {
      this.dropped = true;
      this.leave();
      this.socket.close(CloseCode.slowReader, 'too slow: messages are not being read');
      setTimeout(() => this.socket.terminate(), SLOW_READER_GRACE_MS).unref();
      return;
    }
    if (!this.corked) this.cork();
    this.socket.send(text);
  }

  /**
   * Holds this socket's writes until the current turn of the event loop is done, so that what one
   * turn sends it (a move's state and the choice's ack) leaves in one system call instead of one
   * per message (each write is a system call). ws has no public way to do it: its
   * underlying socket is `_socket`.
   */
  private cork(): void {
    const raw = (this.socket as unknown as { _socket?: Duplex })._socket;
    if (!raw) return;
    this.corked = true;
    raw.cork();
    process.nextTick(() => {
      this.corked = false;
      raw.uncork();
    });
  }

  close(code: ErrorCode, message: string): void {
    this.error(code, message);
    this.leave();
    this.socket.close(code === 'unavailable' ? CloseCode.tryAgain : CloseCode.seatTaken, code);
  }

  /**
   * Cluster mode: this socket's game is no longer played where it was: its owner (at the other end
   * of `link`) died, or stopped playing it, or forgot this socket; or this process stopped playing
   * it (no `link`). This process and the socket are well, so the socket stays: it stops watching
   * the game, as if it had said hello to no game, and its client is told to say hello again, which
   * finds the game where it is played now. A link this socket no longer uses changes nothing.
   */
  lost(message: string, link?: RelayLink): void {
    if (link !== undefined ? this.link !== link : this.game === null) return;
    // The link ended at the relay already; a hello under way (`joining`) is left to its answer.
    this.link = null;
    this.unwatch();
    this.lostWhy = message;
    this.error('unavailable', message);
  }

  private rateLimited(): void {
    this.error(
      'rate_limited',
      `more than ${this.limits.perSecond} messages per second (a welcome counts one per ${WELCOME_BYTES_PER_MESSAGE / 1024} KB it carries and per ${WELCOME_MOVES_PER_MESSAGE} moves of log it tells)`,
    );
  }

  private error(code: ErrorCode, message: string, id?: string): void {
    this.send({ type: 'error', code, message, ...(id !== undefined ? { id } : {}) });
  }

  /** Token bucket: a burst of 2 s worth of messages, then `perSecond`. */
  private allow(): boolean {
    const now = Date.now();
    const perSecond = this.limits.perSecond;
    this.tokens = Math.min(2 * perSecond, this.tokens + ((now - this.last) / 1000) * perSecond);
    this.last = now;
    if (this.tokens < 1) return false;
    this.tokens--;
    return true;
  }

  private async onMessage(data: Buffer | ArrayBuffer | Buffer[], isBinary: boolean): Promise<void> {
    // A Buffer as it came (Buffer.from would copy it): ws hands text frames over as Buffers.
    const buf = Array.isArray(data) ? Buffer.concat(data) : Buffer.isBuffer(data) ? data : Buffer.from(data);
    if (isBinary) return this.error('bad_message', 'messages are JSON text');
    if (buf.length > MAX_MESSAGE_BYTES)
      return this.error('too_large', `messages are at most ${MAX_MESSAGE_BYTES} bytes, this one has ${buf.length}`);
    let raw: unknown;
    try {
      raw = JSON.parse(buf.toString('utf8'));
    } catch {
      return this.error('bad_message', 'not JSON');
    }
    try {
      checkJsonShape(raw, JSON_LIMITS);
    } catch (e) {
      return this.error('bad_message', (e as Error).message, idOf(raw));
    }
    const parsed = ClientMessage.safeParse(raw);
    if (!parsed.success) return this.error('bad_message', describeZodError(parsed.error), idOf(raw));
    const msg = parsed.data;
    try {
      switch (msg.type) {
        case 'ping':
          return this.send({ type: 'pong', ...(msg.id !== undefined ? { id: msg.id } : {}) });
        case 'hello':
          // Hellos queued behind a costly welcome find the budget spent by it.
          if (this.tokens < 0) return this.rateLimited();
          return await this.hello(msg);
        case 'choice': {
          if (this.link) return await this.link.forward(msg);
          const { game, seat } = this.player();
          const index = await game.submit(seat, msg.choice, msg.index);
          return this.send({ type: 'ack', index, ...(msg.id !== undefined ? { id: msg.id } : {}) });
        }
        case 'undo': {
          if (this.link) return await this.link.forward(msg);
          const { game, seat } = this.player();
          const moves = await game.undo(seat);
          return this.send({ type: 'ack', undone: true, moves, ...(msg.id !== undefined ? { id: msg.id } : {}) });
        }
        case 'hint': {
          if (this.link) return await this.link.forward(msg);
          const { game, seat } = this.player();
          // Sent to this connection only: another device of the seat asks for its own.
          return this.send(hintMessage(await game.hint(seat), msg.id));
        }
        case 'chat':
        case 'chatSpectators':
        case 'mute':
        case 'report':
          if (this.link) return await this.link.forward({ ...msg, as: this.account });
          return this.sendText(await chatRequest(this.game, this, { ...msg, as: this.account }, this.lostWhy));
        case 'rematch': {
          if (this.link) return await this.link.forward(msg);
          const { game, seat } = this.player();
          await answerRematch(this.hub, game, seat, msg.accept);
          return this.send({ type: 'ack', ...(msg.id !== undefined ? { id: msg.id } : {}) });
        }
      }
    } catch (e) {
      const { code, message } = errorOf(e, this.hub.log, msg.type === 'hello' ? msg.game : this.game?.id);
      // A hello the cluster cannot serve now: the client is told, and its socket closed so that it tries again.
      if (code === 'unavailable' && (msg.type === 'hello' || this.link)) return this.close(code, message);
      return this.error(code, message, 'id' in msg ? msg.id : undefined);
    }
  }

  private player(): { game: LiveGame; seat: Seat } {
    if (!this.game) {
      if (this.lostWhy !== null) throw new Refusal('unavailable', this.lostWhy);
      throw new Refusal('not_joined', 'say hello with a game id (and your seat token) first');
    }
    if (this.seat === null) throw new Refusal('not_joined', 'spectators cannot act; say hello with your seat token');
    return { game: this.game, seat: this.seat };
  }

  private async hello(msg: Extract<ClientMessage, { type: 'hello' }>): Promise<void> {
    const { game: id, token, since, at } = msg;
    this.lostWhy = null;
    let g: LiveGame | null;
    try {
      // After this hello's turn here, unless the game is played elsewhere (its turn is taken there).
      g = await this.hub.helloGame(id);
    } catch (e) {
      if (e instanceof Elsewhere && this.hub.cluster) return this.helloElsewhere(msg, e.node);
      throw e;
    }
    if (!g) throw new Refusal('no_game', `no game "${id}"`);
    const chat = await chatOf(g);
    // Closed while the game was loading: subscribing now would show the seat as connected forever.
    if (this.socket.readyState !== this.socket.OPEN) return;
    const seat = token === undefined ? null : this.hub.seatOf(g, token);
    this.leave();
    this.game = g;
    this.seat = seat;
    g.subscribe(this);
    // A player coming back takes its seat back from the bot it was handed to.
    if (seat !== null) await g.reclaim(seat);
    const { text, cost } = withChat(g.welcomeText(seat, since, at), chat.welcome(seat));
    this.sendText(text);
    // A long log is worth many small messages: it is paid for from the same budget.
    this.tokens -= cost;
  }

  /**
   * Cluster mode: the game is played by process `node`; this socket is relayed to it. As with a
   * local game, a hello the owner refuses (a wrong token, say) leaves the socket where it was.
   */
  private async helloElsewhere(msg: Extract<ClientMessage, { type: 'hello' }>, node: string): Promise<void> {
    if (this.socket.readyState !== this.socket.OPEN) return;
    const link = this.hub.cluster!.relayTo(this, node);
    this.joining = link;
    const { ok, text, cost } = await link.hello(msg);
    // Closed meanwhile: leave() closed the link.
    if (this.joining !== link) return;
    this.joining = null;
    if (ok) {
      this.leave();
      this.link = link;
    } else {
      link.close();
    }
    this.sendText(text);
    if (ok) link.release();
    this.tokens -= cost;
  }

  private leave(): void {
    const link = this.link;
    this.link = null;
    link?.close();
    const joining = this.joining;
    this.joining = null;
    joining?.close();
    this.unwatch();
  }

  private unwatch(): void {
    const g = this.game;
    this.game = null;
    g?.unsubscribe(this);
  }
}

/** The answer to a hint request. */
export function hintMessage(h: HintAnswer, id: string | undefined): HintMessage {
  return { type: 'hint', move: h.move, choice: h.choice as HintMessage['choice'], reason: h.reason, ...(id !== undefined ? { id } : {}) };
}

/**
 * What a client is told of a failure: a refusal's own code and words, else that nothing was
 * changed; that one, a fault of the server, is logged (with the game the message was for).
 */
export function errorOf(e: unknown, log: Log, game: string | undefined): { code: ErrorCode; message: string } {
  if (e instanceof Refusal) return { code: e.code, message: e.message };
  if (e instanceof InvalidInput) return { code: 'bad_message', message: e.message };
  log.error({ err: e, game }, 'a message could not be handled');
  return { code: 'internal', message: 'the server could not handle this message; nothing was changed' };
}

function idOf(raw: unknown): string | undefined {
  const id = (raw as { id?: unknown } | null)?.id;
  return typeof id === 'string' && id.length <= 64 ? id : undefined;
}
