import type { TFunction } from 'i18next';
import { BOT_LEVELS } from '../../../src/bots/levels.js';

/** A bot as the lobby's lists name it ("Greedy bot"), by its spec. */
export function botName(t: TFunction, spec: string | null | undefined): string {
  const level = BOT_LEVELS.find((l) => l.spec === spec);
  return level ? t(`saves:bot.${level.key}`) : t('saves:bot.other', { spec: spec ?? '?' });
}

/** Seats as one line in the page's language: "A: Ada, B: Greedy bot". */
export function seatsLine(lng: string, whos: readonly string[], t: TFunction, letter: (seat: number) => string): string {
  return new Intl.ListFormat(lng, { style: 'short', type: 'unit' }).format(
    whos.map((who, i) => t('saves:seat', { letter: letter(i), who })),
  );
}
