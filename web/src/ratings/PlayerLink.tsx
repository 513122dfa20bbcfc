import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { profileHref } from '../net/ratings.js';

/** A player's name as a link to their profile (accounts and rated bots have one; a guest's name is plain text). */
export function PlayerLink({ name, className, children }: { name: string; className?: string; children?: ReactNode }) {
  return (
    <Link href={profileHref(name)} className={className ? `player-link ${className}` : 'player-link'} data-testid="player-link">
      {children ?? name}
    </Link>
  );
}
