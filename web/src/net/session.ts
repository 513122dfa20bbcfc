import type { PublicEvent, RematchOffer } from '../../../src/server/protocol.js';

/** A public event of the engine (no hidden values), as the log and the board animate it. */
export type LogEvent = PublicEvent;

/** One entry of the game log: the public events that one accepted choice caused. */
export interface LogEntry<E extends LogEvent = LogEvent> {
  /** Moves in the game's log when this happened (1 = after the first choice). */
  readonly move: number;
  /** When the server stored the move (server games): sent back on reconnect to get only what is new. */
  readonly at?: number;
  readonly events: readonly E[];
  /** Events of the table after move `move` (a seat handed to a bot, taken back), not a move of its own. */
  readonly table?: true;
}

export interface SeatInfo {
  readonly seat: number;
  readonly kind: 'human' | 'bot';
  readonly name?: string;
  readonly bot?: string;
  /** The account whose profile the seat's name links to (a rated game's players, and bots of a known level). */
  readonly profile?: string;
  readonly claimed?: boolean;
  readonly connected: boolean;
  /** Since when (this browser's clock, ms) the seat's player has been away; absent while connected. */
  readonly awaySince?: number;
}

/** What the screens read of any game's view: every engine's view has these fields. */
export interface BaseView {
  readonly game: string;
  readonly toAct: number | null;
  readonly decision: string | null;
  /** The legal choices, when it is the viewer's turn. */
  readonly choices: readonly Choice[] | null;
  /** Set once the game is over. */
  readonly result: object | null;
}

/** Every game's choices are tagged by `t` (a type, not an interface: it must fit the protocol's open record). */
export type Choice = { readonly t: string };

/** What a session is generic over: one game's view, choices and public events (web/src/game-types.ts maps each game to its own). */
export interface SessionTypes {
  readonly view: BaseView;
  readonly choice: Choice;
  readonly event: LogEvent;
}

/** Everything the game screen draws: the same shape whether the game runs on the server or in the browser. */
export interface Snapshot<T extends SessionTypes = SessionTypes> {
  /** The game as the viewer may know it; `view.choices` lists the legal choices when it is the viewer's turn. */
  readonly view: T['view'];
  /** The seat this screen plays, or null for a spectator. */
  readonly seat: number | null;
  readonly seats: readonly SeatInfo[];
  readonly moves: number;
  readonly status: string;
  readonly canUndo: boolean;
  readonly log: readonly LogEntry<T['event']>[];
  /** Milliseconds left per seat when the game has clocks. */
  readonly clocks: readonly (number | null)[] | null;
  /** Server games: after how long away a seat may be handed to a bot by the others. */
  readonly awayAfterMs?: number;
  /** Server games: a rated game, whose result moves the players' ratings. */
  readonly rated?: true;
  /** Server games: the rematch offered at the end, as this screen's seat may know it. */
  readonly rematch?: RematchOffer;
}

/** The greedy bot's suggestion for the viewer's decision at move count `move`, and why (src/bots/hint.ts). */
export interface HintResult {
  readonly move: number;
  readonly choice: Choice;
  /** The bot's estimate's term (a key such as `relics`) that gains the most by the end of the turn. */
  readonly reason: { readonly term: string; readonly gain: number };
}

/**
 * A game being played, wherever it runs (server over WebSocket, or a Web Worker for offline play).
 * The UI only ever calls these; the authority decides and answers with a new snapshot.
 */
export interface GameSession<T extends SessionTypes = SessionTypes> {
  subscribe(onSnapshot: (s: Snapshot<T>) => void, onError?: (message: string) => void): () => void;
  /** Resolves once the choice is accepted; rejects with the authority's reason otherwise. */
  choose(choice: T['choice']): Promise<void>;
  undo(): Promise<void>;
  /** The suggestion for the viewer's decision now; refused unless every other seat is a bot (absent: no hints here). */
  hint?(): Promise<HintResult>;
  close(): void;
}

// Transitional: the offline engine and the replay timeline still import these game unions from here.
export type { AnyChoice, GameView } from '../game-types.js';
