/**
 * A browser as the account API sees it, for tests: it keeps the cookies the server sets (by name,
 * as a browser on one site would), and sends its Origin and User-Agent with every request.
 */
import { randomBytes } from 'node:crypto';
import assert from 'node:assert/strict';

export interface SessionView {
  readonly id: string;
  readonly device: string;
  readonly createdAt: number;
  readonly lastUsedAt: number;
  readonly current: boolean;
}
export interface PasskeyView {
  readonly id: string;
  readonly name: string;
  readonly createdAt: number;
  readonly lastUsedAt: number | null;
}
export interface SeatRef {
  readonly gameId: string;
  readonly seat: number;
}
export interface ExportedGame {
  readonly id: string;
  readonly seat: number;
  readonly name: string | null;
  readonly status: string;
  readonly record: unknown;
}

/**
 * A reply of the account API as tests read it: the fields of every reply in one interface, so that
 * a test checks the status and reads the reply it expects (a list: `send<SessionView[]>`).
 */
export interface AccountReply {
  readonly error: string;
  readonly message: string;
  readonly account: { readonly id: string; readonly name: string; readonly createdAt: number; readonly hasPassword: boolean };
  readonly id: string;
  readonly name: string;
  readonly createdAt: number;
  readonly hasPassword: boolean;
  /** Whether the account is a bot account (docs/bot-api.md). */
  readonly bot: boolean;
  readonly passkeys: PasskeyView[];
  readonly passkey: PasskeyView;
  readonly attached: SeatRef[];
  readonly refused: (SeatRef & { readonly reason: string })[];
  readonly format: string;
  readonly sessions: SessionView[];
  readonly games: ExportedGame[];
  readonly ratings: unknown[];
  /** Passkey options. */
  readonly challenge: string;
  readonly rp: { readonly id: string; readonly name: string };
  readonly user: { readonly id: string; readonly name: string };
  readonly allowCredentials: unknown[];
  readonly excludeCredentials: { readonly id: string }[];
}

export interface Reply<T = AccountReply> {
  readonly status: number;
  readonly json: T;
  readonly headers: Headers;
}

export class AccountBrowser {
  readonly cookies = new Map<string, string>();
  /** Every Set-Cookie header received, the latest last. */
  readonly setCookies: string[] = [];

  constructor(
    readonly base: string,
    readonly origin: string | null = base,
    readonly userAgent = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36',
  ) {}

  /** Another browser of the same site, with no cookie. */
  fresh(userAgent?: string): AccountBrowser {
    return new AccountBrowser(this.base, this.origin, userAgent ?? this.userAgent);
  }

  async send<T = AccountReply>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Reply<T>> {
    const h: Record<string, string> = { 'user-agent': this.userAgent, ...headers };
    if (this.origin !== null) h.origin = this.origin;
    if (this.cookies.size > 0) h.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (body !== undefined) h['content-type'] = 'application/json';
    const res = await fetch(this.base + path, { method, headers: h, body: body === undefined ? undefined : JSON.stringify(body) });
    for (const c of res.headers.getSetCookie()) {
      this.setCookies.push(c);
      const [pair = ''] = c.split(';');
      const i = pair.indexOf('=');
      const name = pair.slice(0, i).trim();
      const value = pair.slice(i + 1).trim();
      const expired = /max-age=0|expires=thu, 01 jan 1970/i.test(c);
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await res.text();
    let json: unknown = text;
    try {
      json = text === '' ? null : JSON.parse(text);
    } catch {
      /* not JSON: kept as text */
    }
    return { status: res.status, json: json as T, headers: res.headers };
  }

  get = <T = AccountReply>(path: string) => this.send<T>('GET', path);
  post = (path: string, body: unknown = {}) => this.send('POST', path, body);
  delete = (path: string, body?: unknown) => this.send('DELETE', path, body);
}

let nameCount = 0;
/** An account name unique in the run (names are 3–20 characters), starting with `tag`. */
export const uniqueName = (tag: string): string => `${tag}${++nameCount}_${randomBytes(3).toString('hex')}`;

/** Asserts an account-API refusal: its status, its code, and an English sentence saying why. */
export function refused(r: Reply<unknown>, status: number, code: string, what: string): void {
  const json = r.json as { error?: unknown; message?: unknown };
  assert.equal(r.status, status, `${what}: ${JSON.stringify(r.json)}`);
  assert.equal(json.error, code, what);
  assert.ok(typeof json.message === 'string' && json.message.length > 10, `${what}: an English sentence says why`);
}
