export function LocalGame() {
  return <p>Local game</p>;
}
