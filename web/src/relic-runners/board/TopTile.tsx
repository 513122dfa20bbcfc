import { useCallback, useLayoutEffect, useRef, useState, type FocusEvent, type MouseEvent, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { TileCard } from '../panels/TileChip.js';
import { SITES, SITE_BY_ID, SITE_R, type SiteGeo } from './geometry.js';
import { tileIcon } from '../panels/tile-icons.js';
import { tileText, tileTitle } from '../panels/tiles.js';

/**
 * A purple temple's face-up top tile (RR-SETUP-8, RR-EXPL-6) on the map: its icon and short name,
 * focusable, naming its effect. The tooltip itself is HTML over the board (useTopTileTip), so it
 * can wrap its text and hold the link to the tile's help entry.
 */
/** How far a badge `w` wide, its left edge at `x` from the site, runs into other sites or off the board. */
function crowding(site: SiteGeo, x: number, w: number): number {
  const left = site.x + x;
  const right = left + w;
  if (left < 5 || right > 995) return Infinity;
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

/** The badge's side: right of the temple, unless the left is clearer of other sites and the board's edge. */
/** How far the badge stands from the site's centre: clear of its highlight ring (r = SITE_R + 10, stroke 5). */
const BADGE_GAP = 40;

function badgeX(id: string, w: number): number {
  const site = SITE_BY_ID.get(id);
  if (!site) return BADGE_GAP;
  return crowding(site, -BADGE_GAP - w, w) < crowding(site, BADGE_GAP, w) ? -BADGE_GAP - w : BADGE_GAP;
}

export function TopTile({ site, name }: { site: string; name: string }) {
  const { t } = useTranslation('explain');
  const title = tileTitle(name, t);
  const label = useRef<SVGTextElement>(null);
  // A first guess from the name's length, then the text's measured length once laid out.
  const [w, setW] = useState(36 + title.length * 8.6);
  useLayoutEffect(() => {
    const el = label.current;
    if (el && typeof el.getComputedTextLength === 'function') {
      const len = el.getComputedTextLength();
      if (len > 0) setW(36 + len);
    }
  }, [title]);
  const x = badgeX(site, w);
  return (
    <g
      className="rr-top-tile"
      transform={`translate(${x.toFixed(1)},14)`}
      data-testid={`top-${site}`}
      data-top-tile={name}
      role="button"
      tabIndex={0}
      aria-label={t('topTile', { title, text: tileText(name, t) })}
    >
      <rect x="0" y="-13" width={w} height="26" rx="5" fill="#5b2f80" stroke="#f1e3bf" strokeWidth="2" />
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
