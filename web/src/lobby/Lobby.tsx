import { Link } from 'wouter';

export function Lobby() {
  return <p><Link href="/local">Local game</Link></p>;
}
