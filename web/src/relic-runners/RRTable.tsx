import { useMemo } from 'react';
import type { TypesOf } from '../game-types.js';
import { rrLastMoves } from './board/last-move.js';
import { Board } from './Board.js';
import { DecisionPanel } from './DecisionPanel.js';
import { GameLog } from './GameLog.js';
import { PlayerCharts } from './PlayerCharts.js';
import { ScoreScreen } from './ScoreScreen.js';
import { TileLegend } from './panels/TileLegend.js';
import type { TableProps } from '../game/table.js';

/** Relic Runners: the board beside the decision, the players' charts and the log. */
export function RRTable({ view, seat, seats, log, choose, busy, canUndo, onUndo, aside }: TableProps<TypesOf<'relic-runners'>>) {
  const parts = { view, seat, seats, choose, busy };
  const marks = useMemo(() => rrLastMoves(log), [log]);
  return (
    <div className="table">
      <section className="board-area">
        <Board {...parts} marks={marks} />
        <TileLegend />
      </section>
      <aside className="side">
        {view.result ? <ScoreScreen {...parts} /> : <DecisionPanel {...parts} canUndo={canUndo} onUndo={onUndo} />}
        {/* The log right under the decision: on screen at 1280×800 whatever the number of players (follow). */}
        <GameLog log={log} seats={seats} viewer={seat} toAct={view.toAct} />
        {aside}
        <PlayerCharts {...parts} />
      </aside>
    </div>
  );
}
