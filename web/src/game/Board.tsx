import { useCallback, useMemo, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { RRChoice } from '../net/session.js';
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
import { SITE_BY_ID, SITE_R, TRAILS, VIEW_BOX, laneOffset } from './board/geometry.js';
import { howLabel, siteActionLabel, siteName, trailChoiceLabel } from './board/labels.js';
import { Explorers, Pathways, Sites, StaticBoard, Tokens } from './board/layers.js';
import { routeColour } from './board/palette.js';
import { Target } from './board/Target.js';
import { seatName } from './names.js';
import type { PartProps } from './parts.js';
import './board.css';

/** A click that left more than one legal choice open; tied to the choices it was made from. */
type Pending =
  | { readonly kind: 'site'; readonly id: string; readonly choices: readonly RRChoice[] }
  | { readonly kind: 'trail'; readonly id: number; readonly choices: readonly RRChoice[] };

const NO_SITES: ReadonlyMap<string, SiteChoice[]> = new Map();
const NO_TRAILS: ReadonlyMap<number, TrailChoice[]> = new Map();

/** The map: sites, trails, tokens, pathways and explorers, with the board decisions clickable on it. */
export function Board({ view, seat, seats, choose, busy }: PartProps) {
  const { t } = useTranslation('board');
  const choices = view.choices;
  const active = !busy && seat !== null && view.toAct === seat && choices !== null;
  const from = seat !== null ? view.players[seat]?.at : undefined;

  const bySite = useMemo(() => (active && from ? choicesBySite(choices!, from) : NO_SITES), [active, choices, from]);
  const byTrail = useMemo(() => (active ? choicesByTrail(choices!) : NO_TRAILS), [active, choices]);
  const owners = useMemo(() => trailOwners(view.players), [view.players]);
  const explorers = useMemo(() => explorersBySite(view.players), [view.players]);
  const coloured = useMemo(() => new Set(view.tokens), [view.tokens]);
  const colours = useMemo(() => new Map(view.sites.map((s) => [s.id, s.colour])), [view.sites]);

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
  const onTrail = (id: number) => {
    const opts = byTrail.get(id);
    if (!opts) return;
    if (opts.length === 1) pick(opts[0]!);
    else setPending({ kind: 'trail', id, choices: choices! });
  };
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && open) close();
  };

  const siteOptions = open?.kind === 'site' ? (bySite.get(open.id) ?? []) : [];
  const trailOptions = open?.kind === 'trail' ? (byTrail.get(open.id) ?? []) : [];

  let chooser: { title: string; options: ChooserOption[] } | null = null;
  if (open?.kind === 'site' && from) {
    chooser = {
      title: t('route.title', { site: siteName(open.id, t, colours.get(open.id)) }),
      options: siteOptions.map((c, i) => ({
        choice: c,
        label: howLabel(c, from, t, colours),
        swatch: c.t === 'move' ? { colour: routeColour(i), n: i + 1 } : undefined,
      })),
    };
  } else if (open?.kind === 'trail') {
    chooser = { title: t('trailMenu', { id: open.id }), options: trailOptions.map((c) => ({ choice: c, label: trailChoiceLabel(c, t) })) };
  }

  return (
    <div className={`rr-board${active ? ' rr-active' : ''}${busy ? ' rr-busy' : ''}`} data-testid="board" onKeyDown={onKey}>
      <svg viewBox={VIEW_BOX} className="rr-svg" role="group" aria-label={t('label')} preserveAspectRatio="xMidYMid meet">
        <StaticBoard />
        <Pathways owners={owners} />
        <Tokens coloured={coloured} />
        <g className="rr-trails">
          {TRAILS.map((tr) => {
            const opts = byTrail.get(tr.id);
            const own = owners.get(tr.id);
            const info = [
              t(tr.river ? 'trail.river' : 'trail.land', {
                id: tr.id,
                a: siteName(tr.a, t, colours.get(tr.a)),
                b: siteName(tr.b, t, colours.get(tr.b)),
              }),
            ];
            if (tr.river) info.push(t(coloured.has(tr.id) ? 'trail.tokenOn' : 'trail.tokenOff'));
            if (own) info.push(t('trail.pathways', { names: own.map((s) => seatName(seats, s, t)).join(', ') }));
            if (!opts) {
              return (
                <path key={tr.id} className="rr-hit" d={tr.d} data-trail={tr.id}>
                  <title>{info.join(' · ')}</title>
                </path>
              );
            }
            const label = opts.length === 1 ? trailChoiceLabel(opts[0]!, t) : t('act.trailOptions', { id: tr.id, count: opts.length });
            return (
              <Target
                key={tr.id}
                className={`rr-trail-target${open?.kind === 'trail' && open.id === tr.id ? ' rr-open' : ''}`}
                label={label}
                choice={opts.length === 1 ? opts[0] : undefined}
                testId={`trail-${tr.id}`}
                onActivate={() => onTrail(tr.id)}
              >
                <path className="rr-trail-glow" d={tr.d} />
                <path className="rr-hit" d={tr.d} />
              </Target>
            );
          })}
        </g>
        <Sites sites={view.sites} explorers={explorers} seats={seats} />
        <g className="rr-site-targets">
          {[...bySite].map(([id, opts]) => {
            const g = SITE_BY_ID.get(id);
            if (!g) return null;
            const r = g.kind === 'camp' ? SITE_R + 16 : SITE_R + 10;
            return (
              <Target
                key={id}
                className={`rr-site-target${open?.kind === 'site' && open.id === id ? ' rr-open' : ''}`}
                label={siteActionLabel(opts, id, t, colours.get(id) ?? null)}
                choice={opts.length === 1 ? opts[0] : undefined}
                testId={`site-${id}`}
                onActivate={() => onSite(id)}
              >
                <circle className="rr-ring" cx={g.x} cy={g.y} r={r} />
                {opts.length > 1 && (
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
        </g>
        <Explorers explorers={explorers} current={view.toAct} seats={seats} />
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
                  label={t('route.label', { n: i + 1, how: howLabel(c, from, t, colours) })}
                  choice={c}
                  testId={`route-${i}`}
                  onActivate={() => pick(c)}
                  onHover={(on) => setHot(on ? i : null)}
                >
                  <path className="rr-route-casing" d={d} />
                  <path className="rr-route-line" d={d} stroke={colour} />
                  <path className="rr-hit" d={d} />
                  <g transform={`translate(${mid.x.toFixed(1)},${mid.y.toFixed(1)})`}>
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
                d={polylinePath(offsetPolyline(routePoints(from, (siteOptions[hot] as { trails: readonly number[] }).trails), laneOffset(hot, siteOptions.length, 9)))}
                stroke={routeColour(hot)}
              />
            )}
          </g>
        )}
      </svg>
      {chooser && open && <Chooser key={`${open.kind}-${open.id}`} title={chooser.title} options={chooser.options} choose={pick} cancel={close} onHot={open?.kind === 'site' ? setHot : undefined} />}
    </div>
  );
}
