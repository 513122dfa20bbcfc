import { describe, expect, it } from 'vitest';
import i18n from '../src/i18n/index.js';
import type { RRView } from '../../src/games/relic-runners/index.js';
import { choiceLabel } from '../src/relic-runners/panels/choices.js';

// IV2-5, D-18, D-21: the engine offers {t:'pass'} in a placement when IV2-5 is the only way to
// place; the button must say that passing keeps the tile, not "Stop here".
describe('IV2-5, D-18, D-21: the pass of a placement', () => {
  it('reads as placing nothing and keeping IV2-5 in every language, and as stopping elsewhere', async () => {
    for (const lng of ['en', 'de', 'fr', 'pl']) {
      const t = await i18n.changeLanguage(lng);
      const place = choiceLabel({ t: 'pass' }, { decision: 'place', players: [], toAct: 0, current: 0 } as unknown as RRView, t);
      const flip = choiceLabel({ t: 'pass' }, { decision: 'flip8', players: [], toAct: 0, current: 0 } as unknown as RRView, t);
      expect(place, lng).toContain('IV2-5');
      expect(flip, lng).not.toContain('IV2-5');
      expect(place, lng).not.toBe(flip);
    }
    expect((await i18n.changeLanguage('en'))('game:choice.placeNothing')).toBe('Place nothing (keep IV2-5)');
  });
});
