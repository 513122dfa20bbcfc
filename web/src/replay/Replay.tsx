export type ReplaySource = { kind: 'local' } | { kind: 'server'; id: string };
export function Replay({ source }: { source: ReplaySource }) {
  return <p>Replay {source.kind}</p>;
}
