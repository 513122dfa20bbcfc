import WebSocket from 'ws';
import { parseMsg, type ApiReply, type ServerMsg } from './wire.js';

/** A test client of the game server: sends JSON, keeps every message, waits for the ones it needs. */
export class TestClient {
  readonly messages: ServerMsg[] = [];
  private waiters: {
    pred: (m: ServerMsg) => boolean;
    resolve: (m: ServerMsg) => void;
    reject: (e: Error) => void;
    timer: NodeJS.Timeout;
  }[] = [];
  private constructor(readonly ws: WebSocket) {
    ws.on('message', (d) => {
      const m = parseMsg(d);
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

  static async connect(url: string): Promise<TestClient> {
    const ws = new WebSocket(url);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    return new TestClient(ws);
  }

  send(msg: unknown): void {
    this.ws.send(typeof msg === 'string' ? msg : JSON.stringify(msg));
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
