import { describe, expect, it } from 'vitest';
import i18n from '../src/i18n/index.js';
import type { MoveOutcome } from '../../src/games/relic-runners/outcome.js';
import type { RRView } from '../../src/games/relic-runners/view.js';
import { routeDetail } from '../src/relic-runners/board/outcome-labels.js';

const move = { t: 'move', trails: [3, 7] } as const;
const outcome = (o: Partial<MoveOutcome>): RRView['routes'] => ({
  '3-7': { familiar: [], flips: [], steps: 0, expedition: null, spendsIv21: false, flipFirst: false, ...o },
});

// A route's consequences in words (RR-MOVE-2, RR-TOOL-2, RR-TOOL-4, RR-EXP-1, RR-END-1), plurals by i18next.
describe('routeDetail', () => {
  it('tells pathways, steps, the reset, the relic and its VP, the end and IV2-1, in English', async () => {
    const t = await i18n.changeLanguage('en');
    expect(routeDetail(move, outcome({}), t)).toBe('no toolbox step');
    expect(routeDetail(move, outcome({ familiar: [3], flips: [7], steps: 1 }), t)).toBe('1 on your pathway · 1 toolbox step');
    expect(
      routeDetail(
        move,
        outcome({ familiar: [3, 7], flips: [7], steps: 2, expedition: { site: 'ruin-1', relic: 'green', vp: 8, endsGame: true } }),
        t,
      ),
    ).toBe('2 on your pathways · 2 toolbox steps · last token: all turn back · green relic: +8 VP, ends the game');
    expect(routeDetail(move, outcome({ spendsIv21: true }), t)).toBe('no toolbox step · uses IV2-1');
    expect(routeDetail(move, outcome({ flipFirst: true }), t)).toBe('no toolbox step · before your IV3-6 flip, which may change this');
    expect(routeDetail(move, null, t)).toBe('');
    expect(routeDetail({ t: 'teleport', to: 'temple-1' }, outcome({}), t)).toBe('');
  });

  it('uses each language plural forms (Polish one, few, many)', async () => {
    const t = await i18n.changeLanguage('pl');
    const steps = (n: number) => routeDetail(move, outcome({ flips: Array.from({ length: n }, (_, i) => i), steps: n }), t);
    expect(steps(1)).toBe('1 krok skrzynki');
    expect(steps(2)).toBe('2 kroki skrzynek');
    expect(steps(5)).toBe('5 kroków skrzynek');
    const de = await i18n.changeLanguage('de');
    expect(routeDetail(move, outcome({ familiar: [3], flips: [1], steps: 1 }), de)).toBe('1 auf deinem Wegstück · 1 Werkzeugschritt');
    expect(routeDetail(move, outcome({ familiar: [3, 7], flips: [1, 2], steps: 2 }), de)).toBe(
      '2 auf deinen Wegstücken · 2 Werkzeugschritte',
    );
    const fr = await i18n.changeLanguage('fr');
    expect(routeDetail(move, outcome({ familiar: [3, 7], flips: [1, 2], steps: 2 }), fr)).toBe(
      '2 sur vos relais · 2 pas de boîte à outils',
    );
    await i18n.changeLanguage('en');
  });
});
