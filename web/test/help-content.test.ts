// @vitest-environment node
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { LOC_IDS, UPGRADE_IDS } from '../../src/games/quetzal/data.js';
import { RULE_IDS } from '../../src/games/relic-runners/rule-ids.js';
import { IVORY, PURPLE, TILE_FACES, ivoryName, purpleName, tile } from '../../src/games/relic-runners/tiles.js';
import type { GameId } from '../src/game-types.js';
import { helpIds, type HelpContent, type HelpOutline } from '../src/help/outline.js';
import { LANGUAGES } from '../src/i18n/index.js';
import { quetzalHelp } from '../src/quetzal/help-outline.js';
import { CLIENT_GAMES, GAME_IDS, loadClient, loadHelp } from '../src/registry.js';
import { relicRunnersHelp } from '../src/relic-runners/help-outline.js';

/** Every registered game's outline (from its client) and its words in every language (from the registry's loaders). */
const OUTLINES = {} as Record<GameId, HelpOutline>;
const CONTENT = {} as Record<GameId, Record<string, HelpContent>>;
beforeAll(async () => {
  for (const game of GAME_IDS) {
    OUTLINES[game] = (await loadClient(game)).helpOutline;
    CONTENT[game] = {};
    for (const lng of LANGUAGES) CONTENT[game][lng] = await CLIENT_GAMES[game].help[lng]();
  }
});

const locales = fileURLToPath(new URL('../src/i18n/locales', import.meta.url));
/** The text at a dotted key of a locale file, or undefined. */
function localeText(lng: string, key: string): unknown {
  const [ns, path] = key.split(':') as [string, string];
  let v: unknown = JSON.parse(readFileSync(join(locales, lng, `${ns}.json`), 'utf8'));
  for (const part of path.split('.')) v = (v as Record<string, unknown> | undefined)?.[part];
  return v;
}

describe('rules help content', () => {
  it('names every Relic Runners ivory and purple tile the engine has (RR §4 IV1-1…IV3-6, §5 PU-1…PU-8)', () => {
    const ids = new Set<string>(helpIds(relicRunnersHelp));
    const tiles = [
      ...TILE_FACES[IVORY]!.flatMap((faces, i) => faces.map((f) => ivoryName(tile(IVORY, i + 1, f)))),
      ...TILE_FACES[PURPLE]![0]!.map((f) => purpleName(tile(PURPLE, 1, f))),
    ];
    expect(tiles).toHaveLength(18 + 8);
    for (const id of tiles) expect(ids.has(id), id).toBe(true);
  });

  it('names the progression table actions by their rule ids (RR-TB-1…RR-TB-9)', () => {
    const known = new Set(RULE_IDS.map((r) => r.id));
    const tb = helpIds(relicRunnersHelp).filter((id) => id.startsWith('RR-TB-'));
    expect(tb).toHaveLength(9);
    for (const id of tb) expect(known.has(id), id).toBe(true);
  });

  it('has an entry for every Quetzal location and upgrade, by the engine’s LocId and UpgradeId', () => {
    const ids = new Set<string>(helpIds(quetzalHelp));
    for (const id of [...LOC_IDS, ...UPGRADE_IDS]) expect(ids.has(id), id).toBe(true);
  });

  it('has the sections the tooltips link to by name', () => {
    for (const outline of [relicRunnersHelp, quetzalHelp])
      for (const s of ['turn', 'scoring', 'end']) expect(helpIds(outline)).toContain(s);
    expect(helpIds(quetzalHelp)).toContain('two-players');
  });

  for (const game of GAME_IDS) {
    it(`${game}: every language has exactly the outline's entries, none empty, every one titled`, () => {
      const outline = OUTLINES[game];
      const ids: string[] = helpIds(outline);
      expect(new Set(ids).size, 'ids are unique').toBe(ids.length);
      for (const lng of LANGUAGES) {
        const content = CONTENT[game][lng]!;
        expect(Object.keys(content).sort(), `${lng} has the same keys`).toEqual([...ids].sort());
        for (const id of ids) {
          const text = content[id]!;
          expect(text.body.length, `${lng} ${id} has text`).toBeGreaterThan(0);
          for (const p of text.body) expect(p.trim().length, `${lng} ${id}: no empty paragraph`).toBeGreaterThan(0);
          const key = outline.nameKey(id);
          if (key) {
            expect(text.title, `${lng} ${id} is named by the table (${key}), not twice`).toBeUndefined();
            const name = localeText(lng, key);
            expect(typeof name === 'string' && name.trim().length > 0, `${lng} ${key} exists`).toBe(true);
          } else expect(text.title?.trim(), `${lng} ${id} has a title`).toBeTruthy();
        }
      }
    });

    it(`${game}: the translations are written, not English left in place`, () => {
      const en = CONTENT[game].en!;
      for (const lng of LANGUAGES.filter((l) => l !== 'en')) {
        const same = Object.keys(en).filter((id) => JSON.stringify(CONTENT[game][lng]![id]) === JSON.stringify(en[id]));
        expect(same, `${lng} entries identical to English`).toEqual([]);
      }
    });

    it(`${game}: loads lazily, per language, English for a language the client does not have`, async () => {
      for (const lng of LANGUAGES) expect(await loadHelp(game, lng)).toBe(CONTENT[game][lng]);
      expect(await loadHelp(game, 'xx')).toBe(CONTENT[game].en);
    });
  }
});
