import type { TFunction } from 'i18next';

/** Ivory "IV2-4" or purple "PU-3" (level suffix "@2" tolerated): the names the engine gives tiles. */
const TILE_NAME = /^(IV[123]-[1-6]|PU-[1-8])(?:@[123])?$/;

/** Rule text key of a tile name, or null for names without a rule text (blue tiles, unknown). */
export function tileKey(name: string): string | null {
  const m = TILE_NAME.exec(name);
  return m ? m[1]! : null;
}

/** The tile's rule text in the current language, in our own words; the name itself when unknown. */
export function tileText(name: string, t: TFunction): string {
  const key = tileKey(name);
  return key ? t(`tiles:${key}.text`) : name;
}

/** A short title for a tile ("Look and pick"). */
export function tileTitle(name: string, t: TFunction): string {
  const key = tileKey(name);
  return key ? t(`tiles:${key}.title`) : name;
}

/** Every tile with a rule text, for completeness checks. */
export const RULE_TILES: readonly string[] = [
  ...[1, 2, 3].flatMap((lv) => [1, 2, 3, 4, 5, 6].map((e) => `IV${lv}-${e}`)),
  ...[1, 2, 3, 4, 5, 6, 7, 8].map((e) => `PU-${e}`),
];
