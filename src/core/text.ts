/**
 * What a short text typed by a person (a name, and every other text field of the server's
 * protocol) may hold: something visible, and nothing that hides or reorders what is shown. The
 * server refuses a text that breaks these rules (`textFault`); the web client cleans a name
 * before sending it (`cleanName`), so that both hold the same rule.
 */

/**
 * Invisible characters that spelling needs inside a word: the zero-width non-joiner and joiner
 * (Persian, Indic scripts, emoji sequences such as 👩🏽‍💻), variation selectors (❤️, keycaps)
 * and tag characters (subdivision flags such as 🏴󠁧󠁢󠁳󠁣󠁴󠁿). Every other default-ignorable character
 * is refused.
 */
const JOINER = /^[\u200C\u200D]$/u;
const SELECTOR = /^[\uFE00-\uFE0F\u{E0100}-\u{E01EF}]$/u;
const TAG = /^[\u{E0020}-\u{E007F}]$/u;
/** The flag that tag characters follow. */
const TAG_BASE = '\u{1F3F4}';

/**
 * Refused anywhere: controls (NUL is refused by PostgreSQL and invisible everywhere), lone
 * surrogates (not valid UTF-8), line and paragraph separators, the bidirectional controls (marks,
 * embeddings, overrides, isolates: they make a text read differently from what it is), and the
 * default-ignorable characters, which render as nothing, but for the ones spelling needs. The
 * Hangul fillers are named as well: older Unicode versions do not count U+3164 and U+FFA0 as
 * default-ignorable, and a browser's may be older than this server's.
 */
const ALWAYS_REFUSED = /^[\p{Cc}\p{Cs}\p{Zl}\p{Zp}\p{Bidi_Control}\u115F\u1160\u3164\uFFA0]$/u;
const IGNORABLE = /^\p{Default_Ignorable_Code_Point}$/u;

/**
 * Not visible on its own: spaces, marks (which sit on another character), format characters,
 * unassigned code points, and the characters that render blank although they are letters or
 * symbols (the Hangul fillers, U+2800 braille blank, U+1D159 musical null notehead).
 */
const BLANK = /^[\s\p{M}\p{Cf}\p{Cc}\p{Cs}\p{Cn}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}\u115F\u1160\u3164\uFFA0\u2800\u{1D159}]$/u;

/** Scripts whose words never need a joiner or a selector: an invisible one beside their letters only disguises a text. */
const PLAIN_SCRIPT = /^[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}]$/u;

const visible = (c: string | undefined): boolean => c !== undefined && !BLANK.test(c);
const mark = (c: string | undefined): boolean => c !== undefined && /^\p{M}$/u.test(c);
const plain = (c: string | undefined): boolean => c !== undefined && PLAIN_SCRIPT.test(c);

/** The code point as U+XXXX. */
const codePoint = (c: string): string => `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;

/**
 * Whether the joiner, selector or tag character `c` stands where spelling puts it, between
 * `before` and `after` (undefined at either end): a selector right after a visible character
 * or a mark, a joiner between one of those and a visible character, a tag character after the
 * flag or another tag; joiners and selectors never beside a Latin, Greek or Cyrillic letter.
 */
function inWord(c: string, before: string | undefined, after: string | undefined): boolean {
  if (TAG.test(c)) return before === TAG_BASE || (before !== undefined && TAG.test(before));
  if (!(visible(before) || mark(before)) || plain(before)) return false;
  if (SELECTOR.test(c)) return true;
  return visible(after) && !plain(after);
}

const kept = (c: string): boolean => JOINER.test(c) || SELECTOR.test(c) || TAG.test(c);
/** Whether the code point `c` is refused wherever it stands. */
const refused = (c: string): boolean => ALWAYS_REFUSED.test(c) || (IGNORABLE.test(c) && !kept(c));

/**
 * What is wrong with `v` as a text field, or null when nothing is: a refused character (named by
 * its code point), a joiner, selector or tag character outside a word, or nothing visible at all.
 */
export function textFault(v: string): string | null {
  const cs = [...v];
  for (const [i, c] of cs.entries()) {
    if (refused(c)) return `must not hold ${codePoint(c)} (a control, invisible or text-direction character)`;
    if (kept(c) && !inWord(c, cs[i - 1], cs[i + 1]))
      return `must not hold ${codePoint(c)} (an invisible character) where no spelling needs it`;
  }
  if (!cs.some(visible)) return 'must hold a visible character (not only spaces or invisible characters)';
  return null;
}

/**
 * `v` without what `textFault` refuses, and without spaces at either end: '' when nothing
 * visible is left. A text it returns (other than '') passes `textFault`.
 */
export function cleanName(v: string): string {
  const cs = [...v].filter((c) => !refused(c));
  const out: string[] = [];
  for (const [i, c] of cs.entries()) {
    // A joiner's next character is visible, and visible characters are always kept, so looking
    // ahead in `cs` sees what `out` will hold.
    if (kept(c) && !inWord(c, out[out.length - 1], cs[i + 1])) continue;
    out.push(c);
  }
  const s = out.join('').trim();
  return [...s].some(visible) ? s : '';
}
