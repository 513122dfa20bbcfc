// @vitest-environment node
/**
 * Polish log sentences in the right case: the figures a player places are the verb's object
 * (accusative: "stawia 1 archeologa", "2 archeologów", "5 figurek"), and the place is introduced
 * so that its nominative name reads right ("na polu: Mała Świątynia"). German too: "setzt 1
 * Archäologen".
 */
import { describe, expect, it } from 'vitest';
import i18n from '../src/i18n/index.js';
import type { LogEvent, SeatInfo } from '../src/net/session.js';
import { targetName } from '../src/quetzal/choices.js';
import { describeQEvent } from '../src/quetzal/events.js';

const seats: SeatInfo[] = [{ seat: 0, kind: 'human', name: 'Ada', connected: true, claimed: true }];
const place = (kind: 'arch' | 'adv' | null, n: number, leader = false) =>
  ({ type: 'place', seat: 0, loc: 'smallTemple', banner: null, kind, n, leader }) as unknown as LogEvent;

describe('placing figures, in the accusative', () => {
  it('pl: one, few and many of each kind, the place after "na polu:"', async () => {
    await i18n.changeLanguage('pl');
    const line = (k: 'arch' | 'adv' | null, n: number) => describeQEvent(place(k, n), seats, i18n.t);
    expect(line('arch', 1)).toBe('Ada stawia 1 archeologa na polu: Mała Świątynia.');
    expect(line('arch', 2)).toBe('Ada stawia 2 archeologów na polu: Mała Świątynia.');
    expect(line('adv', 1)).toBe('Ada stawia 1 poszukiwacza na polu: Mała Świątynia.');
    expect(line('adv', 3)).toBe('Ada stawia 3 poszukiwaczy na polu: Mała Świątynia.');
    expect(line(null, 1)).toBe('Ada stawia 1 figurkę na polu: Mała Świątynia.');
    expect(line(null, 2)).toBe('Ada stawia 2 figurki na polu: Mała Świątynia.');
    expect(line(null, 5)).toBe('Ada stawia 5 figurek na polu: Mała Świątynia.');
  });

  it('de: "setzt 1 Archäologen"', async () => {
    await i18n.changeLanguage('de');
    expect(describeQEvent(place('arch', 1), seats, i18n.t)).toMatch(/^Ada setzt 1 Archäologen auf /);
    await i18n.changeLanguage('en');
  });
});

describe('one name for a banner in the prompt, on the board and in the log', () => {
  const ev = (e: Record<string, unknown>) => ({ seat: 0, ...e }) as unknown as LogEvent;
  for (const lng of ['en', 'de', 'fr', 'pl'])
    it(`${lng}: "Temple, Banner 2" as the panel and the board name it`, async () => {
      await i18n.changeLanguage(lng);
      const t = i18n.t;
      const temple2 = targetName('temple#2', t).toLowerCase();
      const village1 = targetName('village#1', t).toLowerCase();
      const lines = [
        describeQEvent(ev({ type: 'place', loc: 'temple', banner: 2, kind: 'adv', n: 1, cost: 2, leader: false }), seats, t),
        describeQEvent(ev({ type: 'take', card: 'jar', banner: 2 }), seats, t),
        describeQEvent(ev({ type: 'automatonTemple', banner: 2, cards: ['jar'] }), seats, t),
        t('quetzal:panel.take', { banner: 2, count: 1 }),
      ];
      for (const l of lines) expect(l?.toLowerCase(), l ?? '').toContain(temple2);
      expect(t('quetzal:panel.village', { banner: 1 }).toLowerCase()).toContain(village1);
      await i18n.changeLanguage('en');
    });

  it('pl: a card sold and a reroll read in the right case (the thing after a colon, in the nominative)', async () => {
    await i18n.changeLanguage('pl');
    expect(describeQEvent(ev({ type: 'sell', card: 'sculpture' }), seats, i18n.t)).toBe('Ada sprzedaje za 7 monet: Rzeźba.');
    expect(describeQEvent(ev({ type: 'reroll', faces: ['adv'], results: ['arch'] }), seats, i18n.t)).toBe(
      'Ada przerzuca: Poszukiwacz → Archeolog.',
    );
    expect(describeQEvent(ev({ type: 'coins', n: 2, why: 'camp' }), seats, i18n.t)).toBe('Ada: +2 monety (Obóz).');
    // The automaton's lines: the place after "na polu:" / "pole:", where a verb would want another case.
    expect(describeQEvent(ev({ type: 'automatonSite', site: 'smallTemple', cards: ['jar'] }), seats, i18n.t)).toBe(
      'Automat oczyszcza pole: Mała Świątynia – odrzuca: Dzban.',
    );
    expect(
      describeQEvent(ev({ type: 'automaton', temple: [1, 2], siteKind: 'arch', site: 'ruins', last: 'blackMarket' }), seats, i18n.t),
    ).toBe('Automat się rozstawia: sztandary świątyni 1, 2; 3 archeolodzy na polu: Ruiny; 1 figurka na polu: Czarny Rynek.');
    await i18n.changeLanguage('en');
  });
});
