import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18n from '../src/i18n/index.js';
import { mockServer, renderLobby } from './lobby-harness.js';

vi.mock('../src/offline/config.js', async (importOriginal) => {
  const orig = await importOriginal<typeof import('../src/offline/config.js')>();
  return { ...orig, requestLocalGame: vi.fn() };
});
const { requestLocalGame } = await import('../src/offline/config.js');

beforeEach(async () => {
  localStorage.clear();
  await i18n.changeLanguage('en');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.mocked(requestLocalGame).mockClear();
});

describe('lobby: choosing Quetzal', () => {
  it('against bots on the server: a 2-seat Quetzal game with no Relic Runners options', async () => {
    const calls = mockServer('q-test', 'quetzal');
    const loc = renderLobby();
    const card = screen.getByTestId('bot-game');
    fireEvent.change(within(card).getByTestId('bots-game-choice'), { target: { value: 'quetzal' } });
    expect(within(card).queryByTestId('bots-layout')).toBeNull();
    fireEvent.change(within(card).getByTestId('bots-seats'), { target: { value: '2' } });
    fireEvent.change(within(card).getByTestId('bot-level-1'), { target: { value: 'random' } });
    await act(async () => {
      fireEvent.click(within(card).getByTestId('bots-start'));
    });
    await waitFor(() => expect(loc.history.at(-1)).toBe('/game/q-test'));
    expect(calls.find((c) => c.method === 'POST' && c.url === '/api/games')!.body).toEqual({
      game: 'quetzal',
      seats: [{ kind: 'human' }, { kind: 'bot', bot: 'random' }],
      options: {},
    });
  });

  it('offline: the local config names the game', () => {
    mockServer('q-test', 'quetzal');
    renderLobby();
    fireEvent.change(screen.getByTestId('bots-game-choice'), { target: { value: 'quetzal' } });
    fireEvent.change(screen.getByTestId('bots-seats'), { target: { value: '5' } });
    fireEvent.click(screen.getByTestId('where-local'));
    fireEvent.click(screen.getByTestId('bots-start'));
    const cfg = vi.mocked(requestLocalGame).mock.calls[0]![0];
    expect(cfg.game).toBe('quetzal');
    expect(cfg.seats).toHaveLength(5);
    expect(cfg.options).toEqual({});
  });

  it('with friends: the game selector sends Quetzal', async () => {
    const calls = mockServer('q-test', 'quetzal');
    renderLobby();
    const card = screen.getByTestId('friends-game');
    fireEvent.change(within(card).getByTestId('friends-game-choice'), { target: { value: 'quetzal' } });
    expect(within(card).queryByTestId('friends-layout')).toBeNull();
    fireEvent.change(within(card).getByTestId('friends-seats'), { target: { value: '3' } });
    await act(async () => {
      fireEvent.click(within(card).getByTestId('friends-create'));
    });
    await waitFor(() => expect(screen.getByTestId('share-1')).toBeTruthy());
    expect(calls.find((c) => c.method === 'POST' && c.url === '/api/games')!.body).toEqual({
      game: 'quetzal',
      seats: [{ kind: 'human' }, { kind: 'human' }, { kind: 'human' }],
      options: {},
      open: false,
      awayAfterMs: 180_000,
      botLevel: 'greedy',
    });
  });
});
