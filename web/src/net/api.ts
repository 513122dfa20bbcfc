import type {
  CreatedGame,
  CreateGame,
  ErrorAnswer,
  GameListing,
  GameSummary,
  Invite,
  JoinAnswer,
  OpenGames,
} from '../../../src/server/protocol.js';
/**
 * The game server's HTTP API as the client uses it, and the seat tokens this browser holds.
 * Every call goes to the page's own origin (the server serves the client; Vite proxies in dev).
 * The bodies and answers are the server's own types (src/server/protocol.ts).
 */

/** A seat of a new game: a person (who joins by link) or a bot. */
export type SeatRequest = CreateGame['seats'][number];

/** Body of POST /api/games. No seed: the server draws one, so nobody at the table can know the hidden tiles. */
export type CreateGameRequest = Omit<CreateGame, 'seed'>;

export type { GameListing, GameSummary, Invite };

/** A refusal or failure of the server, with its error code ('bad_token', 'no_game', …) when it gave one. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * One request to the server, same-origin with its cookies (an account's session). Every request
 * that changes something carries a JSON body (`{}` when it has nothing to say): a content type no
 * plain HTML form can send, and one the server's parser accepts on every method. An answer without
 * content (204) is `undefined`; a refusal throws with the server's error code.
 */
export async function request<T>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<T> {
  const sent = method === 'GET' ? undefined : JSON.stringify(body ?? {});
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: sent === undefined ? { accept: 'application/json' } : { 'content-type': 'application/json', accept: 'application/json' },
      body: sent,
    });
  } catch (e) {
    throw new ApiError(0, 'network', e instanceof Error ? e.message : String(e));
  }
  if (res.status === 204) return undefined as T;
  const json = (await res.json().catch(() => null)) as (T & Partial<ErrorAnswer>) | null;
  if (!res.ok || json === null) {
    throw new ApiError(res.status, json?.error ?? 'http', json?.message ?? `${res.status} ${res.statusText}`);
  }
  return json;
}

export const createGame = (req: CreateGameRequest): Promise<CreatedGame> => request('POST', '/api/games', req);

/**
 * Takes a seat for this browser. With the seat's key (from its link) the seat moves here even from
 * another device; without, only a free seat of a game open to anyone. The key returned is the seat's
 * link from now on.
 */
export const joinGame = (id: string, seat: number, name?: string, key?: string): Promise<JoinAnswer> =>
  request('POST', `/api/games/${encodeURIComponent(id)}/join`, { seat, ...(name ? { name } : {}), ...(key ? { key } : {}) });

export const getGame = (id: string): Promise<GameSummary> => request('GET', `/api/games/${encodeURIComponent(id)}`);

/** Hands another seat, whose player has been away long enough, to the game's bot (the server checks the token and the time). */
export const handToBot = (id: string, seat: number, token: string): Promise<GameSummary> =>
  request('POST', `/api/games/${encodeURIComponent(id)}/seats/${seat}/bot`, { token });

export const listGames = async (): Promise<GameListing[]> => (await request<OpenGames>('GET', '/api/games')).games;

/** Creates a game and claims seat 0 for this browser with its key; returns the game id and the other seats' invitations. */
export async function createAndJoin(req: CreateGameRequest, name?: string): Promise<{ id: string; invites: Invite[] }> {
  const g = await createGame(req);
  const own = g.invites.find((i) => i.seat === 0);
  const { token, seat, key } = await joinGame(g.id, 0, name, own?.key);
  saveSeat(g.id, { token, seat, key });
  const invites = g.invites.filter((i) => i.seat !== 0);
  saveInvites(g.id, invites);
  return { id: g.id, invites };
}

// Seat tokens (the only key to act for a seat) and seat links' keys, kept per game in this browser.

export interface HeldSeat {
  readonly token: string;
  readonly seat: number;
  /** The key of the seat's link: opened on another device, it moves the seat there. */
  readonly key?: string;
}

const SEAT_PREFIX = 'expedition.seat.';
const seatKey = (id: string) => `${SEAT_PREFIX}${id}`;

export function heldSeat(id: string): HeldSeat | null {
  try {
    const raw = localStorage.getItem(seatKey(id));
    if (!raw) return null;
    const v = JSON.parse(raw) as Partial<HeldSeat>;
    if (typeof v.token !== 'string' || typeof v.seat !== 'number') return null;
    return { token: v.token, seat: v.seat, ...(typeof v.key === 'string' ? { key: v.key } : {}) };
  } catch {
    return null;
  }
}

/** A seat this browser holds, with its game. */
export interface HeldGameSeat extends HeldSeat {
  readonly gameId: string;
}

/** Every seat this browser holds, sorted by game id. */
export function heldSeats(): HeldGameSeat[] {
  const out: HeldGameSeat[] = [];
  try {
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      if (!key?.startsWith(SEAT_PREFIX)) continue;
      const gameId = key.slice(SEAT_PREFIX.length);
      const s = heldSeat(gameId);
      if (s) out.push({ gameId, ...s });
    }
  } catch {
    // Storage disabled by the browser: no seat is held here.
  }
  return out.sort((a, b) => (a.gameId < b.gameId ? -1 : a.gameId > b.gameId ? 1 : 0));
}

export function saveSeat(id: string, s: HeldSeat): void {
  localStorage.setItem(seatKey(id), JSON.stringify(s));
}

export function forgetSeat(id: string): void {
  localStorage.removeItem(seatKey(id));
}

const invitesKey = (id: string) => `expedition.invites.${id}`;

/** The other seats' invitations this browser was handed when it created the game. */
export function savedInvites(id: string): Invite[] {
  try {
    const v = JSON.parse(localStorage.getItem(invitesKey(id)) ?? '[]') as unknown;
    return Array.isArray(v)
      ? v.filter(
          (i: unknown): i is Invite =>
            typeof (i as Partial<Invite> | null)?.seat === 'number' && typeof (i as Partial<Invite> | null)?.key === 'string',
        )
      : [];
  } catch {
    return [];
  }
}

export function saveInvites(id: string, invites: readonly Invite[]): void {
  localStorage.setItem(invitesKey(id), JSON.stringify(invites));
}

/**
 * The link that is `seat` of a game: whoever opens it plays that seat. The key is in the fragment,
 * which browsers never send to a server (not in the request line, not in a Referer), so it stays
 * out of every access log.
 */
export function seatLink(id: string, seat: number, key: string, origin = location.origin): string {
  return `${origin}/game/${encodeURIComponent(id)}?seat=${seat}#key=${encodeURIComponent(key)}`;
}

/** The key a seat link carries in its fragment (`#key=…`), if any. */
export function linkKey(hash: string): string | null {
  const key = new URLSearchParams(hash.replace(/^#/, '')).get('key');
  return key !== null && /^[A-Za-z0-9_-]{16,128}$/.test(key) ? key : null;
}

const NAME_KEY = 'expedition.name';

/** The longest display name the server takes (protocol.ts displayName). */
export const MAX_NAME = 40;

/** The player's name as last typed in the lobby (sent when claiming a seat). */
export function savedName(): string {
  try {
    return localStorage.getItem(NAME_KEY) ?? '';
  } catch {
    return '';
  }
}

export function saveName(name: string): void {
  localStorage.setItem(NAME_KEY, name);
}
