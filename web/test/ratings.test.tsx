import { describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18n from '../src/i18n/index.js';
import { setSignedIn } from '../src/account/signed-in.js';
import { friendsGameRequest, initialFriendsForm, withRated } from '../src/lobby/lobby-model.js';
import { Lobby } from '../src/lobby/Lobby.js';
import { waitingFirst } from '../src/lobby/YourGames.js';
import { seatInfo } from '../src/net/server-session.js';
import type { Profile, WaitingGame } from '../src/net/ratings.js';
import { LeaderboardPage } from '../src/ratings/LeaderboardPage.js';
import { PlayerPage } from '../src/ratings/PlayerPage.js';
import { CHART, chartGeometry, historyFacts } from '../src/ratings/RatingChart.js';
import { mockAccountServer, renderAt, signedOutEachTest } from './account-harness.js';

signedOutEachTest();

const point = (rating: number, deviation: number, i: number) => ({
  at: 1_767_000_000_000 + i * 60_000,
  rating,
  deviation,
  gameId: `r${i}`,
});

const PROFILE: Profile = {
  name: 'ada_99',
  bot: false,
  createdAt: '2026-03-01T10:00:00.000Z',
  ratings: [
    {
      game: 'relic-runners',
      rating: 1540.4,
      deviation: 119.6,
      games: 3,
      history: [point(1500, 300, 0), point(1580, 200, 1), point(1540.4, 119.6, 2)],
    },
  ],
  left: { games: 7, left: 1 },
  inProgress: [
    { gameId: 'g-wait', game: 'quetzal', seat: 1, yourTurn: false, players: ['bob', 'ada_99'], moves: 12, rated: false },
    { gameId: 'g-turn', game: 'relic-runners', seat: 0, yourTurn: true, players: ['ada_99', 'cy'], moves: 3, rated: true },
  ],
  finished: [
    {
      gameId: 'g-done',
      game: 'relic-runners',
      endedAt: '2026-03-05T18:30:00.000Z',
      rated: true,
      players: [
        { name: 'bob', score: 31, rank: 1, bot: false },
        { name: 'ada_99', score: 27, rank: 2, bot: false },
        { name: 'bot-greedy', score: 20, rank: 3, bot: true },
      ],
      rank: 2,
      ratingChange: -8.3,
    },
    {
      gameId: 'g-won',
      game: 'quetzal',
      endedAt: '2026-03-04T18:30:00.000Z',
      rated: false,
      players: [
        { name: 'ada_99', score: 40, rank: 1, bot: false },
        { name: 'guest Zoe', score: 35, rank: 2, bot: false },
      ],
      rank: 1,
      ratingChange: null,
    },
  ],
  vsBots: [
    { level: 'greedy', games: 3, wins: 2 },
    { level: 'ismcts', games: 4, wins: 1 },
  ],
};

describe('the rating chart', () => {
  it('puts one point per rated game from left to right, higher ratings higher, with the ± band around them', () => {
    const g = chartGeometry([point(1500, 300, 0), point(1600, 100, 1), point(1550, 50, 2)]);
    const pts = g.line.split(' ').map((p) => p.split(',').map(Number) as [number, number]);
    expect(pts).toHaveLength(3);
    expect(pts[0]![0]).toBe(CHART.pad);
    expect(pts[2]![0]).toBe(CHART.width - CHART.pad);
    expect(pts[1]![1]).toBeLessThan(pts[2]![1]);
    expect(pts[2]![1]).toBeLessThan(pts[0]![1]);
    expect(g.low).toBe(1200);
    expect(g.high).toBe(1800);
    expect(g.band.startsWith('M') && g.band.endsWith('Z')).toBe(true);
    expect(g.last).toEqual({ x: pts[2]![0], y: pts[2]![1] });
  });

  it('draws a single game as a dot in the middle with its ± as a bar, and nothing for none', () => {
    const one = chartGeometry([point(1500, 300, 0)]);
    expect(one.last).toEqual({ x: CHART.width / 2, y: CHART.height / 2 });
    const { pad, width, height } = CHART;
    expect(one.band).toBe(
      `M${width / 2 - 3},${pad} L${width / 2 + 3},${pad} L${width / 2 + 3},${height - pad} L${width / 2 - 3},${height - pad} Z`,
    );
    expect(chartGeometry([]).last).toBeNull();
  });

  it('sums up first, last, highest and lowest', () => {
    expect(historyFacts([point(1500, 1, 0), point(1620, 1, 1), point(1480, 1, 2), point(1540, 1, 3)])).toEqual({
      count: 4,
      first: 1500,
      last: 1540,
      high: 1620,
      low: 1480,
    });
  });
});

describe('the profile page', () => {
  it('shows each rating as "rating ± deviation" with its chart, named and summed up in words', async () => {
    const calls = mockAccountServer({ 'GET /api/players/ada_99': [200, PROFILE] });
    renderAt('/player/ada_99', <PlayerPage name="ada_99" />);
    await screen.findByTestId('player-page');
    expect(calls.map((c) => c.url)).toEqual(['/api/players/ada_99']);
    expect(screen.getByTestId('player-name').textContent).toBe('ada_99');
    expect(screen.queryByTestId('player-bot')).toBeNull();
    const card = screen.getByTestId('player-rating');
    expect(within(card).getByTestId('rating-value').textContent).toBe('1540 ± 120');
    expect(within(card).getByText('after 3 rated games')).toBeTruthy();
    expect(within(card).getByTestId('rating-summary').textContent).toBe('3 rated games: from 1500 to 1540; highest 1580, lowest 1500.');
    const svg = card.querySelector('svg')!;
    expect(svg.getAttribute('role')).toBe('img');
    expect(document.getElementById(svg.getAttribute('aria-labelledby')!)!.textContent).toBe('Rating at Relic Runners over time');
    expect(document.getElementById(svg.getAttribute('aria-describedby')!)!.textContent).toBe(
      within(card).getByTestId('rating-summary').textContent,
    );
    expect(within(card).getByTestId('rating-leaderboard').getAttribute('href')).toBe('/leaderboard/relic-runners');
    expect(screen.getByTestId('ratings-help').getAttribute('href')).toBe('#help/relic-runners/ratings');
  });

  it('lists the games in progress with the ones waiting for the player first, marked "your turn" on their own profile', async () => {
    setSignedIn({ name: 'ada_99' });
    mockAccountServer({ 'GET /api/players/ada_99': [200, PROFILE] });
    renderAt('/player/ada_99', <PlayerPage name="ada_99" />);
    const rows = await screen.findAllByTestId('in-progress');
    expect(rows.map((r) => r.dataset.game)).toEqual(['g-turn', 'g-wait']);
    expect(within(rows[0]!).getByTestId('turn-mark').textContent).toBe('your turn');
    expect(within(rows[0]!).getByText('rated')).toBeTruthy();
    expect(within(rows[1]!).queryByTestId('turn-mark')).toBeNull();
    expect(within(rows[0]!).getByTestId('in-progress-open').getAttribute('href')).toBe('/game/g-turn?seat=0');
    expect(within(rows[0]!).getByTestId('in-progress-open').textContent).toBe('Play');
    // The rated game's players are accounts, linked; the other game's are plain names.
    expect(
      within(rows[0]!)
        .getAllByTestId('player-link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/player/ada_99', '/player/cy']);
    expect(within(rows[1]!).queryAllByTestId('player-link')).toEqual([]);
    expect(within(rows[1]!).getByTestId('in-progress-players').textContent).toBe('bob · ada_99');
  });

  it('says whose turn it is on someone else’s profile, and offers to watch', async () => {
    setSignedIn({ name: 'bob' });
    mockAccountServer({ 'GET /api/players/ada_99': [200, PROFILE] });
    renderAt('/player/ada_99', <PlayerPage name="ada_99" />);
    const [first] = await screen.findAllByTestId('in-progress');
    expect(within(first!).getByTestId('turn-mark').textContent).toBe('ada_99 to play');
    expect(within(first!).getByTestId('in-progress-open').textContent).toBe('Watch');
  });

  it('lists finished games: players by rank with scores, result, rating change, links to the replay and its analysis', async () => {
    mockAccountServer({ 'GET /api/players/ada_99': [200, PROFILE] });
    renderAt('/player/ada_99', <PlayerPage name="ada_99" />);
    const [rated, casual] = await screen.findAllByTestId('finished');
    expect(within(rated!).getByTestId('finished-result').textContent).toBe('place 2 of 3');
    expect(within(rated!).getByTestId('finished-change').textContent).toBe('rating -8');
    expect(within(rated!).getByTestId('finished-players').textContent).toBe('bob (31) · ada_99 (27) · Greedy bot (20)');
    // In a rated game everyone is an account or a bot: each links to their profile.
    expect(
      within(rated!)
        .getAllByTestId('player-link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/player/bob', '/player/bot-greedy']);
    expect(within(rated!).getByTestId('finished-replay').getAttribute('href')).toBe('/replay/g-done');
    expect(within(rated!).getByTestId('finished-analysis').getAttribute('href')).toBe('/replay/g-done#analysis');
    expect(within(casual!).getByTestId('finished-result').textContent).toBe('won');
    expect(within(casual!).queryByTestId('finished-change')).toBeNull();
    // A guest's name in an unrated game is no account: plain text.
    expect(within(casual!).queryAllByTestId('player-link')).toEqual([]);
    expect(within(casual!).getByTestId('finished-players').textContent).toBe('ada_99 (40) · guest Zoe (35)');
  });

  it('gives the win rate per bot level and how often the player left', async () => {
    mockAccountServer({ 'GET /api/players/ada_99': [200, PROFILE] });
    renderAt('/player/ada_99', <PlayerPage name="ada_99" />);
    const rows = await screen.findAllByTestId('vs-bot');
    expect(rows.map((r) => [...r.children].map((c) => c.textContent))).toEqual([
      ['Greedy', '3', '2', '67%'],
      ['Thinker', '4', '1', '25%'],
    ]);
    expect(screen.getByTestId('player-left').textContent).toBe('Games left before the end: 1 of 7.');
  });

  it('speaks Polish plurals in the chart summary and the game counts', async () => {
    await i18n.changeLanguage('pl');
    const five = { ...PROFILE.ratings[0]!, games: 5, history: [1500, 1510, 1520, 1530, 1540].map((r, i) => point(r, 100, i)) };
    mockAccountServer({ 'GET /api/players/ada_99': [200, { ...PROFILE, ratings: [five] }] });
    renderAt('/player/ada_99', <PlayerPage name="ada_99" />);
    const card = await screen.findByTestId('player-rating');
    expect(within(card).getByTestId('rating-summary').textContent).toBe(
      '5 partii rankingowych: od 1500 do 1540; najwyżej 1540, najniżej 1500.',
    );
    expect(within(card).getByText('po 5 partiach rankingowych')).toBeTruthy();
  });

  it('names a bot by its level, and says so when there is no such player', async () => {
    mockAccountServer({
      'GET /api/players/bot-greedy': [200, { ...PROFILE, name: 'bot-greedy', bot: true, inProgress: [], finished: [] }],
      'GET /api/players/nobody': [404, { error: 'no-player', message: 'no such player' }],
    });
    renderAt('/player/bot-greedy', <PlayerPage name="bot-greedy" />);
    expect((await screen.findByTestId('player-name')).textContent).toBe('Greedy bot');
    cleanup();
    renderAt('/player/nobody', <PlayerPage name="nobody" />);
    expect((await screen.findByRole('alert')).textContent).toBe('There is no player called “nobody”.');
  });
});

describe('the leaderboard', () => {
  it('ranks the players the server sent, each a link to their profile, with "rating ± deviation" and games', async () => {
    setSignedIn({ name: 'cy' });
    const calls = mockAccountServer({
      'GET /api/leaderboard/quetzal?limit=50': [
        200,
        {
          game: 'quetzal',
          players: [
            { name: 'bob', rating: 1710.2, deviation: 61.5, games: 40 },
            { name: 'bot-ismcts', rating: 1650, deviation: 40, games: 120, bot: true },
            { name: 'cy', rating: 1502, deviation: 90, games: 12 },
          ],
        },
      ],
    });
    renderAt('/leaderboard/quetzal', <LeaderboardPage game="quetzal" />);
    const rows = await screen.findAllByTestId('leaderboard-row');
    expect(calls.map((c) => c.url)).toEqual(['/api/leaderboard/quetzal?limit=50']);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Leaderboard: Quetzal');
    expect(rows.map((r) => [...r.children].map((c) => c.textContent))).toEqual([
      ['1', 'bob', '1710 ± 62', '40'],
      ['2', 'Thinker bot', '1650 ± 40', '120'],
      ['3', 'cy', '1502 ± 90', '12'],
    ]);
    expect(rows.map((r) => within(r).getByTestId('player-link').getAttribute('href'))).toEqual([
      '/player/bob',
      '/player/bot-ismcts',
      '/player/cy',
    ]);
    expect(rows[2]!.className).toBe('is-you');
    expect(screen.getByTestId('leaderboard-relic-runners').getAttribute('href')).toBe('/leaderboard/relic-runners');
  });

  it('says so when nobody is on it yet', async () => {
    mockAccountServer({ 'GET /api/leaderboard/relic-runners?limit=50': [200, { game: 'relic-runners', players: [] }] });
    renderAt('/leaderboard/relic-runners', <LeaderboardPage game="relic-runners" />);
    expect((await screen.findByTestId('leaderboard-empty')).textContent).toMatch(/^Nobody is on this leaderboard yet/);
  });
});

const WAITING: WaitingGame[] = [
  { gameId: 'a', game: 'quetzal', seat: 2, yourTurn: false, players: ['ada_99', 'bob', 'cy'], moves: 4 },
  { gameId: 'b', game: 'relic-runners', seat: 0, yourTurn: true, players: ['ada_99', 'bob'], moves: 9 },
  { gameId: 'c', game: 'relic-runners', seat: 1, yourTurn: false, players: ['cy', 'ada_99'], moves: 1 },
  { gameId: 'd', game: 'quetzal', seat: 0, yourTurn: true, players: ['ada_99', 'dan'], moves: 30 },
];

describe('the lobby for a signed-in player', () => {
  it('orders the games waiting for the player first, keeping the server’s order within each group', () => {
    expect(waitingFirst(WAITING).map((g) => g.gameId)).toEqual(['b', 'd', 'a', 'c']);
  });

  it('shows "Your games" first, the waiting ones first and marked "your turn", each a link to its table', async () => {
    setSignedIn({ name: 'ada_99' });
    mockAccountServer({ 'GET /api/account/games': [200, { waiting: WAITING }], 'GET /api/games': [200, { games: [] }] });
    renderAt('/', <Lobby />);
    const rows = await screen.findAllByTestId('your-game');
    // The first card of the lobby's first column: the first thing after the header, on a phone too.
    const first = screen.getByTestId('lobby').querySelector('.lobby-grid .lobby-card');
    expect(first!.getAttribute('data-testid')).toBe('your-games');
    expect(rows.map((r) => r.dataset.game)).toEqual(['b', 'd', 'a', 'c']);
    expect(rows.map((r) => within(r).queryByTestId('your-turn')?.textContent ?? null)).toEqual(['your turn', 'your turn', null, null]);
    expect(within(rows[0]!).getByRole('link').getAttribute('href')).toBe('/game/b?seat=0');
    expect(screen.getByTestId('your-games-waiting').textContent).toBe('2 games are waiting for your move.');
    expect(screen.getByTestId('lobby-leaderboard-quetzal').getAttribute('href')).toBe('/leaderboard/quetzal');
  });

  it('a guest sees no "Your games" and the lobby asks nothing about an account', async () => {
    const calls = mockAccountServer({ 'GET /api/games': [200, { games: [] }] });
    renderAt('/', <Lobby />);
    await waitFor(() => expect(calls.length).toBeGreaterThan(0));
    expect(screen.queryByTestId('your-games')).toBeNull();
    // The lobby's lists (open games, players waiting for quick play), nothing of an account.
    expect(calls.map((c) => c.url).sort()).toEqual(['/api/games', '/api/quickplay/waiting']);
  });
});

describe('the rated option of a game with friends', () => {
  it('is offered only when signed in', async () => {
    mockAccountServer({ 'GET /api/games': [200, { games: [] }], 'GET /api/account/games': [200, { waiting: [] }] });
    renderAt('/', <Lobby />);
    expect(screen.queryByTestId('friends-rated')).toBeNull();
    act(() => setSignedIn({ name: 'ada_99' }));
    expect(screen.getByTestId('friends-rated')).toBeTruthy();
    expect(screen.getByText(/Only signed-in players can sit/)).toBeTruthy();
    await screen.findByTestId('your-games');
  });

  it('chooses a clock and takes away "no clock" while ticked; the request says rated', () => {
    const rated = withRated(initialFriendsForm, true);
    expect(initialFriendsForm.clock).toBe('none');
    expect(rated.clock).toBe('normal');
    expect(friendsGameRequest(rated, 'Ada')).toMatchObject({ rated: true, clock: { bankMs: 20 * 60_000, incrementMs: 30_000 } });
    expect(friendsGameRequest(withRated(rated, false), 'Ada')).not.toHaveProperty('rated');
  });

  it('sends rated: true with the clock chosen in the form, and no "no clock" is offered', async () => {
    setSignedIn({ name: 'ada_99' });
    const calls = mockAccountServer({
      'GET /api/games': [200, { games: [] }],
      'GET /api/account/games': [200, { waiting: [] }],
      'POST /api/games': [400, { error: 'rated-needs-clock', message: 'a rated game needs a clock' }],
    });
    renderAt('/', <Lobby />);
    fireEvent.click(screen.getByTestId('friends-rated'));
    const clock = screen.getByTestId<HTMLSelectElement>('friends-clock');
    expect(clock.value).toBe('normal');
    expect([...clock.options].map((o) => o.value)).not.toContain('none');
    fireEvent.change(clock, { target: { value: 'quick' } });
    await act(async () => {
      fireEvent.click(screen.getByTestId('friends-create'));
    });
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.body).toMatchObject({ rated: true, clock: { bankMs: 5 * 60_000, incrementMs: 10_000 } });
    // The server's refusal in the page's words.
    expect((await screen.findByText(/A rated game needs a clock/)).textContent).toMatch(/choose one/);
  });
});

const LISTING = {
  id: 'g-rated',
  game: 'relic-runners',
  seats: 2,
  status: 'active',
  moves: 0,
  createdAt: Date.now(),
  updatedAt: Date.now(),
  openSeats: [1],
  rated: true,
  players: [
    { seat: 0, kind: 'human', name: 'ada_99', bot: null, claimed: true, connected: true, awayMs: null },
    { seat: 1, kind: 'human', name: null, bot: null, claimed: false, connected: false, awayMs: null },
  ],
  toAct: 0,
};

describe('rated games in the open games', () => {
  it('are marked rated; a guest is offered to sign in rather than a seat', async () => {
    mockAccountServer({ 'GET /api/games': [200, { games: [LISTING] }] });
    renderAt('/', <Lobby />);
    const row = await screen.findByTestId('open-game');
    expect(within(row).getByTestId('open-game-rated').textContent).toBe('rated');
    expect(within(row).queryByTestId('join-g-rated-1')).toBeNull();
    expect(within(row).getByTestId('sign-in-to-join-g-rated').getAttribute('href')).toBe('/sign-in');
    // Its players are accounts: each name links to a profile; the free seat is nobody's.
    const seats = within(row).getByTestId('open-game-seats');
    expect(seats.textContent).toBe('A: ada_99, B: free seat');
    expect(
      within(seats)
        .getAllByTestId('player-link')
        .map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([['A: ada_99', '/player/ada_99']]);
  });

  it('a signed-in player is offered the free seat', async () => {
    setSignedIn({ name: 'bob' });
    mockAccountServer({ 'GET /api/games': [200, { games: [LISTING] }], 'GET /api/account/games': [200, { waiting: [] }] });
    renderAt('/', <Lobby />);
    const row = await screen.findByTestId('open-game');
    expect(within(row).getByTestId('join-g-rated-1').getAttribute('href')).toBe('/game/g-rated?seat=1');
  });
});

describe('seats at a table', () => {
  const seat = (over: Partial<Parameters<typeof seatInfo>[0]>) =>
    seatInfo({ seat: 0, kind: 'human', name: 'ada_99', bot: null, claimed: true, connected: true, awayMs: null, ...over });

  it('link to a profile in a rated game, whose seats are accounts under their names', () => {
    expect(seat({}).profile).toBeUndefined();
    expect(
      seatInfo({ seat: 0, kind: 'human', name: 'ada_99', bot: null, claimed: true, connected: true, awayMs: null }, true).profile,
    ).toBe('ada_99');
    // A free seat is nobody's yet.
    expect(
      seatInfo({ seat: 1, kind: 'human', name: null, bot: null, claimed: false, connected: false, awayMs: null }, true).profile,
    ).toBeUndefined();
  });

  it('a bot of a lobby level links to its level’s account in any game; another bot to none', () => {
    expect(seat({ kind: 'bot', name: 'greedy', bot: 'greedy' }).profile).toBe('bot-greedy');
    expect(seat({ kind: 'bot', name: 'bot-ismcts', bot: 'ismcts:1s' }).profile).toBe('bot-ismcts');
    expect(seat({ kind: 'bot', name: 'ismcts:5000', bot: 'ismcts:5000' }).profile).toBeUndefined();
  });
});
