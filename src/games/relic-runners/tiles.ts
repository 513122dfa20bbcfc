/**
 * Temple tiles as data (rules §1 RR-COMP-3, data ).
 * A tile is a small integer: colour * 100 + level * 10 + face, where face is the effect number
 * (ivory, purple) or the VP value (blue). Ruin tiles are all alike and are only counted.
 */
export const IVORY = 0;
export const BLUE = 1;
export const PURPLE = 2;

export type Level = 1 | 2 | 3;

/** Faces of the six or eight tiles of each colour and level. Index: colour, then level - 1. */
export const TILE_FACES: readonly (readonly (readonly number[])[])[] = [
  // ivory: effects 1–6 at every level
  [
    [1, 2, 3, 4, 5, 6],
    [1, 2, 3, 4, 5, 6],
    [1, 2, 3, 4, 5, 6],
  ],
  // blue: VP values; large tiles are worth more
  [
    [4, 4, 4, 5, 5, 5],
    [3, 3, 3, 4, 4, 4],
    [2, 2, 2, 3, 3, 3],
  ],
  // purple: effects 1–8 at every level
  [
    [1, 2, 3, 4, 5, 6, 7, 8],
    [1, 2, 3, 4, 5, 6, 7, 8],
    [1, 2, 3, 4, 5, 6, 7, 8],
  ],
];

/** Faces carrying the red gem, left out of the first game. */
export const GEMMED: readonly (readonly (readonly number[])[])[] = [
  [
    [3, 6],
    [1, 2],
    [4, 6],
  ],
  [[], [], []],
  [
    [7, 8],
    [7, 8],
    [7, 8],
  ],
];

/** Tiles of each colour and level drawn per game (RR-SETUP-2). */
export const DRAWN_PER_LEVEL = 4;

export const tile = (colour: number, level: number, face: number): number => colour * 100 + level * 10 + face;
export const tileColour = (code: number): number => Math.floor(code / 100);
export const tileLevel = (code: number): Level => (Math.floor(code / 10) % 10) as Level;
export const tileFace = (code: number): number => code % 10;

/** How the rules documents name tiles: ivory "IV2-4" (level 2, effect 4), purple "PU-3" (effect 3). */
export type IvoryName = `IV${Level}-${number}`;
export type PurpleName = `PU-${number}`;
export const ivoryName = (code: number): IvoryName => `IV${tileLevel(code)}-${tileFace(code)}`;
export const purpleName = (code: number): PurpleName => `PU-${tileFace(code)}`;

/** Ivory tiles by what they do (§4), as tile codes: the rules ask `holds(p, IVORY_TILES.refill)`, not for level 2, effect 3. */
export const IVORY_TILES = {
  perIvoryTile: tile(IVORY, 1, 1), // IV1-1
  perRation: tile(IVORY, 1, 2), // IV1-2
  perExtraRelic: tile(IVORY, 1, 3), // IV1-3
  perPathway: tile(IVORY, 1, 4), // IV1-4
  perToolbox: tile(IVORY, 1, 5), // IV1-5
  extraTurn: tile(IVORY, 1, 6), // IV1-6
  unfamiliarInside: tile(IVORY, 2, 1), // IV2-1
  lookAndPick: tile(IVORY, 2, 2), // IV2-2
  refill: tile(IVORY, 2, 3), // IV2-3
  placeTwo: tile(IVORY, 2, 4), // IV2-4
  placeAnywhere: tile(IVORY, 2, 5), // IV2-5
  templeTeleport: tile(IVORY, 2, 6), // IV2-6
  vpPerPlacement: tile(IVORY, 3, 1), // IV3-1
  firstExplorer: tile(IVORY, 3, 2), // IV3-2
  templeScoring: tile(IVORY, 3, 3), // IV3-3
  rivalMovesRation: tile(IVORY, 3, 4), // IV3-4
  campRation: tile(IVORY, 3, 5), // IV3-5
  leaveFlip: tile(IVORY, 3, 6), // IV3-6
} as const;

/** Purple tile effects (§5) by face: PURPLE_EFFECTS[face - 1]. */
export const PURPLE_EFFECTS = ['vp', 'step', 'rations', 'toolbox', 'toCamp', 'movePathway', 'neighbour', 'flipTwo'] as const;
export type PurpleEffect = (typeof PURPLE_EFFECTS)[number];

/** The tile set of one colour and level for a game, gemmed tiles removed when asked. */
export function tileSet(colour: number, level: Level, withGems: boolean): number[] {
  const faces = TILE_FACES[colour]![level - 1]!;
  const gemmed = GEMMED[colour]![level - 1]!;
  return faces.filter((f) => withGems || !gemmed.includes(f)).map((f) => tile(colour, level, f));
}

export const COLOUR_NAMES = ['ivory', 'blue', 'purple'] as const;
export const RELIC_NAMES = ['green', 'ivory', 'blue', 'purple'] as const;
export type RelicColour = (typeof RELIC_NAMES)[number];

/** Relics collected in all that end the game, by seat count (RR-END-1). */
export const END_RELICS: Readonly<Record<number, number>> = { 2: 7, 3: 8, 4: 9, 5: 10 };
