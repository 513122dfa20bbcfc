import type { PartProps } from './parts.js';

/** Placeholder until the real part lands. */
export function Board(props: PartProps) {
  return <div className="placeholder" data-part="Board">{props.view.decision}</div>;
}
