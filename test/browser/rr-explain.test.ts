/**
 * Relic Runners: every choice explains itself. Tiles by icon and name with their
 * effect in tooltips (hover, focus, tap) linking to help, the legend, the route chooser's
 * consequences against what the move yields, the relic decision's VP and end (RR-EXP-1,
 * RR-END-1), "Explore here" naming the purple top tile (RR-EXPL-6), and IV2-5's far trails.
 *
 * Positions come from real server games with a fixed seed: a seeded random search on a copy of
 * the live state finds the choices leading there, which are then played on the server, and the
 * page of seat 0 is opened on the result. Needs `npm run build:web` and Chromium.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { createRng } from '../../src/core/rng.js';
import { routeKey } from '../../src/games/relic-runners/choice.js';
import { outcomeOf, type MoveOutcome } from '../../src/games/relic-runners/outcome.js';
import type { LiveGame } from '../../src/server/live-game.js';
import { browserSuite, holdSeat, shot, watchErrors } from '../helpers/browser.js';
import type { InPage, PageElement } from '../helpers/page.js';
import { g, type RRChoice, type State } from '../helpers/rr.js';
import { createGame, joinSeat, live } from '../helpers/server.js';

const suite = browserSuite();

const LOCALES = fileURLToPath(new URL('../../../web/src/i18n/locales', import.meta.url));
const LANGS = ['en', 'de', 'fr', 'pl'] as const;
type Lng = (typeof LANGS)[number];
const json = <T>(lng: Lng, ns: string): T => JSON.parse(readFileSync(join(LOCALES, lng, `${ns}.json`), 'utf8')) as T;
type Tiles = Record<string, { title: string; text: string }>;
const tiles = (lng: Lng) => json<Tiles>(lng, 'tiles');
interface Explain {
  exploreTop: string;
  route: Record<string, string>;
  relic: Record<string, string>;
}
const explain = (lng: Lng) => json<Explain>(lng, 'explain');
/** i18next's {{name}} interpolation, for expected texts. */
const fill = (s: string, vars: Record<string, string | number>) => s.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(vars[k]));
const LEGEND_SIZE = 26; // 18 ivory (IV1-1…IV3-6) and 8 purple (PU-1…PU-8)

/** A chosen position: a predicate on the state with seat 0 to act, and which choices to favour getting there. */
interface Goal {
  readonly want: (s: State) => boolean;
  readonly favour?: (c: RRChoice, s: State) => boolean;
  readonly avoid?: (c: RRChoice) => boolean;
}

/** Seeded random playouts from `start` until the goal holds; the choices that lead there, or null. */
function findPath(start: State, goal: Goal, seed: string): RRChoice[] | null {
  for (let attempt = 0; attempt < 40; attempt++) {
    const rng = createRng(`${seed}:${attempt}`);
    const s = g.clone(start);
    const path: RRChoice[] = [];
    while (g.toAct(s) !== null && path.length < 2500) {
      if (g.toAct(s) === 0 && goal.want(s)) return path;
      const all = g.choices(s);
      const allowed = goal.avoid ? all.filter((c) => !goal.avoid!(c)) : all;
      const cs = allowed.length > 0 ? allowed : all;
      const favoured = goal.favour ? cs.filter((c) => goal.favour!(c, s)) : [];
      const pool = favoured.length > 0 && rng.int(4) > 0 ? favoured : cs;
      const c = pool[rng.int(pool.length)]!;
      g.apply(s, c, false);
      path.push(c);
    }
  }
  return null;
}

interface Table {
  readonly page: Page;
  readonly game: LiveGame;
  readonly errors: string[];
  state(): State;
}

/** A two-player server game from `seed`, played to the goal, and seat 0's page on it. */
async function tableAt(
  seed: string,
  goal: Goal | null,
  lng: Lng = 'en',
  viewport: { width: number; height: number } = { width: 1280, height: 800 },
): Promise<Table> {
  const { base, hub } = suite.srv;
  const id = await createGame(base, {
    seats: [{ kind: 'human' }, { kind: 'human' }],
    options: { layout: 'standard', openScores: false },
    seed,
  });
  const token = await joinSeat(base, id, 0);
  await joinSeat(base, id, 1);
  const game = await live(hub, id);
  if (goal) {
    const path = findPath(game.state as State, goal, seed);
    assert.ok(path, `seed ${seed}: no playout reached the position looked for`);
    for (const c of path) await game.submit(game.toAct()!, c);
  }
  const page = await suite.browser.newPage(viewport);
  const errors = watchErrors(page);
  await holdSeat(page, id, 0, token);
  await page.goto(`${base}/game/${id}?lang=${lng}`);
  await waitMoves(page, game.moves.length);
  return { page, game, errors, state: () => game.state as State };
}

async function waitMoves(page: Page, n: number): Promise<void> {
  await page.waitForFunction(
    (m) =>
      (globalThis as unknown as InPage).document.querySelector('[data-testid="game-screen"]')?.getAttribute('data-moves') === String(m),
    n,
    {
      timeout: 20_000,
    },
  );
}

const routesOf = (s: State): Readonly<Record<string, MoveOutcome>> =>
  Object.fromEntries(Object.entries(g.view(s, 0).routes ?? {}).map(([k, p]) => [k, outcomeOf(p)]));

test(
  'tiles: the board shows purple top tiles by icon and name, their tooltip (hover, focus) gives the effect and links to help, in all four languages; the legend lists every tile',
  { timeout: 90_000 },
  async () => {
    const t = await tableAt('explain-tooltips', null);
    const { page } = t;
    const top = page.locator('[data-top-tile]').first();
    const name = (await top.getAttribute('data-top-tile'))!;
    for (const lng of LANGS) {
      if (lng !== 'en') await page.getByTestId('language').selectOption(lng);
      const want = tiles(lng)[name]!;
      await page.waitForFunction(
        ([sel, title]) => (globalThis as unknown as InPage).document.querySelector(sel!)?.textContent?.includes(title!) === true,
        [`[data-top-tile="${name}"]`, want.title],
        { timeout: 5000 },
      );
      const face = (await top.textContent()) ?? '';
      assert.ok(face.includes(want.title) && !face.includes(name), `${lng}: the tile is shown by name, not by its code: ${face}`);
      // Hover.
      await top.hover();
      const tip = page.getByTestId('top-tile-tip');
      await tip.waitFor();
      assert.ok((await tip.innerText()).includes(want.text), `${lng}: the tooltip gives the effect of ${name}`);
      assert.equal(await tip.getByTestId('tile-help').getAttribute('href'), `#help/relic-runners/${name}`);
      if (lng === 'en' || lng === 'de') await shot(page, `rr-explain-tooltip-${lng}.png`);
      await page.mouse.move(2, 2);
      await tip.waitFor({ state: 'detached' });
      // Keyboard focus (from elsewhere: Escape closed the last one, and the tile kept the focus).
      await page.getByTestId('language').focus();
      await top.focus();
      await tip.waitFor();
      assert.ok((await tip.innerText()).includes(want.text), `${lng}: focus shows the tooltip too`);
      await page.keyboard.press('Escape');
      await tip.waitFor({ state: 'detached' });
    }

    // The legend: every tile with icon, name, effect and help link (here in Polish).
    const legend = page.getByTestId('tile-legend');
    await legend.locator('summary').click();
    const rows = legend.locator('.legend-row');
    assert.equal(await rows.count(), LEGEND_SIZE);
    const pl = tiles('pl');
    for (let i = 0; i < LEGEND_SIZE; i++) {
      const row = rows.nth(i);
      const tile = (await row.getAttribute('data-tile'))!;
      const text = await row.innerText();
      assert.ok(text.includes(pl[tile]!.title) && text.includes(pl[tile]!.text), `legend row ${tile}: ${text}`);
      assert.ok((await row.locator('.tile-icon').innerText()).trim().length > 0, `legend row ${tile} has an icon`);
      assert.equal(await row.locator('a').getAttribute('href'), `#help/relic-runners/${tile}`);
    }
    assert.deepEqual(
      new Set(await rows.evaluateAll((els: PageElement[]) => els.map((e) => e.getAttribute('data-tile')))).size,
      LEGEND_SIZE,
    );
    await legend.scrollIntoViewIfNeeded();
    await shot(page, 'rr-explain-legend-pl.png');
    assert.deepEqual(t.errors, []);
  },
);

test('tiles on a phone: a tap opens the top tile tooltip, and the legend fits 390 px', { timeout: 60_000 }, async () => {
  const { base, hub } = suite.srv;
  const id = await createGame(base, {
    seats: [{ kind: 'human' }, { kind: 'human' }],
    options: { layout: 'standard', openScores: false },
    seed: 'explain-phone',
  });
  const token = await joinSeat(base, id, 0);
  await live(hub, id);
  const context = await suite.browser.browser.newContext({
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
    reducedMotion: 'reduce',
  });
  const page = await context.newPage();
  const errors = watchErrors(page);
  await holdSeat(page, id, 0, token);
  await page.goto(`${base}/game/${id}?lang=fr`);
  await page.getByTestId('game-screen').waitFor();
  const top = page.locator('[data-top-tile]').first();
  const name = (await top.getAttribute('data-top-tile'))!;
  await top.tap();
  const tip = page.getByTestId('top-tile-tip');
  await tip.waitFor();
  assert.ok((await tip.innerText()).includes(tiles('fr')[name]!.text));
  const box = (await tip.boundingBox())!;
  assert.ok(box.x >= 0 && box.x + box.width <= 390, `the tooltip stays on a phone's screen: ${JSON.stringify(box)}`);
  await shot(page, 'rr-explain-tooltip-phone-fr.png');
  await page.getByTestId('tile-legend').locator('summary').tap();
  const width = await page.evaluate(() => (globalThis as unknown as InPage).document.documentElement.scrollWidth);
  assert.ok(width <= 390, `the page with the legend open fits 390 px (${width})`);
  await page.getByTestId('tile-legend').scrollIntoViewIfNeeded();
  await shot(page, 'rr-explain-legend-phone-fr.png');
  assert.deepEqual(errors, []);
  await context.close();
});

test(
  'RR-EXP-1, RR-TOOL-2, RR-END-1: a route to a relic shows its VP and toolbox steps, equal to what the move yields; the relic decision names its VP',
  { timeout: 120_000 },
  async (t) => {
    const seed = 'explain-expedition';
    t.diagnostic(`seed ${seed}`);
    // Seat 0 to move with a route that ends an expedition, to a site reached by several routes (so the chooser opens).
    const goal: Goal = {
      want: (s) => {
        if (g.view(s, 0).decision !== 'move') return false;
        // ... one of them earning toolbox steps, so that both figures are told.
        const os = Object.values(routesOf(s)).filter((o) => o.expedition !== null);
        return os.some((o) => o.steps > 0 && os.filter((p) => p.expedition!.site === o.expedition!.site).length > 1);
      },
      favour: (c) => c.t === 'explore' || (c.t === 'relic' && c.take),
    };
    const tb = await tableAt(seed, goal);
    const { page, game } = tb;
    const s0 = tb.state();
    const moves = g.choices(s0).filter((c): c is Extract<RRChoice, { t: 'move' }> => c.t === 'move');
    const routes = routesOf(s0);
    const siteOf = (c: (typeof moves)[number]) => routes[routeKey(c.trails)]!.expedition?.site;
    // Of the routes to a relic reached several ways, one earning the most steps: the most to tell.
    const move = moves
      .filter((c) => siteOf(c) !== undefined && moves.filter((d) => siteOf(d) === siteOf(c)).length > 1)
      .sort((a, b) => routes[routeKey(b.trails)]!.steps - routes[routeKey(a.trails)]!.steps)[0]!;
    const want = routes[routeKey(move.trails)]!;
    const x = want.expedition!;
    const en = explain('en');
    const relicName = json<{ relic: Record<string, string> }>('en', 'board').relic[x.relic]!;
    const vpText = fill(x.endsGame ? en.route.relicEnds! : en.route.relic!, { relic: relicName, vp: x.vp });
    const stepsText =
      want.steps > 0 ? fill(want.steps === 1 ? en.route.steps_one! : en.route.steps_other!, { count: want.steps }) : en.route.noSteps!;

    // The chooser tells each route's consequences.
    const site = page.getByTestId(`site-${x.site}`);
    const sameSite = moves.filter((c) => {
      const o = routes[routeKey(c.trails)]!;
      return o.expedition?.site === x.site;
    });
    const choice = JSON.stringify(move);
    assert.equal(await site.getAttribute('data-choice'), null, 'several routes: the site opens the chooser');
    // The list beside the board (the way without pointing) tells the same.
    const list = page.getByTestId('choice-list');
    await list.locator('summary').click();
    const listed = await list.locator(`button[data-choice='${choice}']`).innerText();
    assert.ok(listed.includes(vpText) && listed.includes(stepsText), `the listed route tells its VP and steps: ${listed}`);
    await list.locator('summary').click();
    await site.click();
    const option = page.getByTestId('board-chooser').locator(`button[data-choice='${choice}']`);
    const told = await option.innerText();
    await shot(page, 'rr-explain-routes.png');
    await option.click();
    t.diagnostic(`route ${move.trails.join(',')} to ${x.site} (${sameSite.length} routes there): ${told}`);
    assert.ok(told.includes(vpText), `the route says "${vpText}": ${told}`);
    assert.ok(told.includes(stepsText), `the route says "${stepsText}": ${told}`);

    // What the move yields: the steps asked for, then the relic decision and its VP.
    await waitMoves(page, game.moves.length);
    const after = g.view(tb.state(), 0);
    assert.equal(after.decision, 'steps', 'the move earned toolbox steps');
    assert.equal(after.stepsLeft, want.steps, 'the steps earned are the steps told');
    while (g.view(tb.state(), 0).decision === 'steps') await game.submit(0, g.choices(tb.state())[0]!);
    assert.equal(g.view(tb.state(), 0).decision, 'relic', 'the move ends in the relic decision it promised');
    await waitMoves(page, game.moves.length);
    const offer = page.getByTestId('relic-offer');
    await offer.waitFor();
    const offerText = await offer.innerText();
    assert.ok(offerText.includes(fill(en.relic.offer!, { relic: relicName, vp: x.vp })), `the relic decision names its VP: ${offerText}`);
    const ends = (await offer.locator('[data-ends]').getAttribute('data-ends')) === 'yes';
    assert.equal(ends, x.endsGame, 'the relic decision says whether it ends the game');
    const take = page.locator(`[data-choice='${JSON.stringify({ t: 'relic', take: true })}']`);
    assert.ok((await take.innerText()).includes(`+${x.vp}`), 'the take button names the VP');
    await shot(page, 'rr-explain-relic.png');
    const vpBefore = tb.state().players[0]!.vp;
    const movesBefore = game.moves.length;
    await take.click();
    await waitMoves(page, movesBefore + 1);
    assert.equal(tb.state().players[0]!.vp - vpBefore, x.vp, 'taking the relic scores the VP told');
    assert.equal(tb.state().trigger >= 0, x.endsGame || g.view(s0, 0).endTriggeredBy !== null);
    assert.deepEqual(tb.errors, []);
  },
);

test(
  'RR-EXPL-6: "Explore here" on a purple temple names the top tile and its effect, in English and German',
  { timeout: 90_000 },
  async () => {
    const goal: Goal = {
      want: (s) => {
        const v = g.view(s, 0);
        const at = v.sites.find((x) => x.id === v.players[0]!.at);
        return v.decision === 'post' && (v.choices ?? []).some((c) => c.t === 'explore') && at?.top != null;
      },
    };
    for (const lng of ['en', 'de'] as const) {
      const tb = await tableAt('explain-explore', goal, lng);
      const v = g.view(tb.state(), 0);
      const top = v.sites.find((x) => x.id === v.players[0]!.at)!.top!;
      const explore = `[data-choice='${JSON.stringify({ t: 'explore' })}']`;
      const button = tb.page.getByTestId('decision-panel').locator(explore);
      const text = await button.innerText();
      assert.ok(text.includes(tiles(lng)[top]!.title) && text.includes(tiles(lng)[top]!.text), `${lng}: ${text}`);
      // The board's target at the explorer's location says the same.
      const onBoard = (await tb.page.getByTestId('board').locator(explore).getAttribute('aria-label')) ?? '';
      assert.ok(onBoard.includes(tiles(lng)[top]!.title), `${lng}: the board's explore target: ${onBoard}`);
      await shot(tb.page, `rr-explain-explore-${lng}.png`);
      if (lng === 'de') {
        // And it does what it says: the tile explored is the one named.
        const before = tb.game.moves.length;
        await button.click();
        await waitMoves(tb.page, before + 1);
        assert.equal(g.view(tb.state(), null).discards.at(-1), top);
      }
      assert.deepEqual(tb.errors, []);
    }
  },
);

test(
  'IV2-5 (D-18, D-21): trails that would spend the tile look different from those that keep it; the held tile has its tooltip',
  { timeout: 120_000 },
  async () => {
    const holdsFar = (s: State) => g.view(s, 0).players[0]!.ivory.includes('IV2-5');
    const goal: Goal = {
      want: (s) => {
        const cs = g.view(s, 0).choices ?? [];
        return holdsFar(s) && cs.some((c) => c.t === 'place' && c.ivory === 5) && cs.some((c) => c.t === 'place' && c.ivory === undefined);
      },
      favour: (c, s) =>
        c.t === 'explore' ||
        (c.t === 'keep' && c.effect === 5) ||
        (c.t === 'move' && s.cur === 0 && !holdsFar(s) && g.view(s, 0).sites.some((x) => x.colour === 'ivory')),
      avoid: (c) => c.t === 'place' && c.ivory !== undefined,
    };
    for (const [lng, viewport] of [
      ['en', { width: 1280, height: 800 }],
      ['pl', { width: 390, height: 844 }],
    ] as const) {
      const tb = await tableAt('explain-iv25', goal, lng, viewport);
      const cs = g.view(tb.state(), 0).choices!;
      const far = new Set(cs.flatMap((c) => (c.t === 'place' && c.ivory === 5 ? [c.trail] : [])));
      const near = new Set(cs.flatMap((c) => (c.t === 'place' && c.ivory === undefined ? [c.trail] : [])));
      for (const id of far)
        assert.ok(await tb.page.getByTestId(`trail-${id}`).evaluate((e: PageElement) => e.classList.contains('rr-far')), `far trail ${id}`);
      for (const id of near)
        assert.ok(
          !(await tb.page.getByTestId(`trail-${id}`).evaluate((e: PageElement) => e.classList.contains('rr-far'))),
          `near trail ${id}`,
        );
      const styles = await tb.page.evaluate(
        ([a, b]) => {
          const glow = (id: number) => {
            const el = (globalThis as unknown as InPage).document.querySelector(`[data-testid="trail-${id}"] .rr-trail-glow`)!;
            const cs = (
              globalThis as unknown as { getComputedStyle: (e: unknown) => { stroke: string; strokeDasharray: string } }
            ).getComputedStyle(el);
            return `${cs.stroke}|${cs.strokeDasharray}`;
          };
          return [glow(a!), glow(b!)];
        },
        [[...far][0]!, [...near][0]!],
      );
      assert.notEqual(styles[0], styles[1], `a far trail is drawn unlike a near one: ${styles.join(' vs ')}`);
      await tb.page.getByTestId('far-hint').waitFor();
      // The held IV2-5 in seat 0's chart: icon and name, its effect on hover, linking to help.
      const chip = tb.page.locator('[data-testid="player-charts"] .tile-chip[data-tile="IV2-5"]').first();
      await chip.locator('button').hover();
      const tip = chip.getByTestId('tile-tip');
      await tip.waitFor();
      assert.ok((await tip.innerText()).includes(tiles(lng)['IV2-5']!.text));
      assert.equal(await tip.getByTestId('tile-help').getAttribute('href'), '#help/relic-runners/IV2-5');
      await tb.page.getByTestId('board').scrollIntoViewIfNeeded();
      await shot(tb.page, `rr-explain-iv25-${lng}.png`);
      assert.deepEqual(tb.errors, []);
    }
  },
);
