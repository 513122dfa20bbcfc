/** Colours of the board: a warm parchment map with jungle edges; temple and relic colours. */
export const PALETTE = {
  parchment: '#f1e3bf',
  parchmentDeep: '#e2cc97',
  jungle: '#3f6b35',
  earth: '#8a6239',
  earthLight: '#c9a878',
  river: '#2f7fb8',
  riverLight: '#a9d3ee',
  ink: '#3b2a17',
  target: '#c0392b',
  tokenOn: '#e3a21a',
  tokenOff: '#d8cba9',
} as const;

export const TEMPLE_FILL: Readonly<Record<'ivory' | 'blue' | 'purple', string>> = {
  ivory: '#f6eedb',
  blue: '#2f6fae',
  purple: '#6f3f96',
};

export const TEMPLE_INK: Readonly<Record<'ivory' | 'blue' | 'purple', string>> = {
  ivory: '#7d6a43',
  blue: '#173d63',
  purple: '#3b1d55',
};

export const RELIC_FILL: Readonly<Record<'green' | 'ivory' | 'blue' | 'purple', string>> = {
  green: '#3f9b4b',
  ivory: '#f5ecd2',
  blue: '#3a7bd5',
  purple: '#8e4fbf',
};

/** Colours the move routes on offer are told apart by (each also carries its number). */
export const ROUTE_COLOURS = ['#c0392b', '#1f6fb2', '#1e8a4c', '#8e44ad', '#d35400', '#2c3e50', '#b7950b', '#16a085'] as const;

export const routeColour = (i: number): string => ROUTE_COLOURS[i % ROUTE_COLOURS.length]!;

/** Black or white, whichever reads better on `hex`. */
export function textOn(hex: string): string {
  const v = parseInt(hex.slice(1), 16);
  const r = (v >> 16) & 255;
  const g = (v >> 8) & 255;
  const b = v & 255;
  return 0.299 * r + 0.587 * g + 0.114 * b > 150 ? '#1b140b' : '#ffffff';
}
