/**
 * Texts no field of the server may take: controls, broken UTF-16, separators, blanks, invisible
 * and text-direction characters, and joiners and selectors where no spelling puts them. Each is
 * refused by every text field, path parameter and message field, on every store.
 */
export const BAD_TEXT: readonly string[] = [
  '',
  '\u0000',
  'A\u0000B',
  'tab\there',
  'line\nbreak',
  'cr\rhere',
  '\u0085',
  '\u007F',
  'x\uD800',
  '\uDC00y',
  'a\u2028b',
  'a\u2029b',
  '   ',
  '\u00A0\u3000',
  // Bidirectional controls: overrides, embeddings, isolates and marks.
  '\u202Egnp.exe',
  'a\u202Ab',
  '\u2066x\u2069',
  'Ann\u200F',
  '\u200FAnn',
  '\u061CAnn',
  'Bo\u200E',
  // Invisible names, and invisible characters inside a name.
  '\u200B',
  '\u200B\u200B\u200B',
  'Ann\u200B',
  '\u3164',
  '\u3164\u3164',
  '\u115F\u1160',
  '\uFFA0',
  '\u2800',
  ' \u2800 ',
  '\u{1D159}',
  '\uFEFFAnn',
  '\u00AD',
  '\u2060',
  '\u2061x',
  '\u034F',
  '\u0301\u0301',
  '\u{E0001}x',
  // Joiners and selectors where no spelling puts them.
  '\u200D',
  '\u200DAnn',
  'Ann\u200C',
  'Ad\u200Dmin',
  'Admin\uFE0F',
];

/** Names that hold the joiners, selectors and tag characters spelling needs: taken as they are. */
export const GOOD_NAMES: readonly string[] = [
  'Zoë 🦜 Łukasz',
  '❤️ Ada',
  '👩🏽‍💻 Bo',
  'می‌خواهم',
  'क्‍षमा',
  '🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}',
  '1️⃣ Ana',
];

/** A text's UTF-8 bytes, each percent-encoded, as a path segment (a lone surrogate becomes U+FFFD). */
export const pathSegment = (s: string): string => [...Buffer.from(s, 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');
