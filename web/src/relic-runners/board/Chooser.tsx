import { useEffect, useRef, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { RRChoice } from '../../game-types.js';
import { HintBadge, hintedProps, useHinted } from '../../game/hint.js';

export interface ChooserOption {
  readonly choice: RRChoice;
  readonly label: string;
  /** A second line: what the choice brings (a route's steps, relic, VP). */
  readonly detail?: string;
  /** Colour swatch with the route number, for routes drawn on the board. */
  readonly swatch?: { readonly colour: string; readonly n: number };
}

/**
 * The small list shown when one click on the board leaves more than one legal choice (several
 * routes to a site, several ways to place on a trail). Escape or Cancel closes it.
 */
export function Chooser(props: {
  /** Which edge of the board the list sits on. */
  at: 'top' | 'bottom';
  title: string;
  options: readonly ChooserOption[];
  choose: (c: RRChoice) => void;
  cancel: () => void;
  onHot?: (i: number | null) => void;
}) {
  const { t } = useTranslation('board');
  const first = useRef<HTMLButtonElement>(null);
  // Keyboard users land in the list they just opened.
  useEffect(() => first.current?.focus({ preventScroll: true }), []);
  return (
    <div className={`rr-chooser rr-at-${props.at}`} role="group" aria-label={props.title} data-testid="board-chooser">
      <div className="rr-chooser-title">{props.title}</div>
      <ul>
        {props.options.map((o, i) => (
          <li key={i}>
            <Option option={o} i={i} buttonRef={i === 0 ? first : undefined} choose={props.choose} onHot={props.onHot} />
          </li>
        ))}
      </ul>
      <button type="button" className="rr-cancel" data-testid="chooser-cancel" onClick={props.cancel}>
        {t('cancel')}
      </button>
    </div>
  );
}

/** One entry of the list: a choice, marked when it is the hint. */
function Option({
  option: o,
  i,
  buttonRef,
  choose,
  onHot,
}: {
  option: ChooserOption;
  i: number;
  buttonRef: RefObject<HTMLButtonElement | null> | undefined;
  choose: (c: RRChoice) => void;
  onHot: ((i: number | null) => void) | undefined;
}) {
  const hinted = useHinted(o.choice);
  return (
    <button
      type="button"
      ref={buttonRef}
      data-choosable=""
      data-choice={JSON.stringify(o.choice)}
      {...hintedProps(hinted)}
      data-testid={`option-${i}`}
      onClick={() => choose(o.choice)}
      onMouseEnter={() => onHot?.(i)}
      onMouseLeave={() => onHot?.(null)}
      onFocus={() => onHot?.(i)}
      onBlur={() => onHot?.(null)}
    >
      {o.swatch && (
        <span className="rr-swatch" style={{ background: o.swatch.colour }} aria-hidden="true">
          {o.swatch.n}
        </span>
      )}
      <span>
        {o.label}
        {o.detail && (
          <span className="rr-route-detail" data-testid={`option-${i}-detail`}>
            {o.detail}
          </span>
        )}
      </span>
      <HintBadge show={hinted} />
    </button>
  );
}
