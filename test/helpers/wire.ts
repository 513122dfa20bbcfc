/**
 * What the server sends, typed as the tests and benches read it: socket messages (src/server/
 * live-game.ts stateMessage, connection.ts) and HTTP replies (src/server/app.ts, hub.ts summary).
 */
import type { RawData } from 'ws';
import type { GameEvent, Result, Seat } from '../../src/core/game.js';
import type { MatchRecord } from '../../src/core/match.js';
import { applyViewPatch, type ViewPatch } from '../../src/core/view-patch.js';
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
  /** 'ignored': a state message its TestClient did not hand over (lost on purpose, old, or after a gap): listeners skip it. */
  readonly type: 'welcome' | 'state' | 'error' | 'ack' | 'pong' | 'hint' | 'ignored';
  /** The id of the request answered (ack, pong, error). */
  readonly id?: string;
  // state and welcome
  readonly game: string;
  readonly seat: Seat | null;
  readonly moves: number;
  readonly at: number | null;
  readonly status: 'active' | 'finished' | 'abandoned';
  readonly toAct: Seat | null;
  /** The game's announcement counter (state messages and welcomes). */
  readonly seq: number;
  /** The whole view: always there in a welcome, and in every state a TestClient hands over (it applies the patches). */
  readonly view: V;
  /** What the server sent instead of the view in most state messages (a TestClient turns it into `view`). */
  readonly patch?: ViewPatch;
  readonly events: readonly GameEvent[];
  readonly canUndo: boolean;
  readonly clocks: readonly number[] | null;
  /** Always in a welcome; in a state message only when they changed since the one before (absent: as they were). */
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
  // hint
  readonly move?: number;
  readonly choice?: unknown;
  readonly reason?: { readonly term: string; readonly gain: number };
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

/**
 * Messages as a TestClient (test/helpers/ws-client.ts) handed them over, by the data ws received:
 * a test's own listener on the same socket, registered after the client's, reads a state message
 * with its whole view (the client applied the patch) instead of the patch the server sent.
 */
const resolved = new WeakMap<object, ServerMsg<unknown>>();

/** Notes the message a TestClient made of `d` (see `resolved`). */
export function noteResolved(d: RawData, m: ServerMsg<unknown>): void {
  resolved.set(d, m);
}

/** A server socket message from its text (as its TestClient resolved it, when one did). */
export const parseMsg = <V = RRView>(d: RawData | string): ServerMsg<V> =>
  ((typeof d !== 'string' && resolved.get(d)) || JSON.parse(typeof d === 'string' ? d : wsText(d))) as ServerMsg<V>;

/** The view a client holds, with the seq it is at (PROTOCOL.md) and the log position its next hello names. */
export interface HeldView {
  readonly seq: number;
  readonly view: unknown;
  readonly moves: number;
  readonly at: number | null;
}

/**
 * A state or welcome as a client that held `held` before it sees it: with its whole view (the
 * patch applied), or 'old' (at or before the held seq: ignored), or 'gap' (a patch that does not
 * follow the held seq: the client missed a message and says hello again). `inPlace`: the patch
 * changes the held view itself (applyViewPatch), for a client that keeps no earlier view.
 */
export function withView<V>(
  m: ServerMsg<V>,
  held: HeldView | null,
  opts: { readonly inPlace?: boolean } = {},
): ServerMsg<V> | 'old' | 'gap' {
  if (m.type === 'welcome') return m;
  if (held && m.seq <= held.seq) return 'old';
  if (m.patch === undefined) return m;
  if (!held || m.seq !== held.seq + 1) return 'gap';
  const { patch, ...rest } = m;
  return { ...rest, view: applyViewPatch(held.view as V, patch, opts) };
}

/** What a client holds after a message `withView` handed over. */
export const heldOf = (m: ServerMsg<unknown>): HeldView => ({ seq: m.seq, view: m.view, moves: m.moves, at: m.at });
