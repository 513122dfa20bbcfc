// @vitest-environment node
/**
 * Counts through i18next's plural forms in every language. (1) Every plural key has,
 * in every language, each form that language's plural rules can ask for (Intl.PluralRules: English
 * and German one/other, French one/many/other, Polish one/few/many/other). (2) The counted phrases
 * the tables write read right for 0, 1, 2, 5 and 22 in each language ("1 coin", "2 monety",
 * "5 monet", "22 monety").
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import i18next, { type Resource, type ResourceKey } from 'i18next';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../src/i18n/index.js';

const root = fileURLToPath(new URL('../src/i18n/locales', import.meta.url));
const SUFFIX = /_(zero|one|two|few|many|other)$/;

function leaves(obj: unknown, prefix = ''): string[] {
  return Object.entries(obj as Record<string, unknown>).flatMap(([k, v]) => {
    const key = prefix ? `${prefix}.${k}` : k;
    return typeof v === 'string' ? [key] : leaves(v, key);
  });
}

const files = (lng: string) => readdirSync(join(root, lng)).map((f) => f.replace(/\.json$/, ''));
const load = (lng: string, ns: string): unknown => JSON.parse(readFileSync(join(root, lng, `${ns}.json`), 'utf8'));

describe('plural forms', () => {
  for (const lng of LANGUAGES) {
    it(`${lng}: every plural key has every form ${lng} needs`, () => {
      const needs = new Intl.PluralRules(lng).resolvedOptions().pluralCategories;
      const missing: string[] = [];
      // Plural keys are those with a plural suffix in any language (a language with only "other"
      // forms still needs them where English counts).
      for (const ns of files('en')) {
        const keysOf = (l: string) => new Set(leaves(load(l, ns)));
        const plural = new Set(LANGUAGES.flatMap((l) => [...keysOf(l)].filter((k) => SUFFIX.test(k)).map((k) => k.replace(SUFFIX, ''))));
        const mine = keysOf(lng);
        for (const k of plural) for (const form of needs) if (!mine.has(`${k}_${form}`)) missing.push(`${ns}:${k}_${form}`);
      }
      expect(missing, `${lng} lacks plural forms`).toEqual([]);
    });
  }
});

/** Counted phrases the tables write, with what they must read in each language for 0, 1, 2, 5, 22. */
const COUNTS = [0, 1, 2, 5, 22] as const;
const PHRASES: Record<string, Record<(typeof LANGUAGES)[number], readonly string[]>> = {
  'counts:figures.adv': {
    en: ['0 adventurers', '1 adventurer', '2 adventurers', '5 adventurers', '22 adventurers'],
    de: ['0 Abenteurer', '1 Abenteurer', '2 Abenteurer', '5 Abenteurer', '22 Abenteurer'],
    fr: ['0 aventurier', '1 aventurier', '2 aventuriers', '5 aventuriers', '22 aventuriers'],
    pl: ['0 poszukiwaczy', '1 poszukiwacz', '2 poszukiwacze', '5 poszukiwaczy', '22 poszukiwacze'],
  },
  'counts:figures.arch': {
    en: ['0 archaeologists', '1 archaeologist', '2 archaeologists', '5 archaeologists', '22 archaeologists'],
    de: ['0 Archäologen', '1 Archäologe', '2 Archäologen', '5 Archäologen', '22 Archäologen'],
    fr: ['0 archéologue', '1 archéologue', '2 archéologues', '5 archéologues', '22 archéologues'],
    pl: ['0 archeologów', '1 archeolog', '2 archeolodzy', '5 archeologów', '22 archeolodzy'],
  },
  'counts:figures.figure': {
    en: ['0 figures', '1 figure', '2 figures', '5 figures', '22 figures'],
    de: ['0 Figuren', '1 Figur', '2 Figuren', '5 Figuren', '22 Figuren'],
    fr: ['0 figurine', '1 figurine', '2 figurines', '5 figurines', '22 figurines'],
    pl: ['0 figurek', '1 figurka', '2 figurki', '5 figurek', '22 figurki'],
  },
  'counts:coins': {
    en: ['0 coins', '1 coin', '2 coins', '5 coins', '22 coins'],
    de: ['0 Münzen', '1 Münze', '2 Münzen', '5 Münzen', '22 Münzen'],
    fr: ['0 pièce', '1 pièce', '2 pièces', '5 pièces', '22 pièces'],
    pl: ['0 monet', '1 moneta', '2 monety', '5 monet', '22 monety'],
  },
  'quetzal:panel.useAdv': {
    en: ['0 adventurer faces', '1 adventurer face', '2 adventurer faces', '5 adventurer faces', '22 adventurer faces'],
    de: ['0 × Abenteurerseite', '1 × Abenteurerseite', '2 × Abenteurerseite', '5 × Abenteurerseite', '22 × Abenteurerseite'],
    fr: ['0 face aventurier', '1 face aventurier', '2 faces aventurier', '5 faces aventurier', '22 faces aventurier'],
    pl: [
      '0 × strona poszukiwacza',
      '1 × strona poszukiwacza',
      '2 × strona poszukiwacza',
      '5 × strona poszukiwacza',
      '22 × strona poszukiwacza',
    ],
  },
  'counts:colours': {
    en: ['0 colours', '1 colour', '2 colours', '5 colours', '22 colours'],
    de: ['0 Farben', '1 Farbe', '2 Farben', '5 Farben', '22 Farben'],
    fr: ['0 couleur', '1 couleur', '2 couleurs', '5 couleurs', '22 couleurs'],
    pl: ['0 kolorów', '1 kolor', '2 kolory', '5 kolorów', '22 kolory'],
  },
};

describe('counted phrases', async () => {
  const i18n = i18next.createInstance();
  const resources: Resource = {};
  for (const lng of LANGUAGES) for (const ns of files(lng)) (resources[lng] ??= {})[ns] = load(lng, ns) as ResourceKey;
  await i18n.init({ resources, fallbackLng: false, ns: files('en'), defaultNS: 'common', interpolation: { escapeValue: false } });
  for (const [key, want] of Object.entries(PHRASES))
    for (const lng of LANGUAGES)
      it(`${key} in ${lng}: ${want[lng].join(', ')}`, () => {
        const t = i18n.getFixedT(lng);
        expect(COUNTS.map((count) => t(key, { count }))).toEqual(want[lng]);
      });
});
