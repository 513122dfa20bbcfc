import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import '../src/i18n/index.js';
import { relicRunners as g, type RRChoice, type RRView, type State } from '../../src/games/relic-runners/index.js';
import { createRng } from '../../src/core/rng.js';
import { RelicRunnersBoard } from '../src/relic-runners/RelicRunnersBoard.js';
import { choicesBySite, choicesByTrail, moveDestination } from '../src/relic-runners/board/choices.js';
import type { SeatInfo } from '../src/net/session.js';

afterEach(cleanup);

const SEATS: SeatInfo[] = [0, 1, 2].map((seat) => ({ seat, name: `P${seat}`, kind: 'human' }) as SeatInfo);

/**
 * Plays seeded random games (3 seats) until the seat to act sees a view `want` accepts: real
 * engine views, no hand-typed ones. Returns that view for the acting seat.
 */
function findView(want: (v: RRView) => boolean): { view: RRView; state: State } {
  for (let seed = 1; seed <= 60; seed++) {
    const rng = createRng(`board:${seed}`);
    const s = g.setup(g.options({}), 3, createRng(seed));
    for (let step = 0; step < 500 && g.toAct(s) !== null; step++) {
      const v = g.view(s, g.toAct(s));
      if (want(v)) return { view: v, state: s };
      const cs = g.choices(s);
      g.apply(s, cs[rng.int(cs.length)]!);
    }
  }
  throw new Error('no such position in the seeds tried');
}

const at = (v: RRView) => v.players[v.toAct!]!.at;

/** A move decision where some destination has two or more routes and another has exactly one. */
const multiRoute = (v: RRView) => {
  if (v.decision !== 'move' || !v.choices) return false;
  const by = [...choicesBySite(v.choices, at(v))];
  return by.some(([, l]) => l.length >= 2 && l.every((c) => c.t === 'move')) && by.some(([, l]) => l.length === 1 && l[0]!.t === 'move');
};

function renderBoard(view: RRView, seat: number | null, busy = false) {
  const choose = vi.fn<(c: RRChoice) => void>();
  const r = render(<RelicRunnersBoard view={view} seat={seat} seats={SEATS} choose={choose} busy={busy} />);
  return { choose, ...r };
}

describe('board decisions', () => {
  it('move: a destination reached by two different trail sequences shows both routes; clicking one chooses exactly that route', () => {
    const { view } = findView(multiRoute);
    const from = at(view);
    const [dest, routes] = [...choicesBySite(view.choices!, from)].find(([, l]) => l.length >= 2 && l.every((c) => c.t === 'move'))!;
    const seqs = routes.map((c) => (c as { trails: readonly number[] }).trails.join(','));
    expect(new Set(seqs).size).toBe(routes.length);
    for (const c of routes) expect(moveDestination(from, (c as { trails: readonly number[] }).trails)).toBe(dest);

    const { choose } = renderBoard(view, view.toAct);
    const site = screen.getByTestId(`site-${dest}`);
    expect(site.getAttribute('data-choice')).toBeNull(); // it opens the routes, it does not choose
    fireEvent.click(site);
    expect(choose).not.toHaveBeenCalled();

    // Both routes are drawn on the board and listed; each carries its own choice.
    const drawn = routes.map((_, i) => screen.getByTestId(`route-${i}`));
    expect(drawn.map((el) => JSON.parse(el.getAttribute('data-choice')!) as unknown)).toEqual(routes);
    const list = screen.getByTestId('board-chooser');
    expect(
      within(list)
        .getAllByRole('button')
        .filter((b) => b.hasAttribute('data-choice')),
    ).toHaveLength(routes.length);

    fireEvent.click(drawn[1]!);
    expect(choose).toHaveBeenCalledTimes(1);
    expect(choose).toHaveBeenCalledWith(routes[1]);
    expect(screen.queryByTestId('board-chooser')).toBeNull();
  });

  it('move: a route can be chosen from the list, and Cancel closes the list without choosing', () => {
    const { view } = findView(multiRoute);
    const [dest, routes] = [...choicesBySite(view.choices!, at(view))].find(([, l]) => l.length >= 2)!;
    const { choose } = renderBoard(view, view.toAct);
    fireEvent.click(screen.getByTestId(`site-${dest}`));
    fireEvent.click(screen.getByTestId('chooser-cancel'));
    expect(screen.queryByTestId('board-chooser')).toBeNull();
    expect(choose).not.toHaveBeenCalled();
    // Keyboard: Enter on the site opens the list again; the list chooses route 1.
    fireEvent.keyDown(screen.getByTestId(`site-${dest}`), { key: 'Enter' });
    fireEvent.click(screen.getByTestId('option-0'));
    expect(choose).toHaveBeenCalledWith(routes[0]);
  });

  it('move: a destination with a single route is chosen with one click', () => {
    const { view } = findView(multiRoute);
    const [dest, [only]] = [...choicesBySite(view.choices!, at(view))].find(([, l]) => l.length === 1 && l[0]!.t === 'move')!;
    const { choose } = renderBoard(view, view.toAct);
    const site = screen.getByTestId(`site-${dest}`);
    expect(JSON.parse(site.getAttribute('data-choice')!)).toEqual(only);
    fireEvent.click(site);
    expect(choose).toHaveBeenCalledTimes(1);
    expect(choose).toHaveBeenCalledWith(only);
    expect(screen.queryByTestId('board-chooser')).toBeNull();
  });

  it('move: every legal destination is highlighted, and only those', () => {
    const { view } = findView(multiRoute);
    renderBoard(view, view.toAct);
    const dests = [...choicesBySite(view.choices!, at(view)).keys()].sort();
    const shown = [...document.querySelectorAll('[data-testid^="site-"][data-choosable]')]
      .map((el) => el.getAttribute('data-testid')!.slice(5))
      .sort();
    expect(shown).toEqual(dests);
  });

  it('place: two ways to place a pathway on one trail (with IV2-4 or without) open a chooser; picking one chooses it', () => {
    const { view } = findView(
      (v) => v.decision === 'place' && !!v.choices && [...choicesByTrail(v.choices).values()].some((l) => l.length >= 2),
    );
    const [trail, opts] = [...choicesByTrail(view.choices!)].find(([, l]) => l.length >= 2)!;
    const { choose } = renderBoard(view, view.toAct);
    fireEvent.click(screen.getByTestId(`trail-${trail}`));
    expect(choose).not.toHaveBeenCalled();
    const buttons = within(screen.getByTestId('board-chooser'))
      .getAllByRole('button')
      .filter((b) => b.hasAttribute('data-choice'));
    expect(buttons.map((b) => JSON.parse(b.getAttribute('data-choice')!) as unknown)).toEqual(opts);
    fireEvent.click(buttons[buttons.length - 1]!);
    expect(choose).toHaveBeenCalledWith(opts[opts.length - 1]);
  });

  it('place: a trail with a single way to place chooses it with one click; every legal trail is offered', () => {
    const { view } = findView((v) => v.decision === 'place' && !!v.choices && v.choices.length > 0);
    const by = choicesByTrail(view.choices!);
    const { choose } = renderBoard(view, view.toAct);
    const offered = [...document.querySelectorAll('[data-testid^="trail-"][data-choosable]')]
      .map((el) => Number(el.getAttribute('data-testid')!.slice(6)))
      .sort((a, b) => a - b);
    expect(offered).toEqual([...by.keys()].sort((a, b) => a - b));
    const [trail, [only]] = [...by].find(([, l]) => l.length === 1)!;
    fireEvent.keyDown(screen.getByTestId(`trail-${trail}`), { key: ' ' });
    expect(choose).toHaveBeenCalledWith(only);
  });

  it("move: nothing is clickable when it is not the viewer's turn", () => {
    const { view: mine, state } = findView(multiRoute);
    const other = (mine.toAct! + 1) % 3;
    const view = g.view(state, other);
    const { choose } = renderBoard(view, other);
    expect(document.querySelectorAll('[data-choosable]')).toHaveLength(0);
    // Only the purple top tiles stay buttons: they open their tooltip, they choose nothing.
    expect(document.querySelectorAll('[role="button"]:not([data-top-tile])')).toHaveLength(0);
    fireEvent.click(document.querySelector(`[data-site="${at(mine)}"]`)!);
    expect(choose).not.toHaveBeenCalled();
  });

  it('move: nothing is clickable while a choice is on its way (busy)', () => {
    const { view } = findView(multiRoute);
    renderBoard(view, view.toAct, true);
    expect(document.querySelectorAll('[data-choosable]')).toHaveLength(0);
  });

  it('teleport, neighbour, place, flip, lift, lay: every legal board choice is offered, by one click or in the chooser, and nothing else', () => {
    // Collect real decisions of each board kind from seeded random games.
    const kinds = new Map<string, RRView>();
    const BOARD_KINDS = new Set(['move', 'teleport', 'neighbour', 'place', 'flip', 'lift', 'lay']);
    for (let seed = 1; seed <= 40 && kinds.size < 6; seed++) {
      const rng = createRng(`board-kinds:${seed}`);
      const s = g.setup(g.options({}), 3, createRng(seed));
      for (let step = 0; step < 400 && g.toAct(s) !== null; step++) {
        const v = g.view(s, g.toAct(s));
        const types = new Set(v.choices!.map((c) => c.t).filter((x) => BOARD_KINDS.has(x) && x !== 'move'));
        for (const k of types) if (!kinds.has(k)) kinds.set(k, v);
        const cs = g.choices(s);
        g.apply(s, cs[rng.int(cs.length)]!);
      }
    }
    expect([...kinds.keys()].sort()).toEqual(['flip', 'lay', 'lift', 'neighbour', 'place', 'teleport']);
    for (const [kind, view] of kinds) {
      const { choose, unmount } = renderBoard(view, view.toAct);
      const want = view
        .choices!.filter((c) => BOARD_KINDS.has(c.t))
        .map((c) => JSON.stringify(c))
        .sort();
      const offered: string[] = [];
      for (const el of [...document.querySelectorAll('svg [data-choosable]')]) {
        const c = el.getAttribute('data-choice');
        if (c) {
          offered.push(c);
          continue;
        }
        fireEvent.click(el);
        const list = screen.getByTestId('board-chooser');
        for (const b of within(list).getAllByRole('button'))
          if (b.getAttribute('data-choice')) offered.push(b.getAttribute('data-choice')!);
        fireEvent.click(screen.getByTestId('chooser-cancel'));
      }
      expect(offered.sort(), kind).toEqual(want);
      expect(choose).not.toHaveBeenCalled();
      unmount();
    }
  });
});
