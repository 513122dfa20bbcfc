/**
 * What the server sends, typed as the tests and benches read it: socket messages (src/server/
 * live-game.ts stateMessage, connection.ts) and HTTP replies (src/server/app.ts, hub.ts summary).
 */
import type { RawData } from 'ws';
import type { GameEvent, Result, Seat } from '../../src/core/game.js';
import type { MatchRecord } from '../../src/core/match.js';
import type { RRView } from '../../src/games/relic-runners/index.js';
import type { GameSummary as ListedGame } from '../../src/server/store.js';

/** A seat as the server lists it in state messages and game summaries. */
export interface SeatInfo {
  readonly seat: Seat;
  readonly kind: 'human' | 'bot';
  readonly name: string | null;
  readonly bot: string | null;
  readonly claimed: boolean;
  readonly connected: boolean;
}

/** One move of a welcome's log. */
export interface LogEntryMsg {
  readonly move: number;
  readonly at: number;
  readonly events: readonly GameEvent[];
}

/**
 * A socket message. The fields of every type are in one interface: a test waits for a message by
 * its `type` and reads that type's fields (a field another type has reads as undefined). `V` is the
 * view of the game played: Relic Runners unless a test says otherwise.
 */
export interface ServerMsg<V = RRView> {
  readonly type: 'welcome' | 'state' | 'error' | 'ack' | 'pong';
  /** The id of the request answered (ack, pong, error). */
  readonly id?: string;
  // state and welcome
  readonly game: string;
  readonly seat: Seat | null;
  readonly moves: number;
  readonly at: number | null;
  readonly status: 'active' | 'finished' | 'abandoned';
  readonly toAct: Seat | null;
  readonly view: V;
  readonly events: readonly GameEvent[];
  readonly canUndo: boolean;
  readonly clocks: readonly number[] | null;
  readonly seats: readonly SeatInfo[];
  // welcome
  readonly logFrom: number;
  readonly log: readonly LogEntryMsg[];
  // error
  readonly code: string;
  readonly message: string;
  // ack
  readonly index: number;
  readonly undone?: true;
}

/** A game as GET /api/games/:id (and a creation, a hand-over to a bot) answers it. */
export interface GameInfo {
  readonly id: string;
  readonly game: string;
  readonly seats: readonly SeatInfo[];
  readonly status: ServerMsg['status'];
  readonly moves: number;
  readonly toAct: Seat | null;
  readonly result: Result | null;
}

/** POST /api/games: the summary and the seats' invitation keys (the only time they leave the server). */
export interface CreatedGame extends GameInfo {
  readonly invites: readonly { readonly seat: Seat; readonly key: string }[];
}

/** POST /api/games/:id/join. */
export interface JoinedSeat {
  readonly seat: Seat;
  readonly token: string;
  readonly key: string;
}

/** GET /api/games: the listed games still being played. */
export interface GameList {
  readonly games: readonly ListedGame[];
}

/** Any refusal over HTTP. */
export interface ErrorReply {
  readonly error: string;
  readonly message: string;
}

/** GET /api/games/:id/record. */
export type RecordReply = MatchRecord;

/**
 * An HTTP reply of the game API other than a record, as tests read it: the fields of every reply in
 * one interface (like ServerMsg), so that a test checks the status and reads the reply it expects.
 */
export interface ApiReply extends CreatedGame, JoinedSeat, GameList, ErrorReply {}

/** The text of a WebSocket message (ws hands over a Buffer, a list of them or an ArrayBuffer). */
export function wsText(d: RawData): string {
  if (Array.isArray(d)) return Buffer.concat(d).toString('utf8');
  return (d instanceof ArrayBuffer ? Buffer.from(d) : d).toString('utf8');
}

/** A server socket message from its text. */
export const parseMsg = <V = RRView>(d: RawData | string): ServerMsg<V> =>
  JSON.parse(typeof d === 'string' ? d : wsText(d)) as ServerMsg<V>;
