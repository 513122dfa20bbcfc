// @vitest-environment node
/**
 * The Relic Runners log names places as the board does ("Purple temple 5", not "Temple 5") and
 * tiles by their title, never by their code ("PU-1"), in every language.
 */
import { describe, expect, it } from 'vitest';
import i18n from '../src/i18n/index.js';
import { LANGUAGES } from '../src/i18n/languages.js';
import type { LogEvent, SeatInfo } from '../src/net/session.js';
import { siteName as boardSiteName } from '../src/relic-runners/board/labels.js';
import { describeEvent } from '../src/relic-runners/panels/events.js';
import type { SiteColours } from '../src/relic-runners/panels/places.js';
import { tileTitle } from '../src/relic-runners/panels/tiles.js';

const seats: SeatInfo[] = [{ seat: 0, kind: 'human', name: 'Ada', connected: true, claimed: true }];
const colours: SiteColours = new Map([
  ['temple-5', 'purple'],
  ['temple-3', 'ivory'],
]);
const events = [
  { type: 'purpleTaken', seat: 0, site: 'temple-5', tile: 'PU-1', reveals: true },
  { type: 'ivoryTaken', seat: 0, site: 'temple-3', tile: 'IV2-4', reveals: true },
  { type: 'ivoryKept', seat: 0, kept: 'IV1-2', discarded: 'IV3-5' },
  { type: 'ivoryUsed', seat: 0, tile: 'IV2-5' },
  { type: 'vp', seat: 0, vp: 3, why: { kind: 'tile', tile: 'IV1-4' } },
  { type: 'move', seat: 0, to: 'temple-5', trails: [4] },
  { type: 'rations', seat: 0, rations: 3, why: { kind: 'camp' } },
] as unknown as LogEvent[];

describe('Relic Runners log names', () => {
  for (const lng of LANGUAGES)
    it(`${lng}: temples with their colour as on the board, tiles by title without their code`, async () => {
      await i18n.changeLanguage(lng);
      const t = i18n.t;
      const lines = events.map((e) => describeEvent(e, seats, t, colours));
      const purple5 = boardSiteName('temple-5', t, 'purple');
      expect(lines[0]).toContain(purple5);
      expect(lines[0]).toContain(tileTitle('PU-1', t));
      expect(lines[1]).toContain(boardSiteName('temple-3', t, 'ivory'));
      expect(lines[2]).toContain(tileTitle('IV1-2', t));
      expect(lines[5]).toContain(purple5);
      // The camp a player takes rations at, named as the board names it (not "base camp" in lower case).
      expect(lines[6]).toContain(boardSiteName('camp', t));
      for (const l of lines) expect(l, l).not.toMatch(/\b(PU|IV[123])-\d/);
    });
});
