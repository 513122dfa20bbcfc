// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LANGUAGES, NAMESPACES } from '../src/i18n/index.js';

const root = fileURLToPath(new URL('../src/i18n/locales', import.meta.url));

/** Leaf keys of a strings file, with their texts. */
function leaves(obj: unknown, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(obj as Record<string, unknown>)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out.set(key, v);
    else for (const [kk, vv] of leaves(v, key)) out.set(kk, vv);
  }
  return out;
}

/** Plural forms differ per language (Polish has few/many): compare keys without the suffix. */
const base = (k: string) => k.replace(/_(zero|one|two|few|many|other)$/, '');
const vars = (s: string) => [...s.matchAll(/\{\{\s*([a-zA-Z0-9_]+)/g)].map((m) => m[1]).sort();

const load = (lng: string, ns: string) => leaves(JSON.parse(readFileSync(join(root, lng, `${ns}.json`), 'utf8')));
const namespaces = readdirSync(join(root, 'en')).map((f) => f.replace(/\.json$/, ''));

describe('translations', () => {
  it('the client loads every namespace there is (NAMESPACES lists the files)', () => {
    expect([...NAMESPACES].sort()).toEqual([...namespaces].sort());
  });

  it('every language has every namespace', () => {
    for (const lng of LANGUAGES)
      expect(
        readdirSync(join(root, lng))
          .map((f) => f.replace(/\.json$/, ''))
          .sort(),
      ).toEqual([...namespaces].sort());
  });

  for (const ns of namespaces) {
    it(`namespace "${ns}": same keys and placeholders in en, de, fr, pl; no empty text`, () => {
      const en = load('en', ns);
      const enBase = new Set([...en.keys()].map(base));
      for (const lng of LANGUAGES) {
        const other = load(lng, ns);
        expect(new Set([...other.keys()].map(base)), `${lng}/${ns}.json keys`).toEqual(enBase);
        for (const [k, text] of other) {
          expect(text.trim(), `${lng}/${ns}.json ${k}`).not.toBe('');
          const enText = en.get(k) ?? en.get(`${base(k)}_other`) ?? en.get(base(k));
          if (enText !== undefined) expect(vars(text), `${lng}/${ns}.json ${k} placeholders`).toEqual(vars(enText));
        }
      }
    });
  }
});

describe('words that mean one thing', () => {
  it('a score row is not named as a button is ("Play" opens a game in the lobby and on profiles)', () => {
    for (const lng of LANGUAGES) {
      const buttons = new Set([load(lng, 'ratings').get('play'), load(lng, 'lobby').get('game.play')].filter(Boolean));
      const row = load(lng, 'game').get('score.part.play');
      expect(buttons.has(row), `${lng}: ${row}`).toBe(false);
    }
  });
});
