import type { QView } from '../net/session.js';
import type { TableProps } from '../game/table.js';

/** Placeholder until the Quetzal table lands. */
export function QuetzalTable({ view, aside }: TableProps & { view: QView }) {
  return (
    <div className="table">
      <section className="board-area" data-testid="quetzal-board">
        {view.phase}
      </section>
      <aside className="side">{aside}</aside>
    </div>
  );
}
