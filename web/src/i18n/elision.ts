import type { i18n as I18n } from 'i18next';

/**
 * French elision before a name: "de" and "que" lose their vowel before a word that starts with a
 * vowel or a mute h ("d’Alice", "qu’Hugo", "de Bot B"). The strings write the preposition as a
 * format of the name, `{{name, de}}` and `{{name, que}}`, so one rule serves every sentence; in
 * the other languages these formats are never used.
 *
 * A name's h is taken as mute (most given names: Hélène, Hugo); a y before a consonant is a vowel
 * (Yves) and before a vowel a consonant (Yann, Yasmine).
 */
export function elides(word: string): boolean {
  const w = word.trimStart().normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  if (/^[aeiouœæ]/.test(w)) return true;
  if (w.startsWith('h')) return /^h[aeiouy]/.test(w);
  if (w.startsWith('y')) return !/^y[aeiou]/.test(w);
  return false;
}

/** "de Bob", "d’Alice". */
export const frenchDe = (name: string): string => (elides(name) ? `d’${name}` : `de ${name}`);

/** "que Bob", "qu’Alice". */
export const frenchQue = (name: string): string => (elides(name) ? `qu’${name}` : `que ${name}`);

/** Registers the `de` and `que` formats on an initialized i18next instance. */
export function addElision(i18n: I18n): void {
  const formatter = i18n.services.formatter;
  if (!formatter) return;
  formatter.add('de', (value: unknown) => frenchDe(String(value)));
  formatter.add('que', (value: unknown) => frenchQue(String(value)));
}
