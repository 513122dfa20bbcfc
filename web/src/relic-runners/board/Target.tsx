import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import type { RRChoice } from '../../game-types.js';
import { hintedProps, SvgHintBadge, useHinted, useHintLabel } from '../../game/hint.js';

/**
 * A focusable SVG element that makes (data-choice) or advances (no data-choice) a decision:
 * role button, Enter/Space activate, hover and focus styled by board.css.
 */
export function Target(props: {
  label: string;
  onActivate: () => void;
  choice?: RRChoice;
  /** The choices this target leads to, when it opens a list of several (marked when one is the hint). */
  offers?: readonly RRChoice[];
  testId?: string;
  className?: string;
  onHover?: (on: boolean) => void;
  children: ReactNode;
}) {
  const { onActivate, choice, offers, testId, className, onHover, children } = props;
  const hinted = useHinted(offers ?? choice);
  const label = props.label + useHintLabel(hinted);
  const ref = useRef<SVGGElement>(null);
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      onActivate();
    }
  };
  return (
    <g
      ref={ref}
      className={`rr-target ${className ?? ''}`}
      role="button"
      tabIndex={0}
      aria-label={label}
      data-choosable=""
      data-choice={choice ? JSON.stringify(choice) : undefined}
      {...hintedProps(hinted)}
      data-testid={testId}
      onClick={onActivate}
      onKeyDown={onKey}
      onMouseEnter={onHover && (() => onHover(true))}
      onMouseLeave={onHover && (() => onHover(false))}
      onFocus={onHover && (() => onHover(true))}
      onBlur={onHover && (() => onHover(false))}
    >
      <title>{label}</title>
      {children}
      {hinted && <SvgHintBadge target={ref} />}
    </g>
  );
}
