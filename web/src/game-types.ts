import type { ComponentType } from 'react';
import type { TFunction } from 'i18next';
import type { GameId as RegisteredGameId } from '../../src/bots/registry.js';
import type { AnyGame } from '../../src/core/game.js';
import type { QChoice } from '../../src/games/quetzal/choice.js';
import type { Options as QOptions } from '../../src/games/quetzal/state.js';
import type { QView } from '../../src/games/quetzal/view.js';
import type { RRChoice } from '../../src/games/relic-runners/choice.js';
import type { Options as RROptions } from '../../src/games/relic-runners/state.js';
import type { RRView } from '../../src/games/relic-runners/view.js';
import type { TableProps } from './game/table.js';
import type { HelpOutline } from './help/outline.js';
import type { LogEvent, SessionTypes } from './net/session.js';
import type { QHelpId } from './quetzal/help-outline.js';
import type { RRHelpId } from './relic-runners/help-outline.js';

/**
 * Each game's types as the client holds them: its view, its choices, its public events, the
 * options the lobby sets and the ids of its rules help. Sessions, tables and the client's registry
 * (registry.ts) are typed by one entry.
 */
export interface GameTypeMap {
  readonly 'relic-runners': {
    readonly view: RRView;
    readonly choice: RRChoice;
    readonly event: LogEvent;
    readonly options: Pick<RROptions, 'layout' | 'openScores'>;
    readonly helpId: RRHelpId;
  };
  readonly quetzal: {
    readonly view: QView;
    readonly choice: QChoice;
    readonly event: LogEvent;
    /** None is set in the lobby: the start seat defaults to A. */
    readonly options: Partial<QOptions>;
    readonly helpId: QHelpId;
  };
}

/** The games the client plays; a view's `game` field says which one a snapshot is of. */
export type GameId = keyof GameTypeMap;

/**
 * The client shows exactly the games the engine side registers (src/bots/registry.ts): a game in
 * one and not in the other does not compile.
 */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Holds<T extends true> = T;
export type ClientShowsEveryRegisteredGame = Holds<Same<GameId, RegisteredGameId>>;
export type TypesOf<G extends GameId> = GameTypeMap[G];
export type OptionsOf<G extends GameId> = GameTypeMap[G]['options'];
export type GameView = GameTypeMap[GameId]['view'];
export type AnyChoice = GameTypeMap[GameId]['choice'];

/** A game's types: a session's, plus the options its lobby fields set and the ids of its rules help. */
export interface GameTypes extends SessionTypes {
  readonly options: object;
  readonly helpId: string;
}

/** The lobby's fields for a game's options, by the form they sit in ('bots-…', 'friends-…' test ids). */
export interface OptionFieldsProps<O> {
  readonly value: O;
  readonly onChange: (o: O) => void;
  readonly testPrefix: string;
}

/** A game's part of the lobby: option defaults and fields. Light, so the lobby's own chunk holds it. */
export interface LobbyEntry<T extends GameTypes> {
  /** The options a new game starts with, against bots and with friends. */
  readonly defaults: { readonly bots: T['options']; readonly friends: T['options'] };
  /** The form fields for them; null when the game has nothing to set. */
  readonly OptionFields: ComponentType<OptionFieldsProps<T['options']>> | null;
}

/** What a game's page shows of it (`<game>/index.ts`): loaded with the pages that show a table, never by the lobby. */
export interface ClientGame<T extends GameTypes> {
  /** The table: board, decision, players and log. */
  readonly Table: ComponentType<TableProps<T>>;
  /** The game's part of the status bar: how far the game has come. */
  readonly Progress: ComponentType<{ readonly view: T['view'] }>;
  /** Where a replay stands in the game, beside its slider. */
  readonly replayPosition: (view: T['view'], t: TFunction) => string;
  /** A choice in words on its own (the replay's analysis), given any view of its position; may throw on a stranger. */
  readonly choiceLabel: (choice: T['choice'], view: T['view'], t: TFunction) => string;
  /** The rules help's sections and entries (their words are loaded per language: the registry's `help`). */
  readonly helpOutline: HelpOutline<T['helpId']>;
}

/** A game's engine in the browser for the replay viewer (`<game>/engine.ts`): loaded by replays only. */
export interface ClientEngine {
  /** The engine: the very object the engine side registers. */
  readonly game: AnyGame;
  /** Each seat's score if the game ended now (the replay's score chart). */
  scoresNow(state: unknown): number[];
  /** The replay's view of a state, when it shows more than a spectator's (everything is public once the game is over). */
  replayView?(state: unknown): unknown;
}

export type { QChoice, QView, RRChoice, RRView };
