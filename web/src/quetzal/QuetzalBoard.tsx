import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { DATA, LOC, type BannerData, type LocationData } from '../../../src/games/quetzal/data.js';
import type { BannerView, LocationView } from '../../../src/games/quetzal/view.js';
import type { SeatInfo } from '../net/session.js';
import type { QChoice, QView } from '../game-types.js';
import { helpHref } from '../help/link.js';
import { targetKey, type PlaceChoice, type Target } from './model.js';
import { CardShape, EmptySlot, HolderMark, Meeple, QTarget } from './pieces.js';
import type { QMark } from './last-move.js';
import { QuetzalLastMoves } from './QuetzalLastMoves.js';
import { cardLabel, holderName, locName, upName, upShort, upText } from './words.js';
import { FitText } from '../game/FitText.js';

const { width: W, height: H } = DATA.board;
/** Card sizes: the Temple display has room for bigger cards than the excavation sites. */
const TEMPLE_CARD = { w: 58, h: 70, dy: 8 };
const SITE_CARD = { w: 44, h: 56, dx: 12, dy: 32 };
/** A Village upgrade tile: as tall as the space between two banners allows (70 apart), its top clear of the name. */
const UPGRADE_TILE = { w: 126, h: 58, dy: 3 };

/** Where an excavation site's first card begins: its note must end before. */
const siteCardsLeft = (d: LocationData) => (d.cardXY?.[0]?.[0] ?? d.x + d.w) + SITE_CARD.dx - SITE_CARD.w / 2;
/** Room for a location's name: up to the Temple's cards, or the box's corner (where a help mark may stand). */
const nameRoom = (d: LocationData) => (d.id === 'temple' && d.displayXY?.[0] ? d.displayXY[0][0] - TEMPLE_CARD.w / 2 - d.x - 16 : d.w - 30);

export interface QuetzalBoardProps {
  readonly view: QView;
  readonly seats: readonly SeatInfo[];
  /** Legal placements by target key (empty when not placing). */
  readonly targets: ReadonlyMap<string, readonly PlaceChoice[]>;
  readonly selected: string | null;
  readonly onSelect: (t: Target) => void;
  readonly choose: (c: QChoice) => void;
  readonly busy: boolean;
  /** Each seat's last move (follow), drawn over the locations. */
  readonly marks?: ReadonlyMap<number, readonly QMark[]>;
}

/** The Quetzal board, drawn from data/quetzal.json: every location with its figures, cards and upgrades. */
export const QuetzalBoard = memo(function QuetzalBoard(props: QuetzalBoardProps) {
  const { view } = props;
  const { t } = useTranslation('quetzal');
  const active = view.pending?.loc ?? null;
  return (
    <div className="q-board-wrap">
      <svg className="q-board" viewBox={`0 0 ${W} ${H}`} role="group" aria-label={t('board.title')} data-testid="quetzal-board">
        <defs>
          <pattern id="q-hatch" width="10" height="10" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
            <rect width="10" height="10" fill="#d9d3c4" />
            <line x1="0" y1="0" x2="0" y2="10" stroke="#aaa28f" strokeWidth="4" />
          </pattern>
        </defs>
        <rect x={0} y={0} width={W} height={H} rx={14} className="q-ground" />
        {view.locations.map((lv) => (
          <Location key={lv.id} lv={lv} d={LOC[lv.id]} active={active === lv.id} {...props} t={t} />
        ))}
        {props.marks && <QuetzalLastMoves marks={props.marks} seats={props.seats} />}
        {/* Above the last-move frames, which may reach a location's corner: the "?" stays readable and clickable. */}
        <g className="q-help-marks">
          {view.locations.map((lv) => (
            <HelpMark key={lv.id} x={LOC[lv.id].x + LOC[lv.id].w - 3} y={LOC[lv.id].y + 3} entry={lv.id} name={locName(lv.id, t)} t={t} />
          ))}
        </g>
        <InfoBox view={view} t={t} />
        {view.automaton && <AutomatonBox view={view} t={t} />}
      </svg>
    </div>
  );
});

type LocProps = QuetzalBoardProps & { lv: LocationView; d: LocationData; active: boolean; t: TFunction };

function Location(p: LocProps) {
  const { lv, d, active, t, targets, selected, onSelect, busy } = p;
  const key = targetKey({ loc: lv.id, banner: null });
  const placeable = !busy && lv.banners === null && targets.has(key);
  const name = locName(lv.id, t);
  const frame = (
    <>
      <rect x={d.x} y={d.y} width={d.w} height={d.h} rx={10} className={`q-loc q-loc-${lv.kind}${active ? ' is-active' : ''}`} />
      <FitText x={d.x + 10} y={d.y + 20} maxWidth={nameRoom(d)} className="q-loc-name">
        {name}
      </FitText>
      {lv.id === 'harbour' && (
        <FitText x={d.x + 10} y={d.y + 36} maxWidth={d.w - 20} className="q-loc-note">
          {t('board.perFigure', { coins: t('counts:coins', { count: d.costPerFigure ?? 2 }) })}
        </FitText>
      )}
    </>
  );
  // What stands on a location is part of it: clicking a site's cards or a bid places there too (Q-PL-5).
  const contents = (
    <>
      {lv.cards && <SiteCards {...p} />}
      {/* Keyed by the bid: a new bid is a new element, which pops in (quetzal.css). */}
      {lv.kind === 'auction' && <Bid key={lv.bid ? `${lv.bid.holder}:${lv.bid.n}` : '-'} {...p} />}
      {lv.figures && <FreeFigures {...p} />}
    </>
  );
  return (
    <g className="q-location" data-loc={lv.id}>
      {placeable ? (
        <QTarget
          label={`${name}: ${t('board.placeHere')}`}
          onActivate={() => onSelect({ loc: lv.id, banner: null })}
          offers={targets.get(key)}
          testId={`target-${lv.id}`}
          selected={selected === key}
          className="q-loc-target"
        >
          {frame}
          {contents}
        </QTarget>
      ) : (
        <>
          <g>
            <title>{`${name}: ${t(`locHelp.${lv.id}`)}`}</title>
            {frame}
          </g>
          {contents}
        </>
      )}
      {lv.banners && lv.banners.map((b, i) => <Banner key={b.n} {...p} b={b} bd={d.banners![i]!} />)}
      {lv.id === 'temple' && <TempleDisplay {...p} />}
      {lv.id === 'village' && <VillageDisplay {...p} />}
      {lv.covered && (
        // data-cover: the hatch over a place closed in this game hides its texts on purpose.
        <g className="q-covered" pointerEvents="none" data-cover="">
          <rect x={d.x} y={d.y} width={d.w} height={d.h} rx={10} fill="url(#q-hatch)" opacity={0.85} />
          <text x={d.x + d.w / 2} y={d.y + d.h / 2} textAnchor="middle" className="q-closed">
            {t('board.closed')}
          </text>
        </g>
      )}
    </g>
  );
}

/** A "?" that opens the rules help at this location's or upgrade's entry (the engine's own id). */
function HelpMark({ x, y, entry, name, t }: { x: number; y: number; entry: string; name: string; t: TFunction }) {
  const label = t('q-explain:help.about', { name });
  return (
    <a href={helpHref('quetzal', entry)} className="q-help-mark" aria-label={label} data-testid={`help-${entry}`}>
      <title>{label}</title>
      <circle cx={x} cy={y} r={8} />
      <text x={x} y={y} dy="0.35em" textAnchor="middle">
        ?
      </text>
    </a>
  );
}

/** Small card outlines saying what a banner yields: face-up cards to choose, a face-down one drawn. */
function YieldIcons({ y, x0, b }: { y: number; x0: number; b: BannerView }) {
  if (!(b.yield in DATA.yields)) return null;
  const yd = DATA.yields[b.yield as keyof typeof DATA.yields];
  const icons = [...Array<string>(yd.choose).fill('up'), ...Array<string>(yd.draw).fill('down')];
  return (
    <g aria-hidden="true">
      {icons.map((k, i) => (
        <rect key={i} x={x0 + i * 11} y={y} width={9} height={12} rx={1.5} className={k === 'up' ? 'q-yield-up' : 'q-yield-down'} />
      ))}
    </g>
  );
}

function Banner({ lv, b, bd, t, seats, targets, selected, onSelect, busy, view }: LocProps & { b: BannerView; bd: BannerData }) {
  const key = targetKey({ loc: lv.id, banner: b.n });
  const placeable = !busy && targets.has(key);
  const kindName = t(`kind.${b.kind}`, { count: 1 });
  const holder = b.holder === null ? t('board.open') : t('board.held', { name: holderName(seats, b.holder, t) });
  const label = `${t('board.bannerFull', { loc: locName(lv.id, t), n: b.n, kind: kindName, coins: t('counts:coins', { count: b.cost }), yield: t(`yield.${b.yield}`) })}; ${b.covered ? t('board.closed') : holder}`;
  const beingResolved = view.pending?.loc === lv.id && view.pending.banner === b.n;
  const body = (
    <g className={`q-banner${beingResolved ? ' is-active' : ''}`}>
      <rect x={bd.x - 22} y={bd.y - 17} width={58} height={34} rx={8} className={`q-banner-bg q-kind-${b.kind}`} />
      {b.holder !== null ? (
        <HolderMark holder={b.holder} x={bd.x - 6} y={bd.y} r={12} />
      ) : (
        <Meeple kind={b.kind} x={bd.x - 6} y={bd.y + 1} size={22} />
      )}
      <circle cx={bd.x + 20} cy={bd.y} r={10} className="q-coin" />
      <text x={bd.x + 20} y={bd.y} dy="0.35em" textAnchor="middle" className="q-coin-text">
        {b.cost}
      </text>
      {lv.id === 'temple' && <YieldIcons y={bd.y + 19} x0={bd.x - 18} b={b} />}
      {b.covered && (
        <g data-cover="">
          <rect x={bd.x - 22} y={bd.y - 17} width={58} height={34} rx={8} fill="url(#q-hatch)" opacity={0.8} />
        </g>
      )}
    </g>
  );
  return placeable ? (
    <QTarget
      label={label}
      onActivate={() => onSelect({ loc: lv.id, banner: b.n })}
      offers={targets.get(key)}
      testId={`target-${lv.id}-${b.n}`}
      selected={selected === key}
    >
      {body}
    </QTarget>
  ) : (
    <g role="img" aria-label={label}>
      <title>{label}</title>
      {body}
    </g>
  );
}

function TempleDisplay({ view, d, t, choose, busy }: LocProps) {
  const takes = new Map<string, QChoice>();
  for (const c of view.choices ?? []) if (c.t === 'take') takes.set(c.card, c);
  return (
    <g data-testid="temple-display">
      {(d.displayXY ?? []).map(([x, y], i) => {
        const name = view.temple[i] ?? null;
        const cy = y + TEMPLE_CARD.dy;
        if (name === null) return <EmptySlot key={i} x={x} y={cy} w={TEMPLE_CARD.w} h={TEMPLE_CARD.h} label={t('board.emptySpace')} />;
        const label = cardLabel(name, t);
        const card = <CardShape name={name} x={x} y={cy} w={TEMPLE_CARD.w} h={TEMPLE_CARD.h} label={label} />;
        const c = takes.get(name);
        return c && !busy ? (
          <QTarget key={i} label={label} choice={c} onActivate={() => choose(c)} testId="temple-card" className="q-card-target">
            {card}
          </QTarget>
        ) : (
          <g key={i}>{card}</g>
        );
      })}
    </g>
  );
}

function VillageDisplay({ view, d, t, choose, busy }: LocProps) {
  const picks = new Map<string, QChoice>();
  for (const c of view.choices ?? []) if (c.t === 'village') picks.set(c.up, c);
  return (
    <g data-testid="village-display">
      {(d.displayXY ?? []).map(([x, cy], i) => {
        const up = i < view.village.length ? view.village[i] : undefined;
        const tx = x - 52;
        const { w, h, dy } = UPGRADE_TILE;
        const y = cy + dy;
        if (up === undefined) {
          return <rect key={i} x={tx} y={y - h / 2} width={w} height={h} rx={6} fill="url(#q-hatch)" />;
        }
        if (up === null) return <EmptySlot key={i} x={tx + w / 2} y={y} w={w} h={h} label={t('board.emptySpace')} />;
        const label = `${upName(up, t)}: ${upText(up, t)}`;
        // The tile holds the name and the effect in short; the full text is its tooltip and in the panels.
        const tile = (
          <g className="q-upgrade-tile">
            <title>{label}</title>
            <rect x={tx} y={y - h / 2} width={w} height={h} rx={6} />
            <foreignObject x={tx + 4} y={y - h / 2 + 2} width={w - 8} height={h - 4}>
              <div className="q-upgrade-fo">
                <strong>{upName(up, t)}</strong>
                <span>{upShort(up, t)}</span>
              </div>
            </foreignObject>
          </g>
        );
        const c = picks.get(up);
        return (
          <g key={i}>
            {c && !busy ? (
              <QTarget label={label} choice={c} onActivate={() => choose(c)} testId="village-tile">
                {tile}
              </QTarget>
            ) : (
              tile
            )}
            <HelpMark x={tx + 122} y={y - 26} entry={up} name={upName(up, t)} t={t} />
          </g>
        );
      })}
    </g>
  );
}

function SiteCards({ lv, d, t }: LocProps) {
  return (
    <g>
      {(d.cardXY ?? []).map(([x, y], i) => {
        const name = lv.cards![i] ?? null;
        const cx = x + SITE_CARD.dx;
        const cy = y + SITE_CARD.dy;
        return name === null ? (
          <EmptySlot key={i} x={cx} y={cy} w={SITE_CARD.w} h={SITE_CARD.h} label={t('board.emptySpace')} />
        ) : (
          <CardShape key={i} name={name} x={cx} y={cy} w={SITE_CARD.w} h={SITE_CARD.h} label={cardLabel(name, t)} />
        );
      })}
    </g>
  );
}

/** An auction's highest bid: the holder's marker, how many figures, of which kind. */
function Bid({ lv, d, t, seats }: LocProps) {
  const site = lv.cards !== null;
  const x = site ? d.x + 22 : d.x + d.w / 2 - 30;
  const y = site ? d.y + 58 : d.y + d.h / 2 + 12;
  if (!lv.bid) {
    return lv.covered ? null : (
      <FitText
        x={site ? d.x + 12 : d.x + d.w / 2}
        y={y + 4}
        maxWidth={site ? siteCardsLeft(d) - d.x - 16 : d.w - 20}
        textAnchor={site ? 'start' : 'middle'}
        className="q-loc-note"
      >
        {t('board.noBid')}
      </FitText>
    );
  }
  const b = lv.bid;
  const name = holderName(seats, b.holder, t);
  const label =
    b.kind === null ? t('board.bidLeader', { name }) : t('board.bid', { name, count: b.n, kind: t(`kind.${b.kind}`, { count: b.n }) });
  return (
    <g role="img" aria-label={label} data-testid={`bid-${lv.id}`} className="q-piece-in">
      <title>{label}</title>
      <HolderMark holder={b.holder} x={x} y={y} r={14} />
      <text x={x + 20} y={y} dy="0.35em" className="q-count">
        ×{b.n}
      </text>
      <Meeple kind={b.kind ?? 'wild'} x={x + 54} y={y + 1} size={22} />
    </g>
  );
}

/** Free locations: each seat's figures there this round. */
function FreeFigures({ lv, d, t, seats }: LocProps) {
  const rows = (lv.figures ?? []).map((n, seat) => ({ n, seat })).filter((r) => r.n > 0);
  const top = d.y + (lv.id === 'harbour' ? 58 : 46);
  return (
    <g>
      {rows.map((r, i) => {
        const x = d.x + 24 + (i % 2) * 80;
        const y = top + Math.floor(i / 2) * 30;
        const label = t('board.figuresHere', { name: holderName(seats, r.seat, t), count: r.n });
        return (
          <g key={`${r.seat}:${r.n}`} role="img" aria-label={label} className="q-piece-in">
            <title>{label}</title>
            <HolderMark holder={r.seat} x={x} y={y} r={12} />
            <text x={x + 17} y={y} dy="0.35em" className="q-count">
              ×{r.n}
            </text>
          </g>
        );
      })}
    </g>
  );
}

function InfoBox({ view, t }: { view: QView; t: TFunction }) {
  const x = 300;
  const y = 390;
  return (
    <g className="q-info" data-testid="board-info">
      <rect x={x} y={y} width={240} height={122} rx={10} className="q-info-bg" />
      <FitText x={x + 12} y={y + 24} maxWidth={216} className="q-loc-name">
        {t('board.round', { round: view.round })}
      </FitText>
      <FitText x={x + 12} y={y + 44} maxWidth={216} className="q-loc-note">
        {t(`board.phase.${view.phase}`)}
      </FitText>
      {[
        [t('board.deck'), view.deckSize],
        [t('board.discard'), view.discard.length],
        [t('board.upgradeStack'), view.upgradeStackSize],
      ].map(([label, n], i) => (
        <g key={i} transform={`translate(${x + 12 + i * 76},${y + 62})`}>
          <rect width={66} height={48} rx={6} className={i === 2 ? 'q-stack-up' : 'q-stack'} />
          <text x={33} y={20} textAnchor="middle" className="q-count">
            {n}
          </text>
          <FitText x={33} y={38} maxWidth={60} textAnchor="middle" className="q-stack-label">
            {label}
          </FitText>
        </g>
      ))}
    </g>
  );
}

function AutomatonBox({ view, t }: { view: QView; t: TFunction }) {
  const a = view.automaton!;
  const x = 300;
  const y = 528;
  const c = a.card;
  const label = c
    ? t('board.automatonCard', {
        id: c.id,
        temple: c.temple.join(', '),
        kind: t(`kind.${c.siteKind}`, { count: 3 }),
        site: locName(c.site, t),
        last: locName(c.last === 'ship' ? 'ship1' : 'blackMarket', t),
      })
    : t('board.automaton');
  return (
    <g className="q-info" data-testid="automaton" role="img" aria-label={label}>
      <title>{label}</title>
      <rect x={x} y={y} width={240} height={150} rx={10} className="q-info-bg q-auto-bg" />
      <HolderMark holder="automaton" x={x + 22} y={y + 22} r={12} />
      <text x={x + 42} y={y + 27} className="q-loc-name">
        {t('board.automaton')}
      </text>
      {/* Under the name, not beside it: "Automate" and "2 cartes restantes" share no line in any language. */}
      <FitText x={x + 42} y={y + 44} maxWidth={186} className="q-loc-note">
        {t('board.automatonLeft', { count: a.cardsLeft })}
      </FitText>
      {c && (
        <foreignObject x={x + 10} y={y + 52} width={220} height={92}>
          <div className="q-auto-fo">{label}</div>
        </foreignObject>
      )}
    </g>
  );
}
