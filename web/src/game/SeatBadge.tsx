import { seatStyle, shapePath } from './seat-style.js';

/** A seat's marker: its colour, shape and letter, so colour is never the only cue. */
export function SeatBadge({ seat, size = 22 }: { seat: number; size?: number }) {
  const st = seatStyle(seat);
  const r = size / 2 - 1.5;
  return (
    <svg className="seat-badge" width={size} height={size} viewBox={`${-size / 2} ${-size / 2} ${size} ${size}`} aria-hidden="true">
      <path d={shapePath(st.shape, r)} fill={st.colour} stroke={st.ink} strokeWidth={1.5} />
      <text x={0} y={0} dy="0.35em" textAnchor="middle" fontSize={size * 0.5} fontWeight={700} fill="#000">
        {st.letter}
      </text>
    </svg>
  );
}
