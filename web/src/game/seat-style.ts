/**
 * How each seat is told apart: a colour, and a shape and letter for players who cannot tell the
 * colours apart (the palette is Okabe–Ito, chosen for colour-blind readers).
 */
export interface SeatStyle {
  readonly colour: string;
  /** Darker shade for outlines and text on light backgrounds. */
  readonly ink: string;
  readonly shape: 'circle' | 'square' | 'triangle' | 'diamond' | 'hexagon';
  readonly letter: string;
  /** i18n key (common namespace) of the colour's name. */
  readonly nameKey: string;
}

export const SEAT_STYLES: readonly SeatStyle[] = [
  { colour: '#E69F00', ink: '#8a5f00', shape: 'circle', letter: 'A', nameKey: 'seatColour.orange' },
  { colour: '#56B4E9', ink: '#1f6e99', shape: 'square', letter: 'B', nameKey: 'seatColour.sky' },
  { colour: '#009E73', ink: '#005c43', shape: 'triangle', letter: 'C', nameKey: 'seatColour.green' },
  { colour: '#CC79A7', ink: '#8a3f6a', shape: 'diamond', letter: 'D', nameKey: 'seatColour.pink' },
  { colour: '#0072B2', ink: '#003f63', shape: 'hexagon', letter: 'E', nameKey: 'seatColour.blue' },
];

export const seatStyle = (seat: number): SeatStyle => SEAT_STYLES[seat % SEAT_STYLES.length]!;

/** SVG path of a seat's shape centred on (0,0) with radius r. */
export function shapePath(shape: SeatStyle['shape'], r: number): string {
  const poly = (n: number, rot: number) =>
    Array.from({ length: n }, (_, i) => {
      const a = rot + (i * 2 * Math.PI) / n;
      return `${(r * Math.cos(a)).toFixed(2)},${(r * Math.sin(a)).toFixed(2)}`;
    }).join(' L');
  switch (shape) {
    case 'circle':
      return `M${-r},0 a${r},${r} 0 1,0 ${2 * r},0 a${r},${r} 0 1,0 ${-2 * r},0 Z`;
    case 'square':
      return `M${poly(4, Math.PI / 4)} Z`;
    case 'triangle':
      return `M${poly(3, -Math.PI / 2)} Z`;
    case 'diamond':
      return `M${poly(4, 0)} Z`;
    case 'hexagon':
      return `M${poly(6, 0)} Z`;
  }
}
