import type { RRChoice } from '../../../../src/games/relic-runners/choice.js';
import type { PlayerView } from '../../../../src/games/relic-runners/view.js';
import { COLUMNS, findChoice, type Column } from './choices.js';

/** One space of a progression table: how many toolboxes stand there and what can be done with them now. */
export interface TableCell {
  readonly col: Column;
  readonly level: 1 | 2 | 3;
  readonly count: number;
  /** The legal "use this toolbox" choice, when there is one. */
  readonly use: RRChoice | undefined;
  /** The legal "move one toolbox from here up a step" choice, when there is one. */
  readonly step: RRChoice | undefined;
}

export interface TableModel {
  /** Rows from level 3 (top) down to level 1, one cell per column. */
  readonly rows: readonly (readonly TableCell[])[];
  readonly bottom: number;
  readonly reserve: number;
  /** Per column, the legal step from the bottom row into its level 1. */
  readonly stepIn: readonly (RRChoice | undefined)[];
}

/**
 * The table of one player, with the legal tool and step choices attached to their spaces. Only
 * choices the engine lists are attached, so an illegal space is never offered.
 */
export function tableModel(p: PlayerView, choices: readonly RRChoice[] | null): TableModel {
  const levels = [3, 2, 1] as const;
  const rows = levels.map((level) =>
    COLUMNS.map((col) => ({
      col,
      level,
      count: p[col][level - 1] ?? 0,
      use: findChoice(choices, { t: 'tool', col, level }),
      step: level < 3 ? findChoice(choices, { t: 'step', col, level }) : undefined,
    })),
  );
  return {
    rows,
    bottom: p.bottom,
    reserve: p.reserve,
    stepIn: COLUMNS.map((col) => findChoice(choices, { t: 'step', col, level: 0 })),
  };
}
