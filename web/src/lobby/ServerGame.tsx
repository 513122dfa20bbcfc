export function ServerGame({ id }: { id: string }) {
  return <p>Game {id}</p>;
}
