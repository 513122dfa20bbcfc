import type { PartProps } from './parts.js';

/** Placeholder until the real part lands. */
export function DecisionPanel(props: PartProps & { canUndo: boolean; onUndo: () => void }) {
  return <div className="placeholder" data-part="DecisionPanel">{props.view.decision}</div>;
}
