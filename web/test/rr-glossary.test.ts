// @vitest-environment node
/**
 * One word per Relic Runners piece, as the rules help and the printed rulebook say it, in every
 * string a Relic Runners table shows. French: the pathway is a "relais" and a trail a "piste"
 * (never "passage", "sentier" or "chemin" for either; "chemin" stays for a route). German: the
 * pathway is a "Wegstück" and a trail a "Pfad" ("Weg" only for a route). Polish: the pathway is a
 * "ścieżka" and a trail a "szlak" ("droga" only for a route).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../src/i18n/locales', import.meta.url));
const help = fileURLToPath(new URL('../src/help/content/relic-runners', import.meta.url));
/** The namespaces a Relic Runners table writes with (game and hint are shared: their Quetzal parts are left out). */
const NAMESPACES = ['board', 'log', 'explain', 'game', 'tiles', 'hint', 'short', 'counts'];

function leaves(obj: unknown, prefix = ''): [string, string][] {
  return Object.entries(obj as Record<string, unknown>).flatMap(([k, v]) => {
    const key = prefix ? `${prefix}.${k}` : k;
    return typeof v === 'string' ? [[key, v] as [string, string]] : leaves(v, key);
  });
}
const strings = (lng: string): [string, string][] =>
  NAMESPACES.flatMap((ns) =>
    leaves(JSON.parse(readFileSync(join(root, lng, `${ns}.json`), 'utf8')))
      .filter(([k]) => !k.startsWith('quetzal.') && !k.includes('.quetzal.'))
      .map(([k, s]) => [`${ns}:${k}`, s] as [string, string]),
  );

interface Glossary {
  /** Words the help uses for the pathway and a trail: each must appear in the help and the table. */
  readonly words: readonly RegExp[];
  /** Words for either that the table must not use. */
  readonly banned: RegExp;
  /** Keys that speak of a route (a way somewhere), where the route word is right. */
  readonly routes: readonly string[];
}

const GLOSSARY: Record<'fr' | 'de' | 'pl', Glossary> = {
  fr: {
    words: [/\brelais\b/i, /\bpistes?\b/i],
    banned: /\b(passages?|sentiers?|chemins?)\b/i,
    routes: ['board:act.several', 'board:route.title', 'board:route.label'],
  },
  de: {
    words: [/\bWegstück/, /\bPfade?\b/],
    banned: /\bWeg(e|en)?\b/,
    routes: ['board:act.several', 'board:route.title'],
  },
  pl: {
    words: [/ścieżk/i, /\bszlak/i],
    banned: /\b(drog[aięo]|dróg|przejści[ea])\b/iu,
    routes: ['board:act.several', 'board:route.title', 'board:route.label', 'tiles:PU-5.title'],
  },
};

describe('Relic Runners glossary', () => {
  for (const [lng, g] of Object.entries(GLOSSARY))
    it(`${lng}: the pathway and the trail have the help's words, and no other`, () => {
      const texts = strings(lng);
      const rules = readFileSync(join(help, `${lng}.ts`), 'utf8');
      for (const w of g.words) {
        expect(rules, `${lng} help uses ${w}`).toMatch(w);
        expect(
          texts.some(([, s]) => w.test(s)),
          `${lng} table uses ${w}`,
        ).toBe(true);
      }
      const wrong = texts
        .filter(([k, s]) => g.banned.test(s) && !g.routes.some((r) => k === r || k.startsWith(`${r}_`)))
        .map(([k, s]) => `${k}: ${s}`);
      expect(wrong).toEqual([]);
    });
});
