// @vitest-environment node
/**
 * A purple temple's top-tile badge stays inside the drawn board (the svg's viewBox), whatever the
 * temple and whichever tile's title in whichever language: a badge right of a temple near the right
 * edge ran past the viewBox and its label was cut ("⇄ Déménagem…"). Widths are taken generously
 * (10 units a character: the label is 14 px bold) since Node measures no text.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../src/i18n/languages.js';
import { SITES, VIEW } from '../src/relic-runners/board/geometry.js';
import { badgePlace } from '../src/relic-runners/board/TopTile.js';

const root = fileURLToPath(new URL('../src/i18n/locales', import.meta.url));
const PURPLE = [1, 2, 3, 4, 5, 6, 7, 8].map((n) => `PU-${n}`);
const titles = (lng: string): string[] => {
  const tiles = JSON.parse(readFileSync(join(root, lng, 'tiles.json'), 'utf8')) as Record<string, { title: string }>;
  return PURPLE.map((k) => tiles[k]!.title);
};

describe('top-tile badges', () => {
  for (const lng of LANGUAGES)
    it(`${lng}: every purple tile's badge, at every temple, is inside the board and not narrowed`, () => {
      const out: string[] = [];
      for (const site of SITES.filter((s) => s.kind === 'temple'))
        for (const title of titles(lng)) {
          const w = 36 + 10 * [...title].length;
          const p = badgePlace(site.id, w);
          const left = site.x + p.x;
          const right = left + p.w;
          if (left < VIEW.left || right > VIEW.right || p.w < w)
            out.push(`${site.id} "${title}": ${left.toFixed(0)}..${right.toFixed(0)}, ${p.w.toFixed(0)} of ${w} wide`);
        }
      expect(out).toEqual([]);
    });

  it('a badge too wide for either side is narrowed to stay inside the board', () => {
    for (const site of SITES.filter((s) => s.kind === 'temple')) {
      const p = badgePlace(site.id, 2000);
      expect(site.x + p.x, site.id).toBeGreaterThanOrEqual(VIEW.left);
      expect(site.x + p.x + p.w, site.id).toBeLessThanOrEqual(VIEW.right);
    }
  });
});
