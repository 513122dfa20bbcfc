import type { PartProps } from './parts.js';

export function ScoreScreen(props: PartProps) {
  return <pre data-testid="score-screen">{JSON.stringify(props.view.result)}</pre>;
}
