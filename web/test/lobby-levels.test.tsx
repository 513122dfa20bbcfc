import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import i18n from '../src/i18n/index.js';
import { mockServer, renderLobby } from './lobby-harness.js';
import { BOT_LEVELS } from '../../src/bots/levels.js';
import ratings from '../../src/bots/level-ratings.json';

type Table = Record<string, Record<string, { rating: number }>>;
const rated = (game: string) => BOT_LEVELS.map((l) => Math.round((ratings as unknown as Table)[game]![l.key]!.rating));
const optionTexts = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((o) => o.textContent);

beforeEach(async () => {
  localStorage.clear();
  await i18n.changeLanguage('en');
});
afterEach(() => cleanup());

describe('lobby: bot levels with their ratings', () => {
  it('each level shows its rating at the chosen game, from src/bots/level-ratings.json', () => {
    mockServer();
    renderLobby();
    const card = screen.getByTestId('bot-game');
    const names = ['Beginner', 'Greedy', 'Thinker'];
    const [rr, q] = [rated('relic-runners'), rated('quetzal')];
    expect(optionTexts(within(card).getByTestId('bot-level-1'))).toEqual(names.map((n, k) => `${n} (rating ${rr[k]})`));
    fireEvent.change(within(card).getByTestId('bots-game-choice'), { target: { value: 'quetzal' } });
    expect(optionTexts(within(card).getByTestId('bot-level-1'))).toEqual(names.map((n, k) => `${n} (rating ${q[k]})`));
  });

  it('the friends card and its takeover bot follow its own game', () => {
    mockServer();
    renderLobby();
    const card = screen.getByTestId('friends-game');
    fireEvent.change(within(card).getByTestId('friends-game-choice'), { target: { value: 'quetzal' } });
    fireEvent.change(within(card).getByTestId('friend-kind-1'), { target: { value: 'bot' } });
    const q = rated('quetzal');
    for (const id of ['friend-bot-1', 'friends-takeover-bot']) {
      expect(optionTexts(within(card).getByTestId(id))).toEqual(['Beginner', 'Greedy', 'Thinker'].map((n, k) => `${n} (rating ${q[k]})`));
    }
  });

  it('says "rating" in the page language', async () => {
    mockServer();
    renderLobby();
    const words = { de: 'Wertung', fr: 'cote', pl: 'ranking' };
    for (const [lng, word] of Object.entries(words)) {
      await i18n.changeLanguage(lng);
      const texts = optionTexts(within(screen.getByTestId('bot-game')).getByTestId('bot-level-1'));
      expect(texts).toHaveLength(BOT_LEVELS.length);
      for (const t of texts) expect(t).toMatch(new RegExp(`^\\S+ \\(${word} -?\\d+\\)$`));
    }
  });
});
