/**
 * Ratings on both stores: rated games' creation and seats refused without an account, a rated
 * game played to its end moving its players' ratings the right way (a leaver ranked last and
 * counted, the bots rated as their levels' accounts), the end applied once however often it is
 * written, unrated games leaving the ratings alone, the leaderboard's threshold and 90-day window
 * (the time injected through the games' end times), and the profile's shape without a secret.
 * The exactly-once rating under kill -9 of a server process is in ratings-crash.test.ts.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AccountBrowser, refused, uniqueName } from '../helpers/account-browser.js';
import { autoPlay, hello, live, startServer, storeEndedGame, until, type StoreKind, type TestServer } from '../helpers/server.js';
import { REPO_ROOT } from '../helpers/repo.js';
import { BOT_START_RATINGS } from '../../src/server/ratings/bot-start-ratings.js';
import { DEFAULT_MU, DEFAULT_SIGMA, displayDeviation, displayRating } from '../../src/server/ratings/scale.js';
import { rankSeats } from '../../src/server/ratings/ranking.js';
import type { GameEnd } from '../../src/server/ratings/rate.js';
import { StoreConflict, type Store } from '../../src/server/store.js';
import { DELETED_PLAYER } from '../../src/server/accounts/context.js';

const PASSWORD = 'correct horse battery';
const CLOCK = { bankMs: 3_600_000, incrementMs: 0 };
const DAY = 24 * 3600 * 1000;
const uname = (tag = 'r'): string => uniqueName(tag);

interface Profile {
  name: string;
  bot: boolean;
  createdAt: number;
  ratings: {
    game: string;
    rating: number;
    deviation: number;
    games: number;
    history: { at: number; rating: number; deviation: number; gameId: string }[];
  }[];
  left: { games: number; left: number };
  inProgress: {
    gameId: string;
    game: string;
    seat: number;
    yourTurn: boolean;
    dueAt: number | null;
    players: string[];
    moves: number;
    rated: boolean;
  }[];
  finished: {
    gameId: string;
    game: string;
    endedAt: number;
    rated: boolean;
    players: { name: string; score: number | null; rank: number | null; bot: boolean }[];
    rank: number | null;
    ratingChange: number | null;
  }[];
  vsBots: { level: string; games: number; wins: number }[];
}
interface Created {
  id: string;
  rated?: boolean;
  invites: { seat: number; key: string }[];
  error?: string;
}
interface Board {
  game: string;
  players: { name: string; rating: number; deviation: number; games: number; bot: boolean }[];
}

test('the bots start from the committed tournament (src/bots/level-ratings.json)', () => {
  const table = JSON.parse(readFileSync(join(REPO_ROOT, 'src', 'bots', 'level-ratings.json'), 'utf8')) as Record<
    string,
    Record<string, { mu: number; sigma: number }>
  >;
  for (const [game, levels] of Object.entries(BOT_START_RATINGS))
    for (const [level, s] of Object.entries(levels))
      assert.deepEqual(s, { mu: table[game]![level]!.mu, sigma: table[game]![level]!.sigma });
  assert.equal(displayRating(DEFAULT_MU), 1500, 'a new player shows 1500');
  assert.equal(displayDeviation(DEFAULT_SIGMA), 1000);
});

test('the ranking: winners first, then by score, ties shared, leavers tie last', () => {
  assert.deepEqual(rankSeats({ scores: [10, 30, 20], winners: [1] }, [false, false, false]), [3, 1, 2]);
  assert.deepEqual(rankSeats({ scores: [10, 30, 30], winners: [1, 2] }, [false, false, false]), [3, 1, 1]);
  // The engine's tie-break made seat 0 the winner on equal scores.
  assert.deepEqual(rankSeats({ scores: [30, 30], winners: [0] }, [false, false]), [1, 2]);
  // A leaver whose bot won ranks last; two leavers share the last place.
  assert.deepEqual(rankSeats({ scores: [40, 30, 20], winners: [0] }, [true, false, false]), [3, 1, 2]);
  assert.deepEqual(rankSeats({ scores: [40, 30, 20, 10], winners: [0] }, [true, false, true, false]), [3, 1, 3, 2]);
});

for (const kind of ['sqlite', 'postgres'] as StoreKind[]) {
  describe(`ratings on ${kind}`, () => {
    let srv: TestServer;
    before(async () => {
      srv = await startServer(kind);
    });
    after(async () => {
      await srv?.stop();
    });
    const browser = () => new AccountBrowser(srv.base);

    async function signUp(name = uname()): Promise<{ b: AccountBrowser; id: string; name: string }> {
      const b = browser();
      const r = await b.post('/api/account/sign-up', { name, password: PASSWORD });
      assert.equal(r.status, 201, JSON.stringify(r.json));
      return { b, id: r.json.account.id, name };
    }
    async function createRated(b: AccountBrowser, seats: unknown[], extra: Record<string, unknown> = {}): Promise<Created> {
      const r = await b.send<Created>('POST', '/api/games', { game: 'relic-runners', seats, clock: CLOCK, rated: true, ...extra });
      assert.equal(r.status, 201, JSON.stringify(r.json));
      return r.json;
    }
    async function join(b: AccountBrowser, g: Created, seat: number): Promise<string> {
      const key = g.invites.find((i) => i.seat === seat)!.key;
      const r = await b.send<{ token: string }>('POST', `/api/games/${g.id}/join`, { seat, key });
      assert.equal(r.status, 200, JSON.stringify(r.json));
      return r.json.token;
    }
    /** Plays the human seats with seeded random choices until the game is over. */
    async function playOut(id: string, tokens: Map<number, string>, seed: string): Promise<void> {
      const players = await Promise.all(
        [...tokens].map(async ([seat, token]) => {
          const c = await srv.client();
          await hello(c, id, token);
          return autoPlay(c, seat, `${seed}:${seat}`);
        }),
      );
      await Promise.all(players.map((p) => p.done));
      for (const p of players) p.stop();
    }
    const profile = async (name: string, b = browser()): Promise<Profile> => {
      const r = await b.get<Profile>(`/api/players/${name}`);
      assert.equal(r.status, 200, JSON.stringify(r.json));
      return r.json;
    };

    test('a rated game needs a clock and a signed-in creator; its bots are lobby levels; no seed', async () => {
      const { b } = await signUp();
      const seats = [{ kind: 'human' }, { kind: 'human' }];
      refused(await b.send('POST', '/api/games', { game: 'relic-runners', seats, rated: true }), 400, 'rated-needs-clock', 'no clock');
      refused(
        await browser().send('POST', '/api/games', { game: 'relic-runners', seats, clock: CLOCK, rated: true }),
        401,
        'signed-out',
        'signed out',
      );
      refused(
        await b.send('POST', '/api/games', {
          game: 'relic-runners',
          seats: [{ kind: 'human' }, { kind: 'bot', bot: 'ismcts:50ms' }],
          clock: CLOCK,
          rated: true,
        }),
        400,
        'bad-rated-game',
        'a bot that is no lobby level',
      );
      refused(
        await b.send('POST', '/api/games', { game: 'relic-runners', seats, clock: CLOCK, rated: true, seed: 'known' }),
        400,
        'bad-rated-game',
        'a chosen seed',
      );
      const before = (await srv.store.listGames()).length;
      assert.equal((await srv.store.listGames()).length, before, 'nothing was created');
      // Unrated games are created as before, without a session.
      const plain = await browser().send<Created>('POST', '/api/games', { game: 'relic-runners', seats });
      assert.equal(plain.status, 201);
      assert.equal(plain.json.rated, undefined);
    });

    test("a rated game's seats: signed-in accounts only, once per game, and a taken seat stays its account's", async () => {
      const a = await signUp();
      const c = await signUp();
      const g = await createRated(a.b, [{ kind: 'human' }, { kind: 'human' }, { kind: 'human' }], { open: true });
      assert.equal(g.rated, true);
      const key1 = g.invites.find((i) => i.seat === 1)!.key;
      refused(await browser().send('POST', `/api/games/${g.id}/join`, { seat: 1, key: key1 }), 401, 'signed-out', 'no session');
      // A page of another site joins as nobody, even with the player's cookie.
      const cross = new AccountBrowser(srv.base, 'https://evil.example');
      for (const [k, v] of a.b.cookies) cross.cookies.set(k, v);
      refused(await cross.send('POST', `/api/games/${g.id}/join`, { seat: 1, key: key1 }), 401, 'signed-out', 'cross-site');
      await join(a.b, g, 0);
      refused(await a.b.send('POST', `/api/games/${g.id}/join`, { seat: 1, key: key1 }), 409, 'already-seated', 'twice');
      // The free seat of an open game, without its link: the same refusal.
      refused(await a.b.send('POST', `/api/games/${g.id}/join`, { seat: 2 }), 409, 'already-seated', 'twice, open seat');
      refused(
        await c.b.send('POST', `/api/games/${g.id}/join`, { seat: 0, key: g.invites.find((i) => i.seat === 0)!.key }),
        409,
        'seat-taken',
        "another account's seat",
      );
      await join(c.b, g, 1);
      const seats = await srv.store.ratings.seatAccounts(g.id);
      assert.deepEqual([...seats].sort(), [
        [0, a.id],
        [1, c.id],
      ]);
      const summary = (await srv.store.getGame(g.id))!;
      assert.equal(summary.rated, true);
      assert.deepEqual(
        summary.seatConfigs.map((s) => s.name),
        [a.name, c.name, null],
        "the seats show the accounts' names",
      );
      const lobby = await browser().get<{ games: { id: string; rated?: boolean }[] }>('/api/games');
      assert.equal(lobby.json.games.find((x) => x.id === g.id)?.rated, true, 'the lobby says rated');
    });

    test("an account's seat opens on any device signed in to it, without the link, and moves there", async () => {
      const a = await signUp();
      const c = await signUp();
      const g = await createRated(a.b, [{ kind: 'human' }, { kind: 'human' }]);
      const first = await join(a.b, g, 0);
      await join(c.b, g, 1);
      const phone = browser();
      assert.equal((await phone.post('/api/account/sign-in', { name: a.name, password: PASSWORD })).status, 200);
      const moved = await phone.send<{ token: string; seat: number; key: string }>('POST', `/api/games/${g.id}/join`, { seat: 0 });
      assert.equal(moved.status, 200, JSON.stringify(moved.json));
      assert.notEqual(moved.json.token, first);
      const live0 = await srv.client();
      assert.equal((await hello(live0, g.id, moved.json.token)).seat, 0, "the new device's token holds the seat");
      const stale = await srv.client();
      const answer = stale.next((m) => m.type === 'welcome' || m.type === 'error');
      stale.send({ type: 'hello', game: g.id, token: first });
      const m = await answer;
      assert.ok(m.type === 'error' && m.code === 'bad_token', `the first device's token no longer holds the seat: ${JSON.stringify(m)}`);
      // A stale link key (replaced by the move) does not stop the account either.
      const oldKey = g.invites.find((i) => i.seat === 0)!.key;
      assert.equal((await a.b.send('POST', `/api/games/${g.id}/join`, { seat: 0, key: oldKey })).status, 200);
      // Another account, a guest and a page of another site get nothing without the seat's key.
      refused(await c.b.send('POST', `/api/games/${g.id}/join`, { seat: 0 }), 409, 'already-seated', 'another account');
      refused(await browser().send('POST', `/api/games/${g.id}/join`, { seat: 0 }), 401, 'signed-out', 'a guest');
      const cross = new AccountBrowser(srv.base, 'https://evil.example');
      for (const [k, v] of phone.cookies) cross.cookies.set(k, v);
      refused(await cross.send('POST', `/api/games/${g.id}/join`, { seat: 0 }), 401, 'signed-out', 'cross-site');
      assert.deepEqual(
        (await srv.store.getGame(g.id))!.seatConfigs.map((s) => s.name),
        [a.name, c.name],
      );
      live0.close();
      stale.close();
    });

    test('an unrated seat attached to an account opens on its other devices; unattached seats still need their link', async () => {
      const a = await signUp();
      const created = await a.b.send<Created>('POST', '/api/games', { game: 'quetzal', seats: [{ kind: 'human' }, { kind: 'human' }] });
      const g = created.json;
      const token = await join(a.b, g, 0);
      const att = await a.b.post('/api/account/attach', { seats: [{ gameId: g.id, seat: 0, token }] });
      assert.equal(att.json.attached.length, 1);
      const phone = browser();
      assert.equal((await phone.post('/api/account/sign-in', { name: a.name, password: PASSWORD })).status, 200);
      const named = (await srv.store.getGame(g.id))!.seatConfigs[0]!.name;
      assert.equal((await phone.send('POST', `/api/games/${g.id}/join`, { seat: 0, name: 'Renamed' })).status, 200);
      assert.equal((await srv.store.getGame(g.id))!.seatConfigs[0]!.name, named, "the account's seat keeps its name");
      refused(await phone.send('POST', `/api/games/${g.id}/join`, { seat: 1 }), 403, 'bad_token', 'a seat not attached');
      refused(await browser().send('POST', `/api/games/${g.id}/join`, { seat: 0 }), 403, 'bad_token', 'a guest');
    });

    test('a rated game between two accounts moves the winner up and the loser down, once', async () => {
      const a = await signUp();
      const c = await signUp();
      const g = await createRated(a.b, [{ kind: 'human' }, { kind: 'human' }]);
      const tokens = new Map([
        [0, await join(a.b, g, 0)],
        [1, await join(c.b, g, 1)],
      ]);
      const client = await srv.client();
      const welcome = await hello(client, g.id);
      assert.equal((welcome as unknown as { rated?: boolean }).rated, true, 'the welcome says rated');
      // A rated game is played without hints.
      await playOut(g.id, tokens, `two-${kind}`);
      const history = [await srv.store.ratings.historyOf(a.id), await srv.store.ratings.historyOf(c.id)];
      for (const h of history) assert.equal(h.length, 1, 'one history row per player');
      const [ha, hc] = [history[0]![0]!, history[1]![0]!];
      assert.equal(ha.gameId, g.id);
      assert.deepEqual([ha.muBefore, ha.sigmaBefore], [DEFAULT_MU, DEFAULT_SIGMA]);
      const gain = (h: typeof ha) => h.mu - h.muBefore;
      if (ha.rank < hc.rank) assert.ok(gain(ha) > 0 && gain(hc) < 0, 'the winner up, the loser down');
      else if (hc.rank < ha.rank) assert.ok(gain(hc) > 0 && gain(ha) < 0, 'the winner up, the loser down');
      else assert.ok(Math.abs(gain(ha) - gain(hc)) < 1e-9, 'a tie moves both alike');
      assert.ok(ha.sigma < ha.sigmaBefore, 'a game makes the rating surer');
      // The game leaves memory and is read again (as after a restart): nothing is applied again.
      srv.hub.evict(0, 0, Date.now() + 1);
      assert.equal((await live(srv.hub, g.id)).status, 'finished');
      assert.equal((await srv.store.ratings.historyOf(a.id)).length, 1);
      assert.equal((await srv.store.ratings.ratingsOf(a.id))[0]!.games, 1);

      const pa = await profile(a.name, a.b);
      assert.equal(pa.ratings.length, 1);
      assert.equal(pa.ratings[0]!.rating, displayRating(ha.mu));
      assert.equal(pa.ratings[0]!.history.length, 1);
      assert.deepEqual(pa.left, { games: 1, left: 0 });
      const f = pa.finished.find((x) => x.gameId === g.id)!;
      assert.equal(f.rated, true);
      assert.equal(f.rank, ha.rank);
      assert.equal(f.ratingChange, displayRating(ha.mu) - displayRating(DEFAULT_MU));
      assert.deepEqual(
        f.players.map((p) => [p.name, p.rank, p.bot]),
        [
          [a.name, ha.rank, false],
          [c.name, hc.rank, false],
        ],
      );
      assert.ok(f.players.every((p) => typeof p.score === 'number'));
    });

    test('a seat handed to a bot ranks last and counts as left; a bot seat rates its level’s account', async () => {
      const a = await signUp();
      const c = await signUp();
      const botBefore = (await srv.store.ratings.ratingsOf('bot-greedy')).find((r) => r.game === 'relic-runners');
      const g = await createRated(a.b, [{ kind: 'human' }, { kind: 'human' }, { kind: 'bot', bot: 'greedy' }]);
      const tokens = new Map([[0, await join(a.b, g, 0)]]);
      await join(c.b, g, 1);
      // Seat 1's player is away: handed to the game's bot (the hub's checks are the hand-over tests' business).
      await (await live(srv.hub, g.id)).handToBot(1, 'greedy', 'away');
      await playOut(g.id, tokens, `leaver-${kind}`);
      const [hc] = await srv.store.ratings.historyOf(c.id);
      assert.ok(hc, 'the leaver is rated');
      assert.equal(hc.rank, 3, 'ranked last');
      assert.equal(hc.left, true);
      assert.ok(hc.mu < hc.muBefore, 'and loses rating');
      const pc = await profile(c.name);
      assert.deepEqual(pc.left, { games: 1, left: 1 });
      // The bot's account: one row for the game, from its start or where it stood.
      const bot = (await srv.store.ratings.historyOf('bot-greedy')).filter((h) => h.gameId === g.id);
      assert.equal(bot.length, 1);
      const start = botBefore ?? BOT_START_RATINGS['relic-runners']!.greedy;
      assert.deepEqual([bot[0]!.muBefore, bot[0]!.sigmaBefore], [start.mu, start.sigma]);
      const pb = await profile('bot-greedy');
      assert.equal(pb.bot, true);
      assert.ok(pb.finished.some((x) => x.gameId === g.id));
      // A's record against the greedy level counts this game.
      const pa = await profile(a.name);
      const vs = pa.vsBots.find((v) => v.level === 'greedy');
      assert.equal(vs?.games, 1);
      const f = pa.finished.find((x) => x.gameId === g.id)!;
      assert.equal(vs.wins, f.rank! < f.players[2]!.rank! ? 1 : 0);
      assert.equal(f.players[2]!.name, 'bot-greedy');
      assert.equal(f.players[2]!.bot, true);
    });

    test('the profile: public data only, 404 for unknown and deleted players, "your turn" for its owner alone', async () => {
      const a = await signUp();
      const c = await signUp();
      const g = await createRated(a.b, [{ kind: 'human' }, { kind: 'human' }]);
      const ta = await join(a.b, g, 0);
      const tc = await join(c.b, g, 1);
      const lg = await live(srv.hub, g.id);
      const toAct = lg.toAct()!;
      // The turn is told from the stored wait, written just after the join.
      await lg.wait.idle();
      const mine = await profile(a.name, a.b);
      const theirs = await profile(a.name, c.b);
      const ip = mine.inProgress.find((x) => x.gameId === g.id)!;
      assert.deepEqual(
        { ...ip, yourTurn: undefined, dueAt: undefined },
        {
          gameId: g.id,
          game: 'relic-runners',
          seat: 0,
          yourTurn: undefined,
          dueAt: undefined,
          players: [a.name, c.name],
          moves: 0,
          rated: true,
        },
      );
      assert.equal(ip.yourTurn, toAct === 0, "the owner's view tells whose turn");
      assert.equal(ip.dueAt, toAct === 0 ? lg.stored.createdAt + CLOCK.bankMs : null, 'and when its time runs out');
      assert.equal(theirs.inProgress.find((x) => x.gameId === g.id)!.yourTurn, false, "another's view never does");
      assert.deepEqual(Object.keys(mine).sort(), [
        'bot',
        'botAccount',
        'createdAt',
        'finished',
        'inProgress',
        'left',
        'name',
        'ratings',
        'vsBots',
      ]);
      const text = JSON.stringify(mine);
      const account = (await srv.store.accounts.accountByName(a.name))!;
      for (const secret of [ta, tc, ...g.invites.map((i) => i.key), account.webauthnUserId, account.passwordHash!, ...a.b.cookies.values()])
        assert.ok(!text.includes(secret), 'no secret in the profile');
      // The lobby's list: the games waiting for the player first.
      const waiting = await (toAct === 0 ? a : c).b.get<{ waiting: { gameId: string; yourTurn: boolean; seat: number }[] }>(
        '/api/account/games',
      );
      assert.equal(waiting.status, 200);
      assert.equal(waiting.json.waiting[0]!.gameId, g.id);
      assert.equal(waiting.json.waiting[0]!.yourTurn, true);
      refused(await browser().get('/api/account/games'), 401, 'signed-out', 'signed out');
      refused(await browser().get('/api/players/nobody-at-all'), 404, 'no-player', 'unknown');
      // A deleted account: gone from the profiles, "a deleted player" in others' finished games.
      assert.equal((await c.b.delete('/api/account', { password: PASSWORD })).status, 204);
      refused(await browser().get(`/api/players/${c.name}`), 404, 'no-player', 'deleted');
      assert.equal(DELETED_PLAYER, 'a deleted player');
    });

    test('a rated game against a bot gives no hints', async () => {
      const a = await signUp();
      const g = await createRated(a.b, [{ kind: 'human' }, { kind: 'bot', bot: 'greedy' }]);
      const token = await join(a.b, g, 0);
      const c = await srv.client();
      await hello(c, g.id, token);
      const game = await live(srv.hub, g.id);
      await until(() => game.toAct() === 0, 'seat 0 to act');
      const answer = c.next((m) => m.type === 'error' || m.type === 'hint');
      c.send({ type: 'hint', id: 'h1' });
      const m = await answer;
      assert.equal(m.type, 'error');
      assert.equal(m.code, 'no_hint');
    });

    test('a bot level cannot be signed up for', async () => {
      const r = await browser().post('/api/account/sign-up', { name: 'bot-greedy2', password: PASSWORD });
      refused(r, 400, 'bad-name', 'bot- names');
    });

    const endedGame = (store: Store, accounts: string[], ranks: number[], at: number, rated = true) =>
      storeEndedGame(store, accounts, { ranks, at, rated });
    async function account(store: Store, name = uname('p')): Promise<string> {
      const id = randomBytes(16).toString('base64url');
      assert.ok(await store.accounts.createAccount({ id, name, createdAt: Date.now(), passwordHash: null, webauthnUserId: id }));
      return id;
    }

    test('an end written again applies nothing twice; an unrated end touches no rating', async () => {
      const store = srv.store;
      const [p, q] = [await account(store), await account(store)];
      const id = await endedGame(store, [p, q], [1, 2], Date.now());
      const once = await store.ratings.ratingsOf(p);
      const end: GameEnd = { game: 'relic-runners', scores: [1, 2], ranks: [1, 2], left: [false, false], rated: true };
      await assert.rejects(
        store.appendMove(
          id,
          { index: 0, seat: 0, choice: { t: 'x' }, hash: 'h1', at: Date.now() },
          { hash: 'h1', status: 'finished', end },
        ),
        StoreConflict,
      );
      // A second end (a later move that ends it again, as a replay would write): the result is kept once.
      await store.appendMove(
        id,
        { index: 1, seat: 0, choice: { t: 'x' }, hash: 'h2', at: Date.now() },
        { hash: 'h2', status: 'finished', end },
      );
      assert.deepEqual(await store.ratings.ratingsOf(p), once);
      assert.equal((await store.ratings.historyOf(q)).length, 1);
      const [r, s] = [await account(store), await account(store)];
      await endedGame(store, [r, s], [1, 2], Date.now(), false);
      assert.deepEqual(await store.ratings.ratingsOf(r), []);
      assert.deepEqual(await store.ratings.historyOf(s), []);
    });

    test('the leaderboard: 5 rated games or more, the last within 90 days, best first; 404 for no game', async () => {
      const store = srv.store;
      const now = Date.now();
      const [top, second, fewer, idle, rival] = [
        await account(store, uname('top')),
        await account(store, uname('sec')),
        await account(store, uname('few')),
        await account(store, uname('idl')),
        await account(store),
      ];
      for (let i = 0; i < 5; i++) await endedGame(store, [top, second, rival], [1, 2, 3], now - i * DAY);
      for (let i = 0; i < 4; i++) await endedGame(store, [fewer, rival], [1, 2], now - i * DAY);
      for (let i = 0; i < 5; i++) await endedGame(store, [idle, rival], [1, 2], now - (91 + i) * DAY);
      const board = await browser().get<Board>('/api/leaderboard/relic-runners?limit=100');
      assert.equal(board.status, 200, JSON.stringify(board.json));
      assert.equal(board.json.game, 'relic-runners');
      const names = board.json.players.map((p) => p.name);
      const name = async (id: string) => (await store.accounts.accountById(id))!.name;
      assert.ok(names.includes(await name(top)) && names.includes(await name(second)));
      assert.ok(!names.includes(await name(fewer)), 'four games are too few');
      assert.ok(!names.includes(await name(idle)), 'not within 90 days');
      assert.ok(names.indexOf(await name(top)) < names.indexOf(await name(second)), 'best first');
      const ratings = board.json.players.map((p) => p.rating);
      assert.deepEqual(
        ratings,
        [...ratings].sort((x, y) => y - x),
      );
      const row = board.json.players.find((p) => p.name === names[0])!;
      assert.deepEqual(Object.keys(row).sort(), ['bot', 'deviation', 'games', 'name', 'rating']);
      refused(await browser().get('/api/leaderboard/chess'), 404, 'no-game', 'unknown game');
      refused(await browser().get('/api/leaderboard/relic-runners?limit=0'), 400, 'bad-request', 'limit 0');
      assert.equal((await browser().get<Board>('/api/leaderboard/relic-runners?limit=1')).json.players.length, 1);
    });
  });
}
