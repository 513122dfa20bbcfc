import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { focusDecision } from '../game/skip-link.js';
import type { TableProps } from '../game/table.js';
import type { TypesOf } from '../game-types.js';
import { placeTargets, targetKey, type Target } from './model.js';
import { BoardZoom } from './BoardZoom.js';
import { DeliveryTable } from './DeliveryTable.js';
import { qLastMoves } from './last-move.js';
import { QuetzalBoard } from './QuetzalBoard.js';
import { QuetzalDecision } from './QuetzalDecision.js';
import { QuetzalLog } from './QuetzalLog.js';
import { QuetzalPlayers } from './QuetzalPlayers.js';
import { QuetzalScore } from './QuetzalScore.js';
import '../game/panels.css';
import './quetzal.css';

/** Quetzal: the board beside the decision, the player boards and the log. */
export function QuetzalTable({ view, seat, seats, log, choose, busy, canUndo, onUndo, aside }: TableProps<TypesOf<'quetzal'>>) {
  const targets = useMemo(
    () => (seat !== null && view.toAct === seat && view.decision === 'place' ? placeTargets(view) : new Map()),
    [view, seat],
  );
  // The place picked on the board, waiting for "how many of which kind"; forgotten when it is no longer offered.
  const [selected, setSelected] = useState<string | null>(null);
  useEffect(() => {
    if (selected !== null && !targets.has(selected)) setSelected(null);
  }, [targets, selected]);
  // A place picked (on the board or in the panel) or put back: the focus goes to the panel's next
  // buttons, not to the page's body (the pressed button is gone) nor left on the board.
  const side = useRef<HTMLElement>(null);
  const refocus = useRef<{ scroll: boolean } | null>(null);
  const onSelect = useCallback((t: Target | null) => {
    refocus.current = { scroll: document.activeElement?.matches(':focus-visible') ?? false };
    setSelected(t === null ? null : targetKey(t));
  }, []);
  useLayoutEffect(() => {
    if (refocus.current && focusDecision(side.current, refocus.current.scroll, true)) refocus.current = null;
  }, [selected]);
  const marks = useMemo(() => qLastMoves(log), [log]);
  return (
    <div className="table q-table">
      <section className="board-area">
        <BoardZoom>
          <QuetzalBoard
            view={view}
            seats={seats}
            targets={targets}
            selected={selected}
            onSelect={onSelect}
            choose={choose}
            busy={busy}
            marks={marks}
          />
        </BoardZoom>
      </section>
      <aside className="side" ref={side}>
        {view.result ? (
          <QuetzalScore view={view} seat={seat} seats={seats} />
        ) : (
          <QuetzalDecision
            view={view}
            seat={seat}
            seats={seats}
            choose={choose}
            busy={busy}
            canUndo={canUndo}
            onUndo={onUndo}
            targets={targets}
            selected={selected}
            onSelect={onSelect}
          />
        )}
        {/* The log right under the decision: on screen at 1280×800 whatever the number of players (follow). */}
        <QuetzalLog log={log} seats={seats} viewer={seat} toAct={view.toAct} />
        {!view.result && <DeliveryTable view={view} seat={seat} />}
        {aside}
        <QuetzalPlayers view={view} seat={seat} seats={seats} />
      </aside>
    </div>
  );
}
