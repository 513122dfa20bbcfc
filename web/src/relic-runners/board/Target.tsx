import type { KeyboardEvent, ReactNode } from 'react';
import type { RRChoice } from '../../game-types.js';

/**
 * A focusable SVG element that makes (data-choice) or advances (no data-choice) a decision:
 * role button, Enter/Space activate, hover and focus styled by board.css.
 */
export function Target(props: {
  label: string;
  onActivate: () => void;
  choice?: RRChoice;
  testId?: string;
  className?: string;
  onHover?: (on: boolean) => void;
  children: ReactNode;
}) {
  const { label, onActivate, choice, testId, className, onHover, children } = props;
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      onActivate();
    }
  };
  return (
    <g
      className={`rr-target ${className ?? ''}`}
      role="button"
      tabIndex={0}
      aria-label={label}
      data-choosable=""
      data-choice={choice ? JSON.stringify(choice) : undefined}
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
    </g>
  );
}
