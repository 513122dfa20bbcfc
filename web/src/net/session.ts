import type { QChoice } from '../../../src/games/quetzal/choice.js';
import type { QView } from '../../../src/games/quetzal/view.js';
import type { RRChoice } from '../../../src/games/relic-runners/choice.js';
import type { RRView } from '../../../src/games/relic-runners/view.js';

/** The games the client plays; a view's `game` field says which one a snapshot is of. */
export type GameId = 'relic-runners' | 'quetzal';
export type GameView = RRView | QView;
export type AnyChoice = RRChoice | QChoice;

/** A public event of the engine (no hidden values), as the log and the board animate it. */
export interface LogEvent {
  readonly type: string;
  readonly seat?: number;
  readonly [k: string]: unknown;
}

/** One entry of the game log: the public events that one accepted choice caused. */
export interface LogEntry {
  /** Moves in the game's log when this happened (1 = after the first choice). */
  readonly move: number;
  /** When the server stored the move (server games): sent back on reconnect to get only what is new. */
  readonly at?: number;
  readonly events: readonly LogEvent[];
}

export interface SeatInfo {
  readonly seat: number;
  readonly kind: 'human' | 'bot';
  readonly name?: string;
  readonly bot?: string;
  readonly claimed?: boolean;
  readonly connected: boolean;
}

/** Everything the game screen draws: the same shape whether the game runs on the server or in the browser. */
export interface Snapshot {
  /** The game as the viewer may know it; `view.choices` lists the legal choices when it is the viewer's turn. */
  readonly view: GameView;
  /** The seat this screen plays, or null for a spectator. */
  readonly seat: number | null;
  readonly seats: readonly SeatInfo[];
  readonly moves: number;
  readonly status: string;
  readonly canUndo: boolean;
  readonly log: readonly LogEntry[];
  /** Milliseconds left per seat when the game has clocks. */
  readonly clocks: readonly (number | null)[] | null;
}

/**
 * A game being played, wherever it runs (server over WebSocket, or a Web Worker for offline play).
 * The UI only ever calls these; the authority decides and answers with a new snapshot.
 */
export interface GameSession {
  subscribe(onSnapshot: (s: Snapshot) => void, onError?: (message: string) => void): () => void;
  /** Resolves once the choice is accepted; rejects with the authority's reason otherwise. */
  choose(choice: AnyChoice): Promise<void>;
  undo(): Promise<void>;
  close(): void;
}

export type { QChoice, QView, RRChoice, RRView };
