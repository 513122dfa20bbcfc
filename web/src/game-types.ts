import type { ComponentType } from 'react';
import type { TFunction } from 'i18next';
import type { QChoice } from '../../src/games/quetzal/choice.js';
import type { Options as QOptions } from '../../src/games/quetzal/state.js';
import type { QView } from '../../src/games/quetzal/view.js';
import type { RRChoice } from '../../src/games/relic-runners/choice.js';
import type { Options as RROptions } from '../../src/games/relic-runners/state.js';
import type { RRView } from '../../src/games/relic-runners/view.js';
import type { TableProps } from './game/table.js';
import type { LogEvent, SessionTypes } from './net/session.js';

/**
 * Each game's types as the client holds them: its view, its choices, its public events, and the
 * options the lobby sets. Sessions, tables and the registry (games.ts) are typed by one entry.
 */
export interface GameTypeMap {
  readonly 'relic-runners': {
    readonly view: RRView;
    readonly choice: RRChoice;
    readonly event: LogEvent;
    readonly options: Pick<RROptions, 'layout' | 'openScores'>;
  };
  readonly quetzal: {
    readonly view: QView;
    readonly choice: QChoice;
    readonly event: LogEvent;
    /** None is set in the lobby: the start seat defaults to A. */
    readonly options: Partial<QOptions>;
  };
}

/** The games the client plays; a view's `game` field says which one a snapshot is of. */
export type GameId = keyof GameTypeMap;
export type TypesOf<G extends GameId> = GameTypeMap[G];
export type OptionsOf<G extends GameId> = GameTypeMap[G]['options'];
export type GameView = GameTypeMap[GameId]['view'];
export type AnyChoice = GameTypeMap[GameId]['choice'];

/** A game's types: a session's, plus the options its lobby fields set. */
export interface GameTypes extends SessionTypes {
  readonly options: object;
}

/** The lobby's fields for a game's options, by the form they sit in ('bots-…', 'friends-…' test ids). */
export interface OptionFieldsProps<O> {
  readonly value: O;
  readonly onChange: (o: O) => void;
  readonly testPrefix: string;
}

/** Everything the client shows of one game: its entry in the registry (games.ts). */
export interface ClientGame<T extends GameTypes> {
  /** The table: board, decision, players and log. */
  readonly Table: ComponentType<TableProps<T>>;
  /** The game's part of the status bar: how far the game has come. */
  readonly Progress: ComponentType<{ readonly view: T['view'] }>;
  /** Where a replay stands in the game, beside its slider. */
  readonly replayPosition: (view: T['view'], t: TFunction) => string;
  /** A choice in words on its own (the replay's analysis), given any view of its position; may throw on a stranger. */
  readonly choiceLabel: (choice: T['choice'], view: T['view'], t: TFunction) => string;
  readonly lobby: {
    /** The options a new game starts with, against bots and with friends. */
    readonly defaults: { readonly bots: T['options']; readonly friends: T['options'] };
    /** The form fields for them; null when the game has nothing to set. */
    readonly OptionFields: ComponentType<OptionFieldsProps<T['options']>> | null;
  };
}

export type { QChoice, QView, RRChoice, RRView };
