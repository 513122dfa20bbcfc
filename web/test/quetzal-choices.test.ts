// @vitest-environment node
import { describe, expect, it } from 'vitest';
import i18n, { LANGUAGES } from '../src/i18n/index.js';
import { createRng } from '../../src/core/rng.js';
import { quetzal as g, type QChoice, type QView } from '../../src/games/quetzal/index.js';
import type { QChoiceTag } from '../../src/games/quetzal/choice.js';
import { buttonLabel, choiceLabel } from '../src/quetzal/choices.js';

const TAGS: readonly QChoiceTag[] = [
  'place',
  'reroll',
  'rerollAll',
  'take',
  'keep',
  'sell',
  'village',
  'drop',
  'add',
  'deliver',
  'exchange',
  'done',
];
/** Text that shows an i18n key, a placeholder or JSON rather than words. */
const RAW = /[{}]|\bquetzal:|\bq-explain:|\b(panel|choice|board|face|card|up)\.[a-zA-Z]+|undefined/;

interface Position {
  readonly seed: number;
  readonly move: number;
  readonly choices: readonly QChoice[];
  /** The deciding seat's view and a spectator's (the replay's analysis labels from the latter). */
  readonly views: readonly QView[];
}

/** A step towards the rarest kind, keeping one of two drawn cards: the templeDraw upgrade, then Temple banner 3 or 4. */
const towardsKeep = (c: QChoice, ups: readonly string[]): boolean =>
  (c.t === 'village' && c.up === 'templeDraw') ||
  (c.t === 'place' && c.loc === 'temple' && (c.banner ?? 0) >= 3 && ups.includes('templeDraw'));

/**
 * Every position of seeded games where a choice of a kind not yet seen is on offer. The games
 * lean towards unseen kinds, so the rare ones (an upgrade set aside, an exchange) come up too.
 */
function positions(seeds: readonly number[]): Position[] {
  const seen = new Set<QChoiceTag>();
  const out: Position[] = [];
  for (const seed of seeds) {
    const rng = createRng(`quetzal-choices ${seed}`);
    const s = g.setup(g.options({}), 2 + (seed % 3), createRng(seed));
    for (let move = 0; !g.result(s); move++) {
      const cs = g.choices(s);
      const fresh = cs.filter((c) => !seen.has(c.t));
      if (fresh.length > 0) {
        out.push({ seed, move, choices: cs, views: [g.view(s, g.toAct(s)), g.view(s, null)] });
        for (const c of cs) seen.add(c.t);
      }
      const ups = g.view(s, null).players[g.toAct(s)!]!.upgrades;
      const steered = cs.filter((c) => towardsKeep(c, ups));
      const pool = steered.length > 0 ? steered : fresh.length > 0 && rng.int(2) === 0 ? fresh : cs;
      g.apply(s, pool[rng.int(pool.length)]!);
    }
  }
  return out;
}

describe('Quetzal choices in words', () => {
  const found = positions([1, 2, 3, 4, 5, 6]);

  it('the seeded games offer every kind of choice', () => {
    expect(new Set(found.flatMap((p) => p.choices.map((c) => c.t)))).toEqual(new Set(TAGS));
  });

  for (const lng of LANGUAGES) {
    it(`${lng}: every choice of those positions has a label of words, from the seat's view and a spectator's`, () => {
      const t = i18n.getFixedT(lng);
      for (const p of found)
        for (const c of p.choices)
          for (const view of p.views) {
            const where = `seed ${p.seed} move ${p.move} viewer ${view.viewer} ${JSON.stringify(c)}`;
            const label = choiceLabel(c, view, t);
            expect(label.trim(), where).not.toBe('');
            expect(label, where).not.toMatch(RAW);
            expect(buttonLabel(c, view, t).main, where).not.toMatch(RAW);
          }
    });
  }

  it('a label says what the choice is, in the position it is made in', () => {
    const t = i18n.getFixedT('en');
    const view = found[0]!.views[1]!;
    expect(choiceLabel({ t: 'place', loc: 'temple', banner: 2, as: 'arch', adv: 0, arch: 1, wild: 1, leader: false }, view, t)).toMatch(
      /^Temple, Banner 2: 2 archaeologists \(uses: 1 archaeologist face, 1 wild · \d+ coins?\)$/,
    );
    expect(choiceLabel({ t: 'take', card: 'tablet+vp' }, view, t)).toBe('Take Tablet (+1 VP)');
    expect(choiceLabel({ t: 'drop', up: 'reroll2' }, view, t)).toBe('Set “Second chance” aside');
    expect(choiceLabel({ t: 'reroll', faces: ['side', 'side'] }, view, t)).toBe('Roll again: 2 × On its side (wild)');
    expect(choiceLabel({ t: 'sell', card: null }, view, t)).toBe('Sell nothing');
    // A spectator does not see the cards added to a delivery under way.
    expect(choiceLabel({ t: 'deliver' }, view, t)).toBe('Deliver the cards added');
  });
});
