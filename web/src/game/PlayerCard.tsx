import type { ReactNode } from 'react';
import { seatStyle } from './seat-style.js';
import { SeatBadge } from './SeatBadge.js';

export interface PlayerCardProps {
  readonly seat: number;
  readonly name: string;
  /** Translated tag for the viewer's own card, shown when `you`. */
  readonly you: string | null;
  /** Translated tag for the seat owing the decision, shown when set. */
  readonly acting: string | null;
  /** Game-specific tags between the two (Quetzal's start marker). */
  readonly tags?: ReactNode;
  readonly className?: string;
  readonly children: ReactNode;
}

/** The frame of a player's card in either game: seat marker, name, "you" and "to act" tags. */
export function PlayerCard({ seat, name, you, acting, tags, className, children }: PlayerCardProps) {
  return (
    <article
      className={`player-card${className ? ` ${className}` : ''}${acting ? ' is-acting' : ''}${you ? ' is-you' : ''}`}
      style={{ borderColor: seatStyle(seat).colour }}
      data-testid={`player-card-${seat}`}
      aria-label={name}
    >
      <header>
        <SeatBadge seat={seat} />
        <strong className="player-name">{name}</strong>
        {you && <span className="tag">{you}</span>}
        {tags}
        {acting && <span className="tag acting-tag">▶ {acting}</span>}
      </header>
      {children}
    </article>
  );
}
