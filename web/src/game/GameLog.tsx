import type { LogProps } from './parts.js';

export function GameLog(props: LogProps) {
  return <ol className="game-log">{props.log.map((e) => <li key={e.move}>{e.events.map((x) => x.type).join(', ')}</li>)}</ol>;
}
