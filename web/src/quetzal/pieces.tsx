import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import { hintedProps, SvgHintBadge, useHinted, useHintLabel } from '../game/hint.js';
import { shapePath, seatStyle } from '../game/seat-style.js';
import type { QChoice } from '../game-types.js';
import { parseCard } from './model.js';

/** Colours of the artifact types; each type also has its own drawn glyph, so colour is never the only cue. */
export const CARD_COLOURS: Readonly<Record<string, { fill: string; ink: string }>> = {
  jar: { fill: '#e7b27a', ink: '#7a4312' },
  weapon: { fill: '#c3c8cf', ink: '#3b4048' },
  tablet: { fill: '#9cc6df', ink: '#1d4d6b' },
  sculpture: { fill: '#cdb6e3', ink: '#4f2f73' },
  mummy: { fill: '#efe5c6', ink: '#6b5a2a' },
};

/** A glyph per artifact type, drawn in a 20×20 box centred on (0,0). */
function TypeGlyph({ type, ink }: { type: string; ink: string }) {
  const p = { fill: 'none', stroke: ink, strokeWidth: 1.8, strokeLinecap: 'round' as const, strokeLinejoin: 'round' as const };
  switch (type) {
    case 'jar':
      return <path {...p} d="M-4,-8 h8 M-3,-8 v3 c-5,2 -6,8 -3,12 h12 M3,-8 v3 c5,2 6,8 3,12" transform="translate(-3,0)" />;
    case 'weapon':
      return <path {...p} d="M-7,7 L7,-7 M-7,-7 L7,7 M4,-8 L8,-4 M-4,-8 L-8,-4" />;
    case 'tablet':
      return <path {...p} d="M-6,-8 h12 v16 h-12 Z M-3,-4 h6 M-3,0 h6 M-3,4 h4" />;
    case 'sculpture':
      return <path {...p} d="M0,-8 a3.5,3.5 0 1,1 0.01,0 M-3,-1 h6 l1,6 h-8 Z M-6,8 h12" />;
    default:
      return <path {...p} d="M0,-9 c5,0 6,4 6,9 c0,5 -2,9 -6,9 c-4,0 -6,-4 -6,-9 c0,-5 1,-9 6,-9 M-5,-3 h10 M-5,1 h10 M-5,5 h10" />;
  }
}

/** A card's bonus as a corner badge: coin (disc), discovery (triangle), VP (square). */
function BonusBadge({ bonus, x, y }: { bonus: string; x: number; y: number }) {
  if (bonus === 'coin')
    return (
      <g transform={`translate(${x},${y})`}>
        <circle r={6.5} fill="#f3c623" stroke="#7a5c00" strokeWidth={1.2} />
        <text dy="0.35em" textAnchor="middle" fontSize={8} fontWeight={700} fill="#3d2e00">
          1
        </text>
      </g>
    );
  if (bonus === 'discovery')
    return (
      <g transform={`translate(${x},${y})`}>
        <path d="M0,-7 L7,5 L-7,5 Z" fill="#2f7fbf" stroke="#0f3a5c" strokeWidth={1.2} />
        <text dy="0.55em" y={-1} textAnchor="middle" fontSize={7} fontWeight={700} fill="#fff">
          1
        </text>
      </g>
    );
  if (bonus === 'vp')
    return (
      <g transform={`translate(${x},${y})`}>
        <rect x={-6.5} y={-6.5} width={13} height={13} rx={2} fill="#2f6b3a" stroke="#143d1c" strokeWidth={1.2} />
        <text dy="0.35em" textAnchor="middle" fontSize={8} fontWeight={700} fill="#fff">
          1
        </text>
      </g>
    );
  return null;
}

/** An artifact card centred on (x, y). `label` is its readable name (title for hover and screen readers). */
export function CardShape({ name, x, y, w, h, label }: { name: string; x: number; y: number; w: number; h: number; label: string }) {
  const { type, bonus } = parseCard(name);
  const c = CARD_COLOURS[type] ?? CARD_COLOURS.jar!;
  const s = Math.min(w / 30, h / 40);
  return (
    <g className="q-card" transform={`translate(${x},${y})`}>
      <title>{label}</title>
      <rect x={-w / 2} y={-h / 2} width={w} height={h} rx={5} fill={c.fill} stroke={c.ink} strokeWidth={1.5} />
      <g transform={`translate(0,${-h * 0.06}) scale(${s})`}>
        <TypeGlyph type={type} ink={c.ink} />
      </g>
      <BonusBadge bonus={bonus} x={w / 2 - 8} y={h / 2 - 8} />
    </g>
  );
}

/** An empty card space. */
export function EmptySlot({ x, y, w, h, label }: { x: number; y: number; w: number; h: number; label: string }) {
  return (
    <rect className="q-slot" x={x - w / 2} y={y - h / 2} width={w} height={h} rx={5}>
      <title>{label}</title>
    </rect>
  );
}

/** A figure's silhouette: adventurers black, archaeologists white (the two faces of the dice figures). */
export function Meeple({ kind, x, y, size = 16 }: { kind: 'adv' | 'arch' | 'wild'; x: number; y: number; size?: number }) {
  const s = size / 20;
  const fill = kind === 'adv' ? '#1b1b1b' : kind === 'arch' ? '#ffffff' : '#b9b2a0';
  return (
    <path
      transform={`translate(${x},${y}) scale(${s})`}
      d="M0,-10 a4,4 0 1,1 -0.01,0 Z M-3,-3 h6 l6,3 l-1.5,3 l-4.5,-1.5 l3,9 h-5 l-1,-4 l-1,4 h-5 l3,-9 l-4.5,1.5 l-1.5,-3 Z"
      fill={fill}
      stroke="#1b1b1b"
      strokeWidth={1.4 / s}
      strokeLinejoin="round"
    />
  );
}

/** A seat's marker in the board's SVG (shape, colour, letter), or the automaton's grey cog-square. */
export function HolderMark({ holder, x, y, r = 11 }: { holder: number | 'automaton'; x: number; y: number; r?: number }) {
  if (holder === 'automaton') {
    return (
      <g transform={`translate(${x},${y})`} className="q-auto-mark">
        <rect x={-r} y={-r} width={2 * r} height={2 * r} rx={3} fill="#6d6d6d" stroke="#2b2b2b" strokeWidth={1.5} />
        <text dy="0.35em" textAnchor="middle" fontSize={r * 1.1} fontWeight={700} fill="#fff">
          ⚙
        </text>
      </g>
    );
  }
  const st = seatStyle(holder);
  return (
    <g transform={`translate(${x},${y})`}>
      <path d={shapePath(st.shape, r)} fill={st.colour} stroke={st.ink} strokeWidth={1.5} />
      <text dy="0.35em" textAnchor="middle" fontSize={r} fontWeight={700} fill="#000">
        {st.letter}
      </text>
    </g>
  );
}

/**
 * A focusable SVG element that makes (with `choice`) or advances a decision: role button,
 * Enter/Space activate, marked data-choosable for the browser tests.
 */
export function QTarget(props: {
  label: string;
  onActivate: () => void;
  choice?: QChoice;
  /** The choices this target leads to, when picking it asks for more (marked when one is the hint). */
  offers?: readonly QChoice[];
  testId?: string;
  className?: string;
  selected?: boolean;
  children: ReactNode;
}) {
  const { onActivate, choice, offers, testId, className, selected, children } = props;
  // A place already picked hands the mark on to its placements in the panel.
  const hinted = useHinted(offers ?? choice) && selected !== true;
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
      className={`q-target${selected ? ' is-selected' : ''} ${className ?? ''}`}
      role="button"
      tabIndex={0}
      aria-label={label}
      aria-pressed={selected === undefined ? undefined : selected}
      data-choosable=""
      data-choice={choice ? JSON.stringify(choice) : undefined}
      {...hintedProps(hinted)}
      data-testid={testId}
      onClick={onActivate}
      onKeyDown={onKey}
    >
      <title>{label}</title>
      {children}
      {hinted && <SvgHintBadge target={ref} />}
    </g>
  );
}
