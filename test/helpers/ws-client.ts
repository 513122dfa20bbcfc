import WebSocket from 'ws';
import { heldOf, noteResolved, parseMsg, withView, type ApiReply, type HeldView, type ServerMsg } from './wire.js';

/**
 * A test client of the game server: sends JSON, keeps every message, waits for the ones it needs.
 * It holds the view as a client does (PROTOCOL.md): state messages carrying a patch are handed to
 * tests with the patched whole `view`; an old one is dropped; after a gap it says hello again.
 */
export class TestClient {
  readonly messages: ServerMsg[] = [];
  /** The view this connection holds, and its seq (null before the first welcome). */
  private held: HeldView | null = null;
  /** The last hello sent: said again (with since/at) after a gap. */
  private lastHello: Record<string, unknown> | null = null;
  /** A hello is out: patches are not applied until its welcome (they may be another game's, or come after a gap). */
  private awaitingWelcome = false;
  /** State messages to drop on arrival, as if lost (tests of the resync). */
  private toDrop = 0;
  /** How many times this client said hello again after a gap. */
  resyncs = 0;
  private waiters: {
    pred: (m: ServerMsg) => boolean;
    resolve: (m: ServerMsg) => void;
    reject: (e: Error) => void;
    timer: NodeJS.Timeout;
  }[] = [];
  private constructor(readonly ws: WebSocket) {
    ws.on('message', (d) => {
      const raw = parseMsg(d);
      const m = this.receive(raw);
      noteResolved(d, m ?? { ...raw, type: 'ignored' });
      if (m === null) return;
      this.messages.push(m);
      for (const w of [...this.waiters]) {
        if (w.pred(m)) {
          clearTimeout(w.timer);
          this.waiters.splice(this.waiters.indexOf(w), 1);
          w.resolve(m);
        }
      }
    });
  }

  /** Opens a client; `headers` go with the upgrade (a session cookie and its page's Origin, say). */
  static async connect(url: string, headers?: Record<string, string>): Promise<TestClient> {
    const ws = new WebSocket(url, headers ? { headers } : undefined);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    return new TestClient(ws);
  }

  send(msg: unknown): void {
    if (typeof msg === 'object' && msg !== null && (msg as { type?: unknown }).type === 'hello') {
      this.lastHello = msg as Record<string, unknown>;
      this.awaitingWelcome = true;
    }
    this.ws.send(typeof msg === 'string' ? msg : JSON.stringify(msg));
  }

  /** Drops the next `n` state messages on arrival, as a lost message would be: the client notices the gap and resyncs. */
  dropStates(n = 1): void {
    this.toDrop += n;
  }

  /** A message as tests see it: a state with its whole view; null for a state not handed over (lost, old, or unusable). */
  private receive(m: ServerMsg): ServerMsg | null {
    // A refused hello (an error without id): the connection watches what it watched before.
    if (m.type === 'error' && m.id === undefined) this.awaitingWelcome = false;
    if (m.type !== 'state' && m.type !== 'welcome') return m;
    if (m.type === 'state' && this.toDrop > 0) {
      this.toDrop--;
      return null;
    }
    // Until the welcome, a patch may be of another game, or follow the gap being repaired.
    const r = m.type === 'state' && this.awaitingWelcome && m.patch !== undefined ? 'wait' : withView(m, this.held);
    if (r === 'gap' && this.lastHello) this.resync();
    if (typeof r === 'string') return null;
    if (r.type === 'welcome') this.awaitingWelcome = false;
    this.held = heldOf(r);
    return r;
  }

  /** A state message was missed: hello again on the same socket, saying which log this client holds. */
  private resync(): void {
    const held = this.held;
    this.resyncs++;
    this.send({ ...this.lastHello, ...(held && held.at !== null ? { since: held.moves, at: held.at } : {}) });
  }

  /** The next message (from now on) matching `pred`; fails after `ms`. */
  next(pred: (m: ServerMsg) => boolean, ms = 10_000): Promise<ServerMsg> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no matching message within ${ms} ms; last: ${JSON.stringify(this.messages.at(-1))?.slice(0, 300)}`)),
        ms,
      );
      this.waiters.push({ pred, resolve, reject, timer });
    });
  }

  /** Sends a message and waits for the reply with the same id (ack, pong or error). */
  async request(msg: Record<string, unknown>, ms = 10_000): Promise<ServerMsg> {
    const id = String(Math.random()).slice(2);
    const reply = this.next((m) => m.id === id, ms);
    this.send({ ...msg, id });
    return reply;
  }

  close(): void {
    this.ws.close();
  }

  /** The close code once the server has closed the socket (-1 when it was closed already); fails after `ms`. */
  closed(ms = 5000): Promise<number> {
    if (this.ws.readyState === this.ws.CLOSED) return Promise.resolve(-1);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`socket not closed within ${ms} ms`)), ms);
      this.ws.once('close', (code) => {
        clearTimeout(timer);
        resolve(code);
      });
    });
  }
}

/**
 * JSON over HTTP to the server; `T` is the reply the caller expects (it checks the status); a body
 * that is not JSON comes back as its text.
 */
export async function http<T = ApiReply>(base: string, method: string, path: string, body?: unknown): Promise<{ status: number; json: T }> {
  const res = await fetch(base + path, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = text;
  }
  return { status: res.status, json: json as T };
}
