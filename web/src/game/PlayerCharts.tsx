import type { PartProps } from './parts.js';

/** Placeholder until the real part lands. */
export function PlayerCharts(props: PartProps) {
  return <div className="placeholder" data-part="PlayerCharts">{props.view.decision}</div>;
}
