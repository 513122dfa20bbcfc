import { useId, useState, type FocusEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { helpHref } from '../../help/link.js';
import { tileIcon } from './tile-icons.js';
import { tileKey, tileText, tileTitle } from './tiles.js';
import '../explain.css';

/** A tile's effect, its code and the link to its help entry: the body of every tile tooltip. */
export function TileCard({ name }: { name: string }) {
  const { t } = useTranslation('explain');
  const key = tileKey(name);
  return (
    <>
      <span className="tile-card-head">
        <span className="tile-icon" aria-hidden="true">
          {tileIcon(name)}
        </span>{' '}
        <strong>{tileTitle(name, t)}</strong> <span className="tile-name">{name}</span>
      </span>
      <span className="tile-text">{tileText(name, t)}</span>
      {key && (
        <a className="tile-help" href={helpHref('relic-runners', key)} data-testid="tile-help">
          {t('rulesOf', { tile: key })}
        </a>
      )}
    </>
  );
}

/**
 * An ivory or purple tile by icon and short name; its effect in a tooltip shown on hover, on
 * keyboard focus, and on a tap (which pins it until the next tap or a click elsewhere).
 */
export function TileChip({ name }: { name: string }) {
  const { t } = useTranslation('tiles');
  const [hover, setHover] = useState(false);
  const [focus, setFocus] = useState(false);
  const [pinned, setPinned] = useState(false);
  const id = useId();
  const open = hover || focus || pinned;
  const leave = (e: FocusEvent) => {
    // Focus moving into the tooltip's link keeps it open.
    if (e.currentTarget.contains(e.relatedTarget)) return;
    setFocus(false);
    setPinned(false);
  };
  return (
    <span
      className={`tile-chip${open ? ' open' : ''}`}
      data-tile={name}
      onMouseEnter={() => setHover(true)}
      onMouseLeave={() => setHover(false)}
      onFocus={() => setFocus(true)}
      onBlur={leave}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          setHover(false);
          setFocus(false);
          setPinned(false);
        }
      }}
    >
      <button
        type="button"
        className="tile-face"
        aria-expanded={open}
        aria-describedby={open ? id : undefined}
        onClick={() => setPinned((p) => !p)}
      >
        <span className="tile-icon" aria-hidden="true">
          {tileIcon(name)}
        </span>{' '}
        <span className="tile-title">{tileTitle(name, t)}</span>
      </button>
      {open && (
        <span className="tile-tip" role="tooltip" id={id} data-testid="tile-tip">
          <TileCard name={name} />
        </span>
      )}
    </span>
  );
}
