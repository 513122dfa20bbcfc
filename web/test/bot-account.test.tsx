import { describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18n from '../src/i18n/index.js';
import { AccountPage } from '../src/account/AccountPage.js';
import { setSignedIn } from '../src/account/signed-in.js';
import type { Profile } from '../src/net/ratings.js';
import { PlayerPage } from '../src/ratings/PlayerPage.js';
import { BotAccounts } from '../src/lobby/BotAccounts.js';
import { ACCOUNT, DETAILS, mockAccountServer, renderAt, SESSIONS, signedOutEachTest } from './account-harness.js';

signedOutEachTest();

const click = async (el: HTMLElement) => {
  await act(async () => {
    fireEvent.click(el);
  });
};

describe('the account page: bot account', () => {
  it('upgrades only once the warning is confirmed, then makes a token shown once, copies it and revokes it', async () => {
    let bot = false;
    const tokens: { id: string; name: string; scope: string; createdAt: string; lastUsedAt: null }[] = [];
    const SECRET = 'A'.repeat(43);
    const calls = mockAccountServer({
      'GET /api/account': () => [200, { ...DETAILS, bot }],
      'GET /api/account/sessions': [200, SESSIONS],
      'POST /api/account/bot': () => {
        bot = true;
        return [201, { bot: true }];
      },
      'GET /api/account/tokens': () => [200, tokens],
      'POST /api/account/tokens': (body) => {
        const t = {
          id: 't1',
          name: (body as { name: string }).name,
          scope: 'bot:play',
          createdAt: '2026-03-02T10:00:00.000Z',
          lastUsedAt: null,
        };
        tokens.push(t);
        return [201, { ...t, token: SECRET }];
      },
      'DELETE /api/account/tokens/t1': () => {
        tokens.pop();
        return [204];
      },
    });
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderAt('/account', <AccountPage />);
    const section = await screen.findByTestId('bot-account');
    expect(section.textContent).toContain('cannot be undone');
    const upgrade = within(section).getByTestId<HTMLButtonElement>('bot-upgrade');
    expect(upgrade.disabled).toBe(true);
    await click(within(section).getByTestId('bot-confirm'));
    expect(upgrade.disabled).toBe(false);
    await click(upgrade);
    await waitFor(() => expect(screen.getByTestId('bot-status').textContent).toContain('This is now a bot account'));
    expect(await screen.findByText('No token yet.')).toBeTruthy();

    fireEvent.change(screen.getByTestId('bot-token-name'), { target: { value: '  my engine ' } });
    await click(screen.getByTestId('bot-token-create'));
    const shown = await screen.findByTestId('bot-new-token');
    expect(shown.textContent).toContain('it is shown only once');
    expect(within(shown).getByTestId<HTMLInputElement>('bot-token-value').value).toBe(SECRET);
    await click(within(shown).getByTestId('bot-token-copy'));
    expect(writeText).toHaveBeenCalledWith(SECRET);
    expect(within(shown).getByTestId('bot-token-copy').textContent).toBe('Copied');
    const row = await screen.findByTestId('bot-token');
    expect(row.textContent).toContain('my engine');
    expect(row.textContent).not.toContain(SECRET);
    expect(within(row).getByTestId('bot-token-revoke').textContent).toBe('Revoke');

    await click(within(row).getByTestId('bot-token-revoke'));
    await waitFor(() => expect(screen.getByTestId('bot-status').textContent).toBe('The token “my engine” was revoked.'));
    expect(screen.queryByTestId('bot-new-token')).toBeNull();
    expect(calls.filter((c) => c.method !== 'GET').map((c) => [c.method, c.url, c.body])).toEqual([
      ['POST', '/api/account/bot', {}],
      ['POST', '/api/account/tokens', { name: 'my engine' }],
      ['DELETE', '/api/account/tokens/t1', {}],
    ]);
  });

  it('an account with rated games is told it cannot become a bot account, in the page’s language', async () => {
    await i18n.changeLanguage('de');
    mockAccountServer({
      'GET /api/account': [200, { ...DETAILS, bot: false }],
      'GET /api/account/sessions': [200, SESSIONS],
      'POST /api/account/bot': [409, { error: 'has-rated-games', message: 'no' }],
    });
    renderAt('/account', <AccountPage />);
    const section = await screen.findByTestId('bot-account');
    await click(within(section).getByTestId('bot-confirm'));
    await click(within(section).getByTestId('bot-upgrade'));
    await waitFor(() => expect(screen.getByTestId('bot-error').textContent).toContain('gewerteten Partien'));
  });
});

const BOT_PROFILE: Profile = {
  name: 'mybot',
  bot: false,
  botAccount: true,
  createdAt: '2026-03-01T10:00:00.000Z',
  ratings: [],
  left: { games: 0, left: 0 },
  inProgress: [],
  finished: [],
  vsBots: [],
};

describe('the profile of a bot account: a challenge', () => {
  it('sends the game and clock, waits for the answer, and opens the table at the challenger’s seat', async () => {
    setSignedIn(ACCOUNT);
    let polls = 0;
    const calls = mockAccountServer({
      'GET /api/players/mybot': [200, BOT_PROFILE],
      'POST /api/challenge/mybot': [201, { id: 'c1', bot: 'mybot', game: 'quetzal', status: 'pending', gameId: null }],
      'GET /api/challenge/c1': () =>
        ++polls < 2
          ? [200, { id: 'c1', bot: 'mybot', game: 'quetzal', status: 'pending', gameId: null, seat: null }]
          : [200, { id: 'c1', bot: 'mybot', game: 'quetzal', status: 'accepted', gameId: 'g1', seat: 1 }],
    });
    const loc = renderAt('/player/mybot', <PlayerPage name="mybot" />);
    const form = await screen.findByTestId('challenge-form');
    expect(screen.getByTestId('player-bot').textContent).toBe('bot');
    // Every label and option in words, none a missing text's key.
    expect(form.textContent).not.toMatch(/\b(settings|challenge|rated)\.[a-z]/);
    fireEvent.change(within(form).getByTestId('challenge-game'), { target: { value: 'quetzal' } });
    fireEvent.change(within(form).getByTestId('challenge-clock'), { target: { value: 'quick' } });
    await click(within(form).getByTestId('challenge-send'));
    expect((await screen.findByTestId('challenge-waiting')).textContent).toContain('Waiting for mybot');
    await waitFor(() => expect(loc.history.at(-1)).toBe('/game/g1?seat=1'), { timeout: 4000 });
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ game: 'quetzal', clock: { bankMs: 300_000, incrementMs: 10_000 } });
  });

  it('says when the bot declines, offers the form again, and a rated challenge has a clock', async () => {
    setSignedIn(ACCOUNT);
    const calls = mockAccountServer({
      'GET /api/players/mybot': [200, BOT_PROFILE],
      'POST /api/challenge/mybot': [201, { id: 'c2', bot: 'mybot', game: 'quetzal', status: 'pending', gameId: null }],
      'GET /api/challenge/c2': [200, { id: 'c2', bot: 'mybot', game: 'quetzal', status: 'declined', gameId: null, seat: null }],
    });
    renderAt('/player/mybot', <PlayerPage name="mybot" />);
    const form = await screen.findByTestId('challenge-form');
    await click(within(form).getByTestId('challenge-rated'));
    const clocks = [...within(form).getByTestId<HTMLSelectElement>('challenge-clock').options].map((o) => o.value);
    expect(clocks).not.toContain('none');
    await click(within(form).getByTestId('challenge-send'));
    expect((await screen.findByTestId('challenge-answer')).textContent).toBe('mybot declined the challenge.');
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({ rated: true, clock: { bankMs: 1_200_000 } });
  });

  it('asks a signed-out visitor to sign in, and shows no challenge on a person’s profile or one’s own', async () => {
    mockAccountServer({
      'GET /api/players/mybot': [200, BOT_PROFILE],
      'GET /api/players/ada_99': [200, { ...BOT_PROFILE, name: 'ada_99', botAccount: false }],
    });
    renderAt('/player/mybot', <PlayerPage name="mybot" />);
    expect((await screen.findByTestId('challenge-sign-in')).textContent).toBe('Sign in to challenge this bot');
    cleanup();
    setSignedIn(ACCOUNT);
    renderAt('/player/ada_99', <PlayerPage name="ada_99" />);
    await screen.findByTestId('player-page');
    expect(screen.queryByTestId('player-challenge')).toBeNull();
    cleanup();
    setSignedIn({ name: 'mybot' });
    renderAt('/player/mybot', <PlayerPage name="mybot" />);
    await screen.findByTestId('player-page');
    expect(screen.queryByTestId('player-challenge')).toBeNull();
  });
});

describe('the lobby: bot accounts', () => {
  it('asks for the bot accounts only once opened, and lists them, online or not, each a link to its profile', async () => {
    const calls = mockAccountServer({
      'GET /api/bots': [
        200,
        {
          bots: [
            { name: 'fastbot', online: true },
            { name: 'sleepy', online: false },
          ],
        },
      ],
    });
    renderAt('/', <BotAccounts />);
    const card = screen.getByTestId('bot-accounts');
    expect(calls).toHaveLength(0);
    const details = card.querySelector('details')!;
    // Opening may fire toggle more than once before the answer comes (jsdom queues one of its own):
    // the list is asked for once.
    await act(async () => {
      details.open = true;
      fireEvent(details, new Event('toggle'));
      fireEvent(details, new Event('toggle'));
    });
    const rows = await screen.findAllByTestId('bot-account-row');
    expect(calls.map((c) => c.url)).toEqual(['/api/bots']);
    expect(rows.map((r) => [r.textContent, r.dataset.online])).toEqual([
      ['fastbotonline', 'true'],
      ['sleepyoffline', 'false'],
    ]);
    expect(within(rows[0]!).getByRole('link').getAttribute('href')).toBe('/player/fastbot');
  });
});
