import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n, { LANGUAGES } from '../src/i18n/index.js';
import { createRng } from '../../src/core/rng.js';
import { quetzal as g, type QChoice, type QEvent, type State } from '../../src/games/quetzal/index.js';
import type { QView } from '../../src/games/quetzal/view.js';
import type { LogEntry, SeatInfo } from '../src/net/session.js';
import { QuetzalTable } from '../src/quetzal/QuetzalTable.js';
import { describeQEvent } from '../src/quetzal/events.js';
import { placeTargets } from '../src/quetzal/model.js';
import { paysText } from '../src/quetzal/words.js';

afterEach(async () => {
  cleanup();
  await act(() => i18n.changeLanguage('en'));
});

const seatsOf = (n: number): SeatInfo[] =>
  Array.from({ length: n }, (_, seat) => ({ seat, kind: 'human', name: `P${seat}`, connected: true }));
const json = (x: unknown) => JSON.stringify(x);
/** Text that shows an i18n key rather than words. */
const RAW = /\{\{|\bquetzal:|\b(log|panel|board|player|score|loc|kind|face|card|up|yield)\.[a-zA-Z]+/;

/** An engine id in shown text: a camelCase id, a card with its bonus, a tile code. */
const CODE = /\b[a-z]+[A-Z][a-zA-Z]*\b|\b[a-z]+\+[a-z]+\b|\b[A-Z]{1,3}\d?-\d/;
/** A seeded random game, played until `stop` holds; the events of each move are kept as a log. */
function playUntil(seats: number, seed: number, stop: (s: State) => boolean, log: LogEntry[] = []): State {
  const rng = createRng(seed);
  const s = g.setup(g.options({}), seats, createRng(seed));
  while (!g.result(s) && !stop(s)) {
    const cs = g.choices(s);
    log.push({ move: log.length + 1, events: g.apply(s, cs[rng.int(cs.length)]!) });
  }
  return s;
}

function renderTable(view: QView, seat: number | null, opts: { choose?: (c: QChoice) => void; log?: LogEntry[] } = {}) {
  const choose = opts.choose ?? vi.fn();
  render(
    <QuetzalTable
      view={view}
      seat={seat}
      seats={seatsOf(view.seats)}
      log={opts.log ?? []}
      choose={choose as never}
      busy={false}
      canUndo={false}
      onUndo={() => {}}
    />,
  );
  return choose;
}

const choiceSet = (root: HTMLElement) => [...root.querySelectorAll('[data-choice]')].map((el) => el.getAttribute('data-choice')!).sort();

describe('Quetzal table: placing', () => {
  it('a board location opens a chooser listing exactly its legal place choices, and a click makes one', () => {
    const s = playUntil(3, 11, (s) => g.view(s, g.toAct(s)).decision === 'place');
    const seat = g.toAct(s)!;
    const view = g.view(s, seat);
    const targets = placeTargets(view);
    expect(targets.size).toBeGreaterThan(2);
    const choose = renderTable(view, seat);
    for (const [key, cs] of targets) {
      const [loc, banner] = key.split('#');
      fireEvent.click(screen.getByTestId(banner ? `target-${loc}-${banner}` : `target-${loc}`));
      const chooser = screen.getByTestId('place-chooser');
      expect(choiceSet(chooser)).toEqual(cs.map(json).sort());
      expect(
        within(chooser)
          .getAllByRole('button')
          .every((b) => !RAW.test(b.textContent ?? '')),
      ).toBe(true);
    }
    const first = screen.getByTestId('place-chooser').querySelector('[data-choice]') as HTMLElement;
    fireEvent.click(first);
    expect(choose).toHaveBeenCalledWith(JSON.parse(first.getAttribute('data-choice')!));
  });

  it('the panel also lists every place, and "choose another place" goes back to it', () => {
    const s = playUntil(2, 5, (s) => g.view(s, g.toAct(s)).decision === 'place');
    const seat = g.toAct(s)!;
    const view = g.view(s, seat);
    renderTable(view, seat);
    const list = screen.getByTestId('place-targets');
    expect(within(list).getAllByRole('button')).toHaveLength(placeTargets(view).size);
    fireEvent.click(within(list).getAllByRole('button')[0]!);
    expect(screen.getByTestId('place-chooser')).toBeTruthy();
    fireEvent.click(screen.getByTestId('place-back'));
    expect(screen.getByTestId('place-targets')).toBeTruthy();
  });
});

describe('Quetzal table: other decisions', () => {
  it('a delivery is built card by card: one add button per legal add, and deliver', () => {
    const s = playUntil(3, 21, (s) => {
      const v = g.view(s, g.toAct(s));
      return v.decision === 'deliver' && (v.choices ?? []).some((c) => c.t === 'add');
    });
    const seat = g.toAct(s)!;
    let view = g.view(s, seat);
    const choose = renderTable(view, seat);
    const adds = view.choices!.filter((c) => c.t === 'add' || c.t === 'deliver');
    const panel = screen.getByTestId('decision-panel');
    expect(choiceSet(panel).filter((c) => c.includes('"add"') || c.includes('"deliver"'))).toEqual(adds.map(json).sort());
    fireEvent.click(within(panel).getAllByTestId('choice-add')[0]!);
    const added = vi.mocked(choose).mock.calls[0]![0] as QChoice;
    expect(added.t).toBe('add');
    g.apply(s, added);
    view = g.view(s, seat);
    cleanup();
    renderTable(view, seat);
    const name = (added as { card: string }).card.split('+')[0]!;
    expect(screen.getByTestId('delivery-added').textContent.toLowerCase()).toContain(name);
    expect(screen.getByTestId('choice-deliver').textContent).toMatch(/Deliver: \d+ VP/);
  });

  it('every decision of a random game offers exactly the legal choices, in words', () => {
    const seen = new Set<string>();
    const rng = createRng(7);
    const s = g.setup(g.options({}), 2, createRng(7));
    let steps = 0;
    while (!g.result(s) && steps < 400) {
      const seat = g.toAct(s)!;
      const view = g.view(s, seat);
      const cs = g.choices(s);
      if (view.decision !== 'place' && !seen.has(view.decision!)) {
        seen.add(view.decision!);
        renderTable(view, seat);
        const panel = screen.getByTestId('decision-panel');
        expect(choiceSet(panel), view.decision!).toEqual(cs.map(json).sort());
        expect(RAW.test(panel.textContent ?? ''), panel.textContent).toBe(false);
        cleanup();
      }
      g.apply(s, cs[rng.int(cs.length)]!);
      steps++;
    }
    expect([...seen]).toEqual(expect.arrayContaining(['take', 'deliver']));
  });

  it('nothing is clickable when it is not your turn', () => {
    const s = playUntil(3, 3, (s) => g.view(s, g.toAct(s)).decision === 'place');
    const other = (g.toAct(s)! + 1) % 3;
    renderTable(g.view(s, other), other);
    expect(document.querySelectorAll('[data-choosable]')).toHaveLength(0);
    expect(screen.getByTestId('decision-panel').textContent).toMatch(/Waiting for P\d: placing figures/);
  });
});

describe('Quetzal table: what each seat sees', () => {
  it('a spectator sees hand sizes but no hand cards; a player sees only their own', () => {
    const s = playUntil(3, 9, (s) => s.players.every((p) => p.hand.length > 0) && g.view(s, null).phase === 'place');
    renderTable(g.view(s, null), null);
    expect(screen.queryAllByTestId('hand-cards')).toHaveLength(0);
    expect(screen.getAllByTestId('hand-count')).toHaveLength(3);
    expect(document.querySelectorAll('[data-choosable]')).toHaveLength(0);
    cleanup();
    renderTable(g.view(s, 1), 1);
    expect(within(screen.getByTestId('player-card-1')).getByTestId('hand-cards')).toBeTruthy();
    expect(within(screen.getByTestId('player-card-0')).queryByTestId('hand-cards')).toBeNull();
  });

  it('the final score shows each category per seat, and the winners', () => {
    const log: LogEntry[] = [];
    const s = playUntil(2, 13, () => false, log);
    const view = g.view(s, 0);
    renderTable(view, 0, { log });
    const score = screen.getByTestId('score-screen');
    for (const sc of view.result!.scores) {
      const head = within(score).getByTestId(`score-row-${sc.seat}`);
      expect(head.classList.contains('winner')).toBe(view.result!.winners.includes(sc.seat));
      expect(within(score).getByTestId(`score-total-${sc.seat}`).textContent).toBe(String(sc.total));
      expect(sc.track + sc.startMarker + sc.coins + sc.upgrades).toBe(sc.total);
    }
    expect(screen.getByTestId('winners').textContent.length).toBeGreaterThan(3);
    expect(RAW.test(screen.getByTestId('game-log').textContent ?? '')).toBe(false);
  });
});

describe('Quetzal words', () => {
  it('every event of whole games reads as a sentence in every language, naming things by their words, never their codes', async () => {
    const log: LogEntry[] = [];
    playUntil(2, 17, () => false, log);
    playUntil(4, 18, () => false, log);
    for (const lng of LANGUAGES) {
      await act(() => i18n.changeLanguage(lng));
      for (const entry of log)
        for (const e of entry.events) {
          const line = describeQEvent(e, seatsOf(4), i18n.t, entry.events);
          if (line === null) continue;
          expect(RAW.test(line), `${lng} ${e.type}: ${line}`).toBe(false);
          // An engine id shown for want of a word: "smallTemple", "jar+coin", a tile's code ("PU-1").
          expect(line, `${lng} ${e.type}`).not.toMatch(CODE);
        }
    }
  });

  it('event codes read as words: gain reasons, reroll results, the automaton outbid, gains another line already tells', () => {
    const seats = seatsOf(2);
    const line = (e: QEvent, all: readonly QEvent[] = [e]) => describeQEvent(e, seats, i18n.t, all);
    expect(line({ type: 'coins', seat: 0, n: 7, why: 'blackMarket' })).toBe('P0: +7 coins (Black Market).');
    expect(line({ type: 'vp', seat: 1, n: 1, why: 'discovery' })).toBe('P1: +1 VP (discovery track).');
    expect(line({ type: 'coins', seat: 0, n: 1, why: 'smallTemple' })).toBe('P0: +1 coin (Small Temple).');
    expect(line({ type: 'coins', seat: 0, n: 5, why: 'instantCoins' })).toBe('P0: +5 coins (Windfall).');
    expect(line({ type: 'coins', seat: 0, n: 1, why: 'reroll2' })).toBe('P0: +1 coin (bonus).');
    expect(line({ type: 'coins', seat: 0, n: 1, why: 'standingFigure' })).toBe('P0: +1 coin (standing figure).');
    const roll: QEvent = { type: 'roll', seat: 0, adv: 1, arch: 0, side: 0, stand: 1, leaderStands: false, coins: 1, reveals: true };
    expect(line({ type: 'coins', seat: 0, n: 1, why: 'standingFigure' }, [roll])).toBeNull();
    expect(line({ type: 'vp', seat: 0, n: 3, why: 'delivery' })).toBeNull();
    expect(line({ type: 'reroll', seat: 0, faces: ['leader', 'adv'], results: ['leaderStands', 'arch'], why: 'camp', reveals: true })).toBe(
      'P0 rolls again Leader, Adventurer: leader standing, Archaeologist.',
    );
    expect(line({ type: 'outbid', automaton: true, loc: 'quarry', back: 0 })).toBe('The automaton’s bid at the Quarry is beaten.');
  });

  it('a delivery preview reads with plural forms, leaving out what it does not pay', () => {
    expect(paysText({ vp: 14, coins: 0, discovery: 0, upgrades: 0 }, i18n.t)).toBe('14 VP');
    expect(paysText({ vp: 1, coins: 1, discovery: 2, upgrades: 1 }, i18n.t)).toBe('1 VP, 1 coin, 2 discovery steps, 1 upgrade drawn');
  });
});
