/**
 * The Bot API as tests use it: a bot account with a token made over HTTP, bearer requests, and
 * the event stream read line by line.
 */
import assert from 'node:assert/strict';
import { AccountBrowser, uniqueName, type Reply } from './account-browser.js';

export const PASSWORD = 'correct horse battery';

/** Signs up a new account in a fresh browser of `base` (Origin `origin`). */
export async function signedUp(base: string, origin: string, tag = 'p'): Promise<{ b: AccountBrowser; name: string; id: string }> {
  const b = new AccountBrowser(base, origin);
  const name = uniqueName(tag);
  const r = await b.post('/api/account/sign-up', { name, password: PASSWORD });
  assert.equal(r.status, 201, JSON.stringify(r.json));
  return { b, name, id: r.json.account.id };
}

/** A new bot account (signed up, upgraded) and one API token of it. */
export async function botWithToken(base: string, origin: string): Promise<{ b: AccountBrowser; name: string; id: string; token: string }> {
  const a = await signedUp(base, origin, 'bot');
  const up = await a.b.post('/api/account/bot');
  assert.equal(up.status, 201, JSON.stringify(up.json));
  const t = await a.b.send<{ token: string }>('POST', '/api/account/tokens', { name: 'test' });
  assert.equal(t.status, 201, JSON.stringify(t.json));
  return { ...a, token: t.json.token };
}

/** A request with `Authorization: Bearer <token>` and no cookie, as a bot program sends it. */
export async function bearer<T = Record<string, unknown>>(
  base: string,
  token: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<Reply<T>> {
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(base + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  return { status: res.status, json: (text === '' ? null : JSON.parse(text)) as T, headers: res.headers };
}

export interface StreamEvent {
  readonly type: string;
  readonly challenge?: { readonly id: string; readonly status: string; readonly game: string; readonly challenger: string };
  readonly game?: { readonly id: string; readonly game: string; readonly seat: number };
}

/** The event stream of a token, its lines kept as they arrive (an empty line as null). */
export class EventStream {
  readonly lines: (StreamEvent | null)[] = [];
  readonly status: Promise<number>;
  /** Resolves when the server ends the stream. */
  readonly ended: Promise<void>;
  private readonly abort = new AbortController();
  private waiters: (() => void)[] = [];

  constructor(base: string, token: string) {
    let setStatus!: (s: number) => void;
    this.status = new Promise((r) => (setStatus = r));
    this.ended = (async () => {
      try {
        const res = await fetch(`${base}/api/stream/event`, { headers: { authorization: `Bearer ${token}` }, signal: this.abort.signal });
        setStatus(res.status);
        if (res.status !== 200 || res.body === null) return;
        const decoder = new TextDecoder();
        let buffered = '';
        for await (const chunk of res.body) {
          buffered += decoder.decode(chunk as Uint8Array, { stream: true });
          for (let i = buffered.indexOf('\n'); i >= 0; i = buffered.indexOf('\n')) {
            const line = buffered.slice(0, i);
            buffered = buffered.slice(i + 1);
            this.lines.push(line === '' ? null : (JSON.parse(line) as StreamEvent));
            for (const w of this.waiters.splice(0)) w();
          }
        }
      } catch (e) {
        if (!this.abort.signal.aborted) throw e;
      } finally {
        setStatus(0);
        for (const w of this.waiters.splice(0)) w();
      }
    })();
    this.ended.catch(() => undefined);
  }

  /** The first event (from the start of the stream) that `pred` accepts; fails after `ms`. */
  async next(pred: (e: StreamEvent) => boolean, what: string, ms = 10_000): Promise<StreamEvent> {
    const end = Date.now() + ms;
    for (;;) {
      const found = this.lines.find((e): e is StreamEvent => e !== null && pred(e));
      if (found) return found;
      if (Date.now() > end) throw new Error(`the event stream did not tell ${what} (lines: ${JSON.stringify(this.lines)})`);
      await new Promise<void>((r) => {
        const t = setTimeout(r, Math.max(0, end - Date.now()) + 1);
        this.waiters.push(() => {
          clearTimeout(t);
          r();
        });
      });
    }
  }

  close(): void {
    this.abort.abort();
  }
}
