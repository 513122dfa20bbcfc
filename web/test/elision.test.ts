// @vitest-environment node
/**
 * French elision before names: "En attente d’Alice", "qu’Hugo", "de Bob". The rule (elision.ts),
 * the strings through i18next with the formats registered as the app does, and a sweep of the
 * French strings for a "de {{name}}" or "que {{name}}" written out, which could not elide.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { addElision, elides } from '../src/i18n/elision.js';

const root = fileURLToPath(new URL('../src/i18n/locales', import.meta.url));
const load = (lng: string, ns: string): Record<string, unknown> =>
  JSON.parse(readFileSync(join(root, lng, `${ns}.json`), 'utf8')) as Record<string, unknown>;
const namespaces = readdirSync(join(root, 'fr')).map((f) => f.replace(/\.json$/, ''));

function leaves(obj: unknown, prefix = ''): [string, string][] {
  return Object.entries(obj as Record<string, unknown>).flatMap(([k, v]) => {
    const key = prefix ? `${prefix}.${k}` : k;
    return typeof v === 'string' ? [[key, v] as [string, string]] : leaves(v, key);
  });
}

async function french() {
  const i18n = i18next.createInstance();
  await i18n.init({
    lng: 'fr',
    resources: { fr: Object.fromEntries(namespaces.map((ns) => [ns, load('fr', ns)])) },
    interpolation: { escapeValue: false },
  });
  addElision(i18n);
  return i18n;
}

describe('French elision', () => {
  it('elides before a vowel or a mute h, not before a consonant or a y before a vowel', () => {
    for (const w of ['Alice', 'Émile', 'Ève', 'Oscar', 'Ugo', 'Hugo', 'Hélène', 'Yves', 'Œdipe', 'ismcts']) expect(elides(w), w).toBe(true);
    for (const w of ['Bob', 'Bot B (glouton)', 'Małgorzata', 'Yann', 'Zoé', '3 joueurs', '', 'Temple 5']) expect(elides(w), w).toBe(false);
  });

  it('writes "d’Alice" and "qu’Alice" in the strings, "de Bob" and "que Bob" too', async () => {
    const i18n = await french();
    expect(i18n.t('game:panel.waiting', { name: 'Alice', what: 'choisir' })).toBe('En attente d’Alice : choisir.');
    expect(i18n.t('game:panel.waiting', { name: 'Bob', what: 'choisir' })).toBe('En attente de Bob : choisir.');
    expect(i18n.t('games:toAct', { name: 'Hugo' })).toBe('au tour d’Hugo');
    expect(i18n.t('follow:lastMove', { name: 'Émile' })).toBe('Dernier coup d’Émile');
    expect(i18n.t('log:seatToBot', { name: 'Bot B' })).toBe('Un bot prend la place de Bot B.');
    expect(i18n.t('account:signedInAs', { name: 'Alice' })).toBe('Connecté en tant qu’Alice.');
    expect(i18n.t('account:signedInAs', { name: 'Małgorzata' })).toBe('Connecté en tant que Małgorzata.');
  });

  it('no French string writes "de" or "que" before a name or a title as plain text', () => {
    const plain = /\b(de|que) \{\{\s*(name|mover|seat|player|winner|tile|site|where)\s*\}\}/i;
    const found = namespaces.flatMap((ns) =>
      leaves(load('fr', ns))
        .filter(([, s]) => plain.test(s))
        .map(([k, s]) => `${ns}:${k}: ${s}`),
    );
    expect(found).toEqual([]);
  });
});
