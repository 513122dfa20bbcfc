import { useMemo } from 'react';
import type { TypesOf } from '../game-types.js';
import { rrLastMoves } from './board/last-move.js';
import { RelicRunnersBoard } from './RelicRunnersBoard.js';
import { RelicRunnersDecision } from './RelicRunnersDecision.js';
import { RelicRunnersLog } from './RelicRunnersLog.js';
import { RelicRunnersPlayers } from './RelicRunnersPlayers.js';
import { RelicRunnersScore } from './RelicRunnersScore.js';
import { TileLegend } from './panels/TileLegend.js';
import type { TableProps } from '../game/table.js';

/** Relic Runners: the board beside the decision, the players' charts and the log. */
export function RelicRunnersTable({ view, seat, seats, log, choose, busy, canUndo, onUndo, aside }: TableProps<TypesOf<'relic-runners'>>) {
  const parts = { view, seat, seats, choose, busy };
  const marks = useMemo(() => rrLastMoves(log), [log]);
  return (
    <div className="table">
      <section className="board-area">
        <RelicRunnersBoard {...parts} marks={marks} />
        <TileLegend />
      </section>
      <aside className="side">
        {view.result ? <RelicRunnersScore {...parts} /> : <RelicRunnersDecision {...parts} canUndo={canUndo} onUndo={onUndo} />}
        {/* The log right under the decision: on screen at 1280×800 whatever the number of players (follow). */}
        <RelicRunnersLog log={log} seats={seats} viewer={seat} toAct={view.toAct} sites={view.sites} />
        {aside}
        <RelicRunnersPlayers {...parts} />
      </aside>
    </div>
  );
}
