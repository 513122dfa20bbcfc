import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { SeatInfo } from '../../net/session.js';
import type { RRView } from '../../game-types.js';
import { seatName } from '../../game/names.js';
import { seatStyle, shapePath } from '../../game/seat-style.js';
import { EXPLORER_R, SITES, SITE_BY_ID, SITE_R, TRAILS, TRAIL_BY_ID, alongTrail, explorerSpot, laneOffset } from './geometry.js';
import { siteName, siteShort } from './labels.js';
import { TopTile } from './TopTile.js';
import { PALETTE, RELIC_FILL, TEMPLE_FILL, TEMPLE_INK, textOn } from './palette.js';

/*
 * The drawn board, layer by layer (bottom to top). Everything here is display only; the
 * clickable targets are drawn over it by RelicRunnersBoard.tsx.
 */

type SiteView = RRView['sites'][number];

/** Parchment, jungle edges and the trails themselves: drawn once, never changes. */
export const StaticBoard = memo(function StaticBoard() {
  return (
    <g className="rr-static" aria-hidden="true">
      <defs>
        <radialGradient id="rr-parchment" cx="50%" cy="50%" r="65%">
          <stop offset="0%" stopColor={PALETTE.parchment} />
          <stop offset="70%" stopColor={PALETTE.parchmentDeep} />
          <stop offset="100%" stopColor="#b99b5e" />
        </radialGradient>
        <radialGradient id="rr-jungle" cx="50%" cy="50%" r="72%">
          <stop offset="78%" stopColor={PALETTE.jungle} stopOpacity="0" />
          <stop offset="100%" stopColor={PALETTE.jungle} stopOpacity="0.55" />
        </radialGradient>
      </defs>
      <rect x="0" y="0" width="1000" height="1000" fill="url(#rr-parchment)" />
      <rect x="0" y="0" width="1000" height="1000" fill="url(#rr-jungle)" />
      {/* Faint quadrant lines, as on a surveyor's map. */}
      <path d="M500,60 V940 M60,500 H940" stroke={PALETTE.earthLight} strokeWidth="2" strokeDasharray="2 14" opacity="0.6" />
      {TRAILS.map((tr) =>
        tr.river ? (
          <g key={tr.id}>
            <path d={tr.d} fill="none" stroke={PALETTE.riverLight} strokeWidth="15" strokeLinecap="round" />
            <path d={tr.d} fill="none" stroke={PALETTE.river} strokeWidth="5" strokeLinecap="round" />
          </g>
        ) : (
          <g key={tr.id}>
            <path d={tr.d} stroke={PALETTE.earthLight} strokeWidth="12" strokeLinecap="round" />
            <path d={tr.d} stroke={PALETTE.earth} strokeWidth="4" strokeDasharray="14 8" strokeLinecap="round" />
          </g>
        ),
      )}
    </g>
  );
});

/** Every player's pathways: parallel strokes in seat colours, with the seat's shape mid-trail. */
export const Pathways = memo(function Pathways({ owners }: { owners: ReadonlyMap<number, readonly number[]> }) {
  const out: React.ReactNode[] = [];
  for (const [trail, seats] of owners) {
    const tr = TRAIL_BY_ID.get(trail);
    if (!tr) continue;
    const n = seats.length;
    const gap = 8;
    // River trails carry their token in the middle: keep the markers clear of it.
    const centre = tr.river ? 0.28 : 0.5;
    seats.forEach((seat, i) => {
      const st = seatStyle(seat);
      const off = laneOffset(i, n, gap);
      const a = alongTrail(tr, 0.08, off);
      const b = alongTrail(tr, 0.92, off);
      const m = alongTrail(tr, centre + laneOffset(i, n, 20) / tr.length, off);
      out.push(
        <g key={`${trail}-${seat}`} className="rr-pathway" data-testid={`pathway-${trail}-${seat}`}>
          <line x1={a.x} y1={a.y} x2={b.x} y2={b.y} stroke={st.ink} strokeWidth="8" strokeLinecap="round" />
          <line x1={a.x} y1={a.y} x2={b.x} y2={b.y} stroke={st.colour} strokeWidth="5" strokeLinecap="round" />
          <path
            d={shapePath(st.shape, 9)}
            transform={`translate(${m.x.toFixed(1)},${m.y.toFixed(1)})`}
            fill={st.colour}
            stroke={st.ink}
            strokeWidth="2"
          />
        </g>,
      );
    });
  }
  return <g aria-hidden="true">{out}</g>;
});

/** Toolbox tokens of the river trails: the coloured side shows a toolbox, the plain side is blank. */
export const Tokens = memo(function Tokens({ coloured }: { coloured: ReadonlySet<number> }) {
  return (
    <g aria-hidden="true">
      {TRAILS.filter((tr) => tr.river).map((tr) => {
        const on = coloured.has(tr.id);
        return (
          <g
            key={tr.id}
            transform={`translate(${tr.mid.x.toFixed(1)},${tr.mid.y.toFixed(1)})`}
            data-testid={`token-${tr.id}`}
            data-side={on ? 'coloured' : 'plain'}
          >
            <circle
              r="14"
              fill={on ? PALETTE.tokenOn : PALETTE.tokenOff}
              stroke={on ? '#7a4f00' : '#8d7c58'}
              strokeWidth="2.5"
              strokeDasharray={on ? undefined : '4 3'}
            />
            {on && (
              <g fill="#3b2a17">
                <rect x="-8" y="-3" width="16" height="10" rx="1.5" />
                <path d="M-4,-3 v-3 h8 v3" fill="none" stroke="#3b2a17" strokeWidth="2" />
              </g>
            )}
          </g>
        );
      })}
    </g>
  );
});

const ZIGGURAT = 'M-32,24 L32,24 L32,8 L23,8 L23,-8 L14,-8 L14,-24 L-14,-24 L-14,-8 L-23,-8 L-23,8 L-32,8 Z';
const RUIN = 'M-22,-26 L10,-29 L28,-14 L30,12 L16,28 L-14,29 L-29,12 L-30,-12 Z';
const GEM = 'M0,-13 L11,0 L0,13 L-11,0 Z';

function SiteBody({ site, view }: { site: (typeof SITES)[number]; view: SiteView }) {
  if (site.kind === 'camp') {
    return (
      <g>
        <circle r={SITE_R + 8} fill="#7a5230" stroke={PALETTE.ink} strokeWidth="3" />
        <path d="M-22,16 L0,-22 L22,16 Z" fill={PALETTE.parchment} stroke={PALETTE.ink} strokeWidth="2.5" />
        <path d="M0,-22 L0,16 M-6,16 L0,2 L6,16" fill="none" stroke={PALETTE.ink} strokeWidth="2" />
      </g>
    );
  }
  const empty = view.height === 0;
  const fill = site.kind === 'temple' && view.colour ? TEMPLE_FILL[view.colour] : '#a89e88';
  const ink = site.kind === 'temple' && view.colour ? TEMPLE_INK[view.colour] : '#4f4738';
  return (
    <g>
      <path d={site.kind === 'temple' ? ZIGGURAT : RUIN} fill={fill} stroke={ink} strokeWidth="3" opacity={empty ? 0.55 : 1} />
      {!empty && (
        <text className="rr-height" y="8" textAnchor="middle" fill={textOn(fill)}>
          {view.height}
        </text>
      )}
      {view.shrine && (
        <g data-testid={`shrine-${site.id}`} data-relic={view.relic ?? 'none'}>
          {view.relic ? (
            <path d={GEM} fill={RELIC_FILL[view.relic]} stroke={PALETTE.ink} strokeWidth="2.5" />
          ) : (
            <path d={GEM} fill="none" stroke={PALETTE.ink} strokeWidth="2" strokeDasharray="3 3" opacity="0.7" />
          )}
        </g>
      )}
    </g>
  );
}

const sameSite = (a: SiteView, b: SiteView) =>
  a === b ||
  (a.id === b.id && a.colour === b.colour && a.height === b.height && a.top === b.top && a.shrine === b.shrine && a.relic === b.relic);

/** One location with its stack, purple top tile and shrine; names itself in a tooltip. */
const SiteMark = memo(
  function SiteMark({ v, here, seats }: { v: SiteView; here: readonly number[] | undefined; seats: readonly SeatInfo[] }) {
    const { t } = useTranslation('board');
    const g = SITE_BY_ID.get(v.id);
    if (!g) return null;
    const info = [siteName(v.id, t, v.colour)];
    if (g.kind !== 'camp') info.push(t('info.tiles', { count: v.height }));
    if (v.top) info.push(t('info.top', { tile: v.top }));
    if (v.shrine) info.push(v.relic ? t(`info.relic.${v.relic}`) : t('info.relicTaken'));
    if (here) info.push(t('info.explorers', { names: here.map((s) => seatName(seats, s, t)).join(', ') }));
    return (
      <g className={`rr-site rr-${g.kind}`} transform={`translate(${g.x},${g.y})`} data-site={v.id}>
        <title>{info.join(' · ')}</title>
        <SiteBody site={g} view={v} />
        {v.top && <TopTile site={v.id} name={v.top} />}
        <text className="rr-short" y={g.kind === 'camp' ? 56 : 46} textAnchor="middle">
          {siteShort(v.id, t)}
        </text>
      </g>
    );
  },
  // A new state brings new site objects: redraw a site only when something on it changed.
  (a, b) => sameSite(a.v, b.v) && a.seats === b.seats && (a.here ?? []).join() === (b.here ?? []).join(),
);

/** All locations. */
export const Sites = memo(function Sites({
  sites,
  explorers,
  seats,
}: {
  sites: readonly SiteView[];
  explorers: ReadonlyMap<string, readonly number[]>;
  seats: readonly SeatInfo[];
}) {
  return (
    <g>
      {sites.map((v) => (
        <SiteMark key={v.id} v={v} here={explorers.get(v.id)} seats={seats} />
      ))}
    </g>
  );
});

/** Explorer pawns: seat colour, shape and letter; several on one site stand side by side. */
export const Explorers = memo(function Explorers({
  explorers,
  current,
  seats,
}: {
  explorers: ReadonlyMap<string, readonly number[]>;
  current: number | null;
  seats: readonly SeatInfo[];
}) {
  const { t } = useTranslation('board');
  const out: React.ReactElement[] = [];
  for (const [site, list] of explorers) {
    const g = SITE_BY_ID.get(site);
    if (!g) continue;
    list.forEach((seat, i) => {
      const st = seatStyle(seat);
      const p = explorerSpot(g, i, list.length);
      out.push(
        <g
          key={seat}
          className={`rr-explorer${seat === current ? ' rr-current' : ''}`}
          transform={`translate(${p.x.toFixed(1)},${p.y.toFixed(1)})`}
          // The same place as a CSS transform, which a transition can animate (board.css).
          style={{ transform: `translate(${p.x.toFixed(1)}px,${p.y.toFixed(1)}px)` }}
          data-testid={`explorer-${seat}`}
          data-at={site}
        >
          <title>{t('info.explorer', { name: seatName(seats, seat, t), site: siteName(site, t) })}</title>
          {seat === current && <circle className="rr-current-halo" r={EXPLORER_R + 7} />}
          <path d={shapePath(st.shape, EXPLORER_R + 2)} fill="#fff" />
          <path d={shapePath(st.shape, EXPLORER_R)} fill={st.colour} stroke={st.ink} strokeWidth="3" />
          <text className="rr-letter" y={st.shape === 'triangle' ? 8 : 5} textAnchor="middle" fill={textOn(st.colour)}>
            {st.letter}
          </text>
        </g>,
      );
    });
  }
  // In seat order, never by site: a pawn that moves keeps its element, so its move can be animated.
  return <g>{out.sort((a, b) => Number(a.key) - Number(b.key))}</g>;
});
