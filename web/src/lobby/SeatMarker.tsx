import { seatStyle, shapePath } from '../game/seat-style.js';

/** A seat's marker: its colour, shape and letter (the letter and shape tell seats apart without colour). */
export function SeatMarker({ seat, size = 22 }: { seat: number; size?: number }) {
  const s = seatStyle(seat);
  const r = size / 2 - 1.5;
  return (
    <svg
      className="seat-marker"
      width={size}
      height={size}
      viewBox={`${-size / 2} ${-size / 2} ${size} ${size}`}
      aria-hidden="true"
      focusable="false"
    >
      <path d={shapePath(s.shape, r)} fill={s.colour} stroke={s.ink} strokeWidth={1.5} />
      <text x={0} y={0} dy="0.35em" textAnchor="middle" fontSize={size * 0.5} fontWeight={700} fill="#1b1b1b">
        {s.letter}
      </text>
    </svg>
  );
}
