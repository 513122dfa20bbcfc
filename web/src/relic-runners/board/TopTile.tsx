import { useCallback, useLayoutEffect, useRef, useState, type FocusEvent, type MouseEvent, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { TileCard } from '../panels/TileChip.js';
import { SITES, SITE_BY_ID, SITE_R, VIEW, type SiteGeo } from './geometry.js';
import { tileIcon } from '../panels/tile-icons.js';
import { tileText, tileTitle } from '../panels/tiles.js';

/**
 * A purple temple's face-up top tile (RR-SETUP-8, RR-EXPL-6) on the map: its icon and short name,
 * focusable, naming its effect. The tooltip itself is HTML over the board (useTopTileTip), so it
 * can wrap its text and hold the link to the tile's help entry.
 */
/** Room kept between a badge and the edge of the drawing (the board's shadow and rounding). */
const EDGE = 6;

/** How far a badge `w` wide, its left edge at `x` from the site, runs into other sites; Infinity when it leaves the drawing. */
function crowding(site: SiteGeo, x: number, w: number): number {
  const left = site.x + x;
  const right = left + w;
  if (left < VIEW.left + EDGE || right > VIEW.right - EDGE) return Infinity;
  let hit = 0;
  for (const o of SITES) {
    if (o.id === site.id) continue;
    // Overlap of the badge (y from +1 to +27 below the site's centre) with the other site's square.
    const dx = Math.min(right, o.x + SITE_R) - Math.max(left, o.x - SITE_R);
    const dy = Math.min(site.y + 27, o.y + SITE_R + 20) - Math.max(site.y + 1, o.y - SITE_R);
    if (dx > 0 && dy > 0) hit += dx * dy;
  }
  return hit;
}

/** How far the badge stands from the site's centre: clear of its highlight ring (r = SITE_R + 10, stroke 5). */
const BADGE_GAP = 40;

/**
 * Where a badge `w` wide goes beside a temple: its left edge `x` from the site's centre and its
 * width. Right of the temple, unless the left is clearer of other sites; always inside the drawing:
 * a badge too wide for either side takes the side with more room and is narrowed to it (its label
 * too: see TopTile).
 */
export function badgePlace(id: string, w: number): { readonly x: number; readonly w: number } {
  const site = SITE_BY_ID.get(id);
  if (!site) return { x: BADGE_GAP, w };
  const left = crowding(site, -BADGE_GAP - w, w);
  const right = crowding(site, BADGE_GAP, w);
  if (left === Infinity && right === Infinity) {
    const roomRight = VIEW.right - EDGE - (site.x + BADGE_GAP);
    const roomLeft = site.x - BADGE_GAP - (VIEW.left + EDGE);
    return roomRight >= roomLeft
      ? { x: BADGE_GAP, w: Math.min(w, roomRight) }
      : { x: -BADGE_GAP - Math.min(w, roomLeft), w: Math.min(w, roomLeft) };
  }
  return { x: left < right ? -BADGE_GAP - w : BADGE_GAP, w };
}

export function TopTile({ site, name }: { site: string; name: string }) {
  const { t } = useTranslation('explain');
  const title = tileTitle(name, t);
  const label = useRef<SVGTextElement>(null);
  // A first guess from the name's length, then the text's measured length once laid out.
  const [w, setW] = useState(36 + title.length * 8.6);
  // Measured again when the title (its language) or the place changes, and once more after a new
  // width, which then measures the same; a label wider than the room beside its temple is narrowed
  // to it, never cut.
  useLayoutEffect(() => {
    const el = label.current;
    if (!el || typeof el.getComputedTextLength !== 'function') return;
    el.removeAttribute('textLength');
    el.removeAttribute('lengthAdjust');
    const len = el.getComputedTextLength();
    if (len <= 0) return;
    const room = badgePlace(site, 36 + len).w - 36;
    if (len > room) {
      el.setAttribute('textLength', String(room));
      el.setAttribute('lengthAdjust', 'spacingAndGlyphs');
    }
    if (Math.abs(36 + len - w) > 0.5) setW(36 + len);
  }, [site, title, w]);
  const place = badgePlace(site, w);
  return (
    <g
      className="rr-top-tile"
      transform={`translate(${place.x.toFixed(1)},14)`}
      data-testid={`top-${site}`}
      data-top-tile={name}
      role="button"
      tabIndex={0}
      aria-label={t('topTile', { title, text: tileText(name, t) })}
    >
      <rect x="0" y="-13" width={place.w} height="26" rx="5" fill="#5b2f80" stroke="#f1e3bf" strokeWidth="2" />
      <text className="rr-top tile-icon" x="14" y="6" textAnchor="middle" fill="#fff" fontSize="17">
        {tileIcon(name)}
      </text>
      <text ref={label} className="rr-top" x="27" y="5" fill="#fff">
        {title}
      </text>
    </g>
  );
}

interface Tip {
  readonly name: string;
  readonly x: number;
  readonly y: number;
  readonly below: boolean;
  readonly pinned: boolean;
}

/**
 * The board's tooltip of top tiles, by event delegation (the tile marks are memoized and take no
 * callbacks): shown on hover and on focus, pinned by a click or a tap, closed by Escape or leaving.
 */
export function useTopTileTip(board: RefObject<HTMLDivElement | null>) {
  const [tip, setTip] = useState<Tip | null>(null);
  const at = useCallback(
    (target: EventTarget, pinned: boolean): Tip | null => {
      const el = target instanceof Element ? target.closest('[data-top-tile]') : null;
      const box = board.current?.getBoundingClientRect();
      if (!el || !box) return null;
      const r = el.getBoundingClientRect();
      const below = r.top - box.top < box.height / 2;
      return {
        name: el.getAttribute('data-top-tile')!,
        x: r.left - box.left,
        y: below ? r.bottom - box.top + 4 : box.bottom - r.top + 4,
        below,
        pinned,
      };
    },
    [board],
  );
  const inTip = (e: { relatedTarget: EventTarget | null }) =>
    e.relatedTarget instanceof Element && e.relatedTarget.closest('.rr-tile-tip') !== null;
  const handlers = {
    onMouseOver: (e: MouseEvent) => {
      const next = at(e.target, false);
      if (next) setTip((old) => (old?.pinned && old.name === next.name ? old : next));
    },
    onMouseOut: (e: MouseEvent) => {
      if (e.target instanceof Element && e.target.closest('[data-top-tile]') && !inTip(e)) setTip((old) => (old?.pinned ? old : null));
    },
    onFocus: (e: FocusEvent) => {
      const next = at(e.target, false);
      if (next) setTip(next);
    },
    onBlur: (e: FocusEvent) => {
      if (e.target instanceof Element && e.target.closest('[data-top-tile], .rr-tile-tip') && !inTip(e)) setTip(null);
    },
    onClick: (e: MouseEvent) => {
      const next = at(e.target, true);
      if (next) setTip((old) => (old?.pinned && old.name === next.name ? null : next));
      else if (!(e.target instanceof Element && e.target.closest('.rr-tile-tip'))) setTip(null);
    },
  };
  const close = () => setTip(null);
  return { tip, handlers, close };
}

/** The tooltip drawn over the board next to the tile it names. */
export function TopTileTip({ tip, onLeave }: { tip: Tip; onLeave: () => void }) {
  return (
    <div
      className="rr-tile-tip"
      role="tooltip"
      data-testid="top-tile-tip"
      // Beside the tile, but never past the board's right edge (the tooltip is at most 18rem wide).
      style={{
        left: `max(4px, min(${tip.x}px, calc(100% - min(18rem, 100% - 8px) - 4px)))`,
        ...(tip.below ? { top: tip.y } : { bottom: tip.y }),
      }}
      onMouseLeave={() => {
        if (!tip.pinned) onLeave();
      }}
    >
      <TileCard name={tip.name} />
    </div>
  );
}
