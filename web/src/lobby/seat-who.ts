import type { TFunction } from 'i18next';
import { BOT_LEVELS } from '../../../src/bots/levels.js';

/** A bot as the lobby's lists name it ("Greedy bot"), by its spec. */
export function botName(t: TFunction, spec: string | null | undefined): string {
  const level = BOT_LEVELS.find((l) => l.spec === spec);
  return level ? t(`saves:bot.${level.key}`) : t('saves:bot.other', { spec: spec ?? '?' });
}

/** Seats as one line in the page's language: "A: Ada, B: Greedy bot". */
export function seatsLine(lng: string, whos: readonly string[], t: TFunction, letter: (seat: number) => string): string {
  return seatsLineParts(lng, whos, t, letter)
    .map((p) => p.value)
    .join('');
}

/** The same line in parts: each seat's words (with its seat number) and the separators between them. */
export function seatsLineParts(
  lng: string,
  whos: readonly string[],
  t: TFunction,
  letter: (seat: number) => string,
): { readonly seat: number | null; readonly value: string }[] {
  let seat = 0;
  return new Intl.ListFormat(lng, { style: 'short', type: 'unit' })
    .formatToParts(whos.map((who, i) => t('saves:seat', { letter: letter(i), who })))
    .map((p) => ({ seat: p.type === 'element' ? seat++ : null, value: p.value }));
}
