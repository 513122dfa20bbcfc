import { useCallback, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { RRChoice } from '../game-types.js';
import { Chooser, type ChooserOption } from './board/Chooser.js';
import {
  choicesBySite,
  choicesByTrail,
  explorersBySite,
  offsetPolyline,
  polylineMiddle,
  polylinePath,
  routePoints,
  trailOwners,
  type SiteChoice,
  type TrailChoice,
} from './board/choices.js';
import { SITE_BY_ID, SITE_R, TRAIL_BY_ID, VIEW_BOX, laneOffset } from './board/geometry.js';
import { howLabel, siteActionLabel, siteName, trailChoiceLabel } from './board/labels.js';
import { Explorers, Pathways, Sites, StaticBoard, Tokens } from './board/layers.js';
import type { RRMarks } from './board/last-move.js';
import { LastMoveLayer } from './board/LastMoveLayer.js';
import { routeColour } from './board/palette.js';
import { Target } from './board/Target.js';
import { TrailInfo, TrailTargets } from './board/TrailLayer.js';
import { TopTileTip, useTopTileTip } from './board/TopTile.js';
import { routeDetail } from './board/outcome-labels.js';
import { choiceLabel } from './panels/choices.js';
import type { PartProps } from './parts.js';
import './board.css';

/** A click that left more than one legal choice open; tied to the choices it was made from. */
type Pending =
  | { readonly kind: 'site'; readonly id: string; readonly choices: readonly RRChoice[] }
  | { readonly kind: 'trail'; readonly id: number; readonly choices: readonly RRChoice[] };

const NO_SITES: ReadonlyMap<string, SiteChoice[]> = new Map();
const NO_TRAILS: ReadonlyMap<number, TrailChoice[]> = new Map();

/** The map: sites, trails, tokens, pathways and explorers, with the board decisions clickable on it. */
export function RelicRunnersBoard({ view, seat, seats, choose, busy, marks }: PartProps & { marks?: ReadonlyMap<number, RRMarks> }) {
  const { t } = useTranslation('board');
  const choices = view.choices;
  const active = !busy && seat !== null && view.toAct === seat && choices !== null;
  const from = seat !== null ? view.players[seat]?.at : undefined;

  const bySite = useMemo(() => (active && from ? choicesBySite(choices, from) : NO_SITES), [active, choices, from]);
  const byTrail = useMemo(() => (active ? choicesByTrail(choices) : NO_TRAILS), [active, choices]);
  // Each state arrives as a new object: key the derived data by content, so the memoized layers
  // below redraw only what really changed (most states change one or two things).
  const pathKey = view.players.map((p) => p.pathways.join('.')).join('|');
  const atKey = view.players.map((p) => p.at).join('|');
  const siteKey = view.sites.map((x) => `${x.colour}:${x.height}:${x.top}:${x.shrine}:${x.relic}`).join('|');
  const tokenKey = view.tokens.join('.');
  const seatKey = seats.map((x) => `${x.seat}:${x.name}:${x.kind}`).join('|');
  /* eslint-disable react-hooks/exhaustive-deps -- memoized by the content keys above, not by the view objects' identity */
  const owners = useMemo(() => trailOwners(view.players), [pathKey]);
  const explorers = useMemo(() => explorersBySite(view.players), [atKey]);
  const sites = useMemo(() => view.sites, [siteKey]);
  const coloured = useMemo(() => new Set(view.tokens), [tokenKey]);
  const seatList = useMemo(() => seats, [seatKey]);
  /* eslint-enable react-hooks/exhaustive-deps */
  const colours = useMemo(() => new Map(sites.map((x) => [x.id, x.colour])), [sites]);

  const boardRef = useRef<HTMLDivElement>(null);
  const tiles = useTopTileTip(boardRef);
  const [pending, setPending] = useState<Pending | null>(null);
  const [hot, setHot] = useState<number | null>(null);
  // A new state brings new choices: whatever was half-chosen on the old ones is gone.
  const open = active && pending && pending.choices === choices ? pending : null;

  const close = useCallback(() => {
    setPending(null);
    setHot(null);
  }, []);
  const pick = useCallback(
    (c: RRChoice) => {
      close();
      choose(c);
    },
    [choose, close],
  );
  const onSite = (id: string) => {
    const opts = bySite.get(id);
    if (!opts) return;
    if (opts.length === 1) pick(opts[0]!);
    else {
      setHot(null);
      setPending({ kind: 'site', id, choices: choices! });
    }
  };
  const onTrail = useCallback(
    (id: number) => {
      const opts = byTrail.get(id);
      if (!opts) return;
      if (opts.length === 1) pick(opts[0]!);
      else setPending({ kind: 'trail', id, choices: choices! });
    },
    [byTrail, pick, choices],
  );
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && open) close();
    if (e.key === 'Escape') tiles.close();
  };

  // RR-EXPL-1: after the move, the explorer's own location is explored by pointing at it, as on the panel.
  const explore = active && from && !bySite.has(from) ? choices.find((c) => c.t === 'explore') : undefined;
  const exploreAt = explore && from ? SITE_BY_ID.get(from) : undefined;

  const siteOptions = open?.kind === 'site' ? (bySite.get(open.id) ?? []) : [];
  const trailOptions = open?.kind === 'trail' ? (byTrail.get(open.id) ?? []) : [];

  let chooser: { title: string; options: ChooserOption[] } | null = null;
  // The list covers part of the board: put it on the half away from what it is about.
  const openY = open ? (open.kind === 'site' ? SITE_BY_ID.get(open.id)?.y : TRAIL_BY_ID.get(open.id)?.mid.y) : undefined;
  const chooserAt = (openY ?? 0) > 500 ? 'top' : 'bottom';
  if (open?.kind === 'site' && from) {
    chooser = {
      title: t('route.title', { site: siteName(open.id, t, colours.get(open.id)) }),
      options: siteOptions.map((c, i) => ({
        choice: c,
        label: howLabel(c, from, t, colours),
        detail: routeDetail(c, view.routes, t),
        swatch: c.t === 'move' ? { colour: routeColour(i), n: i + 1 } : undefined,
      })),
    };
  } else if (open?.kind === 'trail') {
    chooser = { title: t('trailMenu', { id: open.id }), options: trailOptions.map((c) => ({ choice: c, label: trailChoiceLabel(c, t) })) };
  }

  return (
    <div
      ref={boardRef}
      className={`rr-board${active ? ' rr-active' : ''}${busy ? ' rr-busy' : ''}`}
      data-testid="board"
      onKeyDown={onKey}
      {...tiles.handlers}
    >
      <svg viewBox={VIEW_BOX} className="rr-svg" role="group" aria-label={t('label')} preserveAspectRatio="xMidYMid meet">
        <StaticBoard />
        {marks && <LastMoveLayer marks={marks} seats={seatList} />}
        <Pathways owners={owners} />
        <Tokens coloured={coloured} />
        <TrailInfo owners={owners} coloured={coloured} colours={colours} seats={seatList} />
        <TrailTargets byTrail={byTrail} openTrail={open?.kind === 'trail' ? open.id : null} onTrail={onTrail} />
        <Sites sites={sites} explorers={explorers} seats={seatList} />
        <g className="rr-site-targets">
          {[...bySite].map(([id, opts]) => {
            const g = SITE_BY_ID.get(id);
            if (!g) return null;
            const r = g.kind === 'camp' ? SITE_R + 16 : SITE_R + 10;
            return (
              <Target
                key={id}
                className={`rr-site-target${open?.kind === 'site' && open.id === id ? ' rr-open' : ''}`}
                label={siteActionLabel(opts, id, t, colours.get(id) ?? null, view.routes)}
                choice={opts.length === 1 ? opts[0] : undefined}
                offers={opts}
                testId={`site-${id}`}
                onActivate={() => onSite(id)}
              >
                <circle className="rr-ring" cx={g.x} cy={g.y} r={r} />
                {opts.length > 1 && !(open?.kind === 'site' && open.id === id) && (
                  <g className="rr-count" transform={`translate(${g.x - r * 0.72},${g.y - r * 0.72})`}>
                    <circle r="12" />
                    <text y="5" textAnchor="middle">
                      {opts.length}
                    </text>
                  </g>
                )}
              </Target>
            );
          })}
          {explore && exploreAt && from && (
            <Target
              className="rr-site-target rr-explore-target"
              label={`${siteName(from, t, colours.get(from))}: ${choiceLabel(explore, view, t)}`}
              choice={explore}
              testId={`explore-${from}`}
              onActivate={() => pick(explore)}
            >
              <circle className="rr-ring" cx={exploreAt.x} cy={exploreAt.y} r={exploreAt.kind === 'camp' ? SITE_R + 16 : SITE_R + 10} />
            </Target>
          )}
        </g>
        <Explorers explorers={explorers} current={view.toAct} seats={seatList} />
        {open?.kind === 'site' && from && (
          <g className={`rr-routes${hot !== null ? ' rr-has-hot' : ''}`}>
            {siteOptions.map((c, i) => {
              if (c.t !== 'move') return null;
              const pts = offsetPolyline(routePoints(from, c.trails), laneOffset(i, siteOptions.length, 9));
              const d = polylinePath(pts);
              const mid = polylineMiddle(pts);
              const colour = routeColour(i);
              return (
                <Target
                  key={i}
                  className={`rr-route${hot === i ? ' rr-hot' : ''}`}
                  label={`${t('route.label', { n: i + 1, how: howLabel(c, from, t, colours) })} · ${routeDetail(c, view.routes, t)}`}
                  choice={c}
                  testId={`route-${i}`}
                  onActivate={() => pick(c)}
                  onHover={(on) => setHot(on ? i : null)}
                >
                  <path className="rr-route-casing" d={d} />
                  <path className="rr-route-line" d={d} stroke={colour} />
                  <path className="rr-hit" d={d} />
                  <g className="rr-route-badge" transform={`translate(${mid.x.toFixed(1)},${mid.y.toFixed(1)})`}>
                    <circle r="12" fill={colour} stroke="#fff" strokeWidth="3" />
                    <text className="rr-route-n" y="5" textAnchor="middle">
                      {i + 1}
                    </text>
                  </g>
                </Target>
              );
            })}
            {/* The route under the pointer or focus, drawn again on top of the others. */}
            {hot !== null && siteOptions[hot]?.t === 'move' && (
              <path
                className="rr-route-top"
                d={polylinePath(
                  offsetPolyline(
                    routePoints(from, (siteOptions[hot] as { trails: readonly number[] }).trails),
                    laneOffset(hot, siteOptions.length, 9),
                  ),
                )}
                stroke={routeColour(hot)}
              />
            )}
          </g>
        )}
      </svg>
      {tiles.tip && <TopTileTip tip={tiles.tip} onLeave={tiles.close} />}
      {chooser && open && (
        <Chooser
          key={`${open.kind}-${open.id}`}
          at={chooserAt}
          title={chooser.title}
          options={chooser.options}
          choose={pick}
          cancel={close}
          onHot={open?.kind === 'site' ? setHot : undefined}
        />
      )}
    </div>
  );
}
