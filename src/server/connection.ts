import type { WebSocket } from 'ws';
import type { Seat } from '../core/game.js';
import { InvalidInput } from '../core/errors.js';
import type { Hub } from './hub.js';
import { Refusal, type LiveGame, type Subscriber } from './live-game.js';
import { ClientMessage, MAX_MESSAGE_BYTES, describeZodError, type ErrorCode } from './protocol.js';

/** Close code when the server ends a connection whose seat token was revoked (4000–4999: the application's own). */
export const REVOKED_CLOSE_CODE = 4003;

/** One WebSocket client: a seat's player or a spectator of one game at a time. */
export class Connection implements Subscriber {
  seat: Seat | null = null;
  private game: LiveGame | null = null;
  private tokens: number;
  private last = Date.now();
  private strikes = 0;
  /** Messages are handled one at a time, in order: a choice sent right after hello waits for it. */
  private inbox: Promise<void> = Promise.resolve();

  constructor(private readonly hub: Hub, private readonly socket: WebSocket, private readonly perSecond: number) {
    this.tokens = 2 * perSecond;
    socket.on('message', (data: Buffer | ArrayBuffer | Buffer[], isBinary: boolean) => {
      if (!this.allow()) {
        // A client that keeps flooding after being told is cut off; one that slows down is forgiven.
        if (++this.strikes > 200) this.socket.close(1008, 'rate limit');
        else this.error('rate_limited', `more than ${this.perSecond} messages per second`);
        return;
      }
      this.strikes = 0;
      this.inbox = this.inbox.then(() => this.onMessage(data, isBinary)).catch((e: unknown) => console.error(e));
    });
    socket.on('close', () => this.leave());
    socket.on('error', () => this.leave());
  }

  send(msg: unknown): void {
    if (this.socket.readyState === this.socket.OPEN) this.socket.send(JSON.stringify(msg));
  }

  close(code: ErrorCode, message: string): void {
    this.error(code, message);
    this.leave();
    this.socket.close(REVOKED_CLOSE_CODE, code);
  }

  private error(code: ErrorCode, message: string, id?: string): void {
    this.send({ type: 'error', code, message, ...(id !== undefined ? { id } : {}) });
  }

  /** Token bucket: a burst of 2 s worth of messages, then `perSecond`. */
  private allow(): boolean {
    const now = Date.now();
    this.tokens = Math.min(2 * this.perSecond, this.tokens + ((now - this.last) / 1000) * this.perSecond);
    this.last = now;
    if (this.tokens < 1) return false;
    this.tokens--;
    return true;
  }

  private async onMessage(data: Buffer | ArrayBuffer | Buffer[], isBinary: boolean): Promise<void> {
    const buf = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer);
    if (isBinary) return this.error('bad_message', 'messages are JSON text');
    if (buf.length > MAX_MESSAGE_BYTES) return this.error('too_large', `messages are at most ${MAX_MESSAGE_BYTES} bytes, this one has ${buf.length}`);
    let raw: unknown;
    try {
      raw = JSON.parse(buf.toString('utf8'));
    } catch {
      return this.error('bad_message', 'not JSON');
    }
    const parsed = ClientMessage.safeParse(raw);
    if (!parsed.success) return this.error('bad_message', describeZodError(parsed.error), idOf(raw));
    const msg = parsed.data;
    try {
      switch (msg.type) {
        case 'ping':
          return this.send({ type: 'pong', ...(msg.id !== undefined ? { id: msg.id } : {}) });
        case 'hello':
          return await this.hello(msg.game, msg.token);
        case 'choice': {
          const { game, seat } = this.player();
          const index = await game.submit(seat, msg.choice, msg.index);
          return this.send({ type: 'ack', index, ...(msg.id !== undefined ? { id: msg.id } : {}) });
        }
        case 'undo': {
          const { game, seat } = this.player();
          const moves = await game.undo(seat);
          return this.send({ type: 'ack', undone: true, moves, ...(msg.id !== undefined ? { id: msg.id } : {}) });
        }
      }
    } catch (e) {
      const id = 'id' in msg ? msg.id : undefined;
      if (e instanceof Refusal) return this.error(e.code, e.message, id);
      if (e instanceof InvalidInput) return this.error('bad_message', e.message, id);
      console.error(e);
      return this.error('internal', 'the server could not handle this message; nothing was changed', id);
    }
  }

  private player(): { game: LiveGame; seat: Seat } {
    if (!this.game) throw new Refusal('not_joined', 'say hello with a game id (and your seat token) first');
    if (this.seat === null) throw new Refusal('not_joined', 'spectators cannot act; say hello with your seat token');
    return { game: this.game, seat: this.seat };
  }

  private async hello(id: string, token: string | undefined): Promise<void> {
    const g = await this.hub.get(id);
    if (!g) throw new Refusal('no_game', `no game "${id}"`);
    // Closed while the game was loading: subscribing now would show the seat as connected forever.
    if (this.socket.readyState !== this.socket.OPEN) return;
    const seat = token === undefined ? null : this.hub.seatOf(g, token);
    this.leave();
    this.game = g;
    this.seat = seat;
    g.subscribers.add(this);
    if (seat !== null) {
      g.leftAt[seat] = null;
      // A player coming back takes its seat back from the bot it was handed to.
      await g.reclaim(seat);
    }
    this.send({ ...(g.stateMessage(seat) as object), type: 'welcome', log: g.publicLog() });
  }

  private leave(): void {
    const g = this.game;
    if (!g) return;
    g.subscribers.delete(this);
    if (this.seat !== null && ![...g.subscribers].some((s) => s.seat === this.seat)) g.leftAt[this.seat] = Date.now();
    this.game = null;
  }
}

function idOf(raw: unknown): string | undefined {
  const id = (raw as { id?: unknown } | null)?.id;
  return typeof id === 'string' && id.length <= 64 ? id : undefined;
}
