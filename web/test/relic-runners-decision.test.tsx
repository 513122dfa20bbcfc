import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '../src/i18n/index.js';
import { createRng } from '../../src/core/rng.js';
import { relicRunners as g, type State } from '../../src/games/relic-runners/index.js';
import { buildPosition } from '../../src/games/relic-runners/position.js';
import type { RRView } from '../../src/games/relic-runners/view.js';
import { RelicRunnersDecision } from '../src/relic-runners/RelicRunnersDecision.js';
import { RelicRunnersPlayers } from '../src/relic-runners/RelicRunnersPlayers.js';
import { RelicRunnersScore } from '../src/relic-runners/RelicRunnersScore.js';
import { tieBreak } from '../src/relic-runners/panels/score.js';
import { RULE_TILES, tileText, tileTitle } from '../src/relic-runners/panels/tiles.js';
import { LANGUAGES } from '../src/i18n/index.js';
import type { SeatInfo } from '../src/net/session.js';

afterEach(async () => {
  cleanup();
  await act(() => i18n.changeLanguage('en'));
});

const seats: SeatInfo[] = [0, 1, 2].map((seat) => ({ seat, kind: 'human', name: `P${seat}`, connected: true }));
const json = (x: unknown) => JSON.stringify(x);
const panelProps = (view: RRView, seat: number | null, choose = vi.fn()) => ({
  view,
  seat,
  seats,
  choose,
  busy: false,
  canUndo: false,
  onUndo: () => {},
});

/** Seat 0 holds IV2-4 and explores an ivory temple whose top tile is IV2-5: it must keep one (RR-EXPL-4). */
function keepPosition(): State {
  const s = buildPosition({
    seats: 2,
    temples: { 'temple-1': 'ivory' },
    stacks: { 'temple-1': ['IV1-1', 'IV2-5'] },
    players: [{ at: 'ruin-1', ivory: ['IV2-4'] }],
  });
  g.apply(s, { t: 'move', trails: [33] });
  g.apply(s, { t: 'explore' });
  return s;
}

/** Text that shows an i18n key rather than words: "game:…", "choice.move", "{{site}}". */
const RAW = /\{\{|\b(log|game|tiles|common):\S|\b(explore|why|decision|choice|site|trail|relic|col|tool|score|chart|panel)\.[a-zA-Z]+/;

describe('decision panel', () => {
  it('shows both ivory tiles of a keep decision with their rule texts', () => {
    const s = keepPosition();
    const view = g.view(s, 0);
    expect(view.decision).toBe('keep');
    expect(view.keep).toEqual(['IV2-4', 'IV2-5']);
    const choose = vi.fn();
    render(<RelicRunnersDecision {...panelProps(view, 0, choose)} />);
    const tiles = screen.getByTestId('keep-tiles');
    expect(tiles.textContent).toContain('IV2-4');
    expect(tiles.textContent).toContain('IV2-5');
    expect(tiles.textContent).toContain(tileText('IV2-4', i18n.t));
    expect(tiles.textContent).toContain(tileText('IV2-5', i18n.t));
    const buttons = within(tiles).getAllByRole('button');
    expect(buttons.map((b) => b.getAttribute('data-choice'))).toEqual(view.choices!.map(json));
    fireEvent.click(within(tiles).getByText(/IV2-5/));
    expect(choose).toHaveBeenCalledWith({ t: 'keep', effect: 5 });
  });

  it('maps buttons one-to-one to the legal choices at every decision of real games', () => {
    const kinds = new Set<string>();
    for (const seed of [1, 2]) {
      const rng = createRng(`panel:${seed}`);
      const s = g.setup(g.options({}), 3, createRng(seed));
      for (let i = 0; i < 100 && g.toAct(s) !== null; i++) {
        const seat = g.toAct(s)!;
        const view = g.view(s, seat);
        kinds.add(view.decision!);
        const { unmount } = render(<RelicRunnersDecision {...panelProps(view, seat)} />);
        const panel = screen.getByTestId('decision-panel');
        const offered = [...panel.querySelectorAll('[data-choice]')].map((e) => e.getAttribute('data-choice')!);
        expect(offered.sort(), `seed ${seed} move ${i} (${view.decision})`).toEqual(view.choices!.map(json).sort());
        // Every offered control is a choosable button, and its words are not raw keys.
        for (const el of panel.querySelectorAll('[data-choice]')) {
          expect(el.tagName).toBe('BUTTON');
          expect(el.hasAttribute('data-choosable')).toBe(true);
        }
        expect(panel.textContent).not.toMatch(/\{\{|game:\S|undefined|NaN/);
        unmount();
        const cs = g.choices(s);
        g.apply(s, cs[rng.int(cs.length)]!);
      }
    }
    expect(kinds.has('move')).toBe(true);
    expect(kinds.has('post')).toBe(true);
  }, 30_000);

  it('offers nothing when it is not the viewer’s decision, and says who is deciding', () => {
    const s = g.setup(g.options({}), 3, createRng(5));
    const toAct = g.toAct(s)!;
    const other = (toAct + 1) % 3;
    const view = g.view(s, other);
    expect(view.choices).toBeNull();
    render(<RelicRunnersDecision {...panelProps(view, other)} />);
    const panel = screen.getByTestId('decision-panel');
    expect(panel.querySelector('[data-choosable]')).toBeNull();
    expect(panel.textContent).toContain(`P${toAct}`);
    cleanup();
    // A spectator is offered nothing either.
    render(<RelicRunnersDecision {...panelProps(g.view(s, null), null)} />);
    expect(screen.getByTestId('decision-panel').querySelector('[data-choosable]')).toBeNull();
  });

  it('says what to click on the board and lists the same choices in words', () => {
    const s = g.setup(g.options({}), 2, createRng(9));
    const view = g.view(s, 0);
    expect(view.decision).toBe('move');
    render(<RelicRunnersDecision {...panelProps(view, 0)} />);
    const panel = screen.getByTestId('decision-panel');
    expect(panel.textContent).toContain('Choose a destination on the board');
    const list = screen.getByTestId('choice-list');
    expect(list.tagName).toBe('DETAILS');
    expect(list.querySelectorAll('[data-choice*="move"]').length).toBe(view.choices!.filter((c) => c.t === 'move').length);
  });

  it('shows the undo button only when undo is possible', () => {
    const s = g.setup(g.options({}), 2, createRng(9));
    const onUndo = vi.fn();
    const { rerender } = render(<RelicRunnersDecision {...panelProps(g.view(s, 0), 0)} />);
    expect(screen.queryByTestId('undo')).toBeNull();
    rerender(<RelicRunnersDecision {...panelProps(g.view(s, 0), 0)} canUndo onUndo={onUndo} />);
    fireEvent.click(screen.getByTestId('undo'));
    expect(onUndo).toHaveBeenCalled();
  });
});

describe('tile rule texts', () => {
  it('exist for every ivory and purple tile in every language', async () => {
    expect(RULE_TILES.length).toBe(18 + 8);
    for (const lng of LANGUAGES) {
      await i18n.changeLanguage(lng);
      const texts = new Set<string>();
      for (const name of RULE_TILES) {
        const text = tileText(name, i18n.t);
        expect(text, `${lng} ${name}`).not.toMatch(/^(tiles:)?(IV|PU)/);
        expect(tileTitle(name, i18n.t), `${lng} ${name}`).not.toMatch(/title/);
        texts.add(text);
        // Written in this language, not the English fallback.
        if (lng !== 'en') expect(text, `${lng} ${name}`).not.toBe(i18n.getFixedT('en')(`tiles:${name}.text`));
      }
      expect(texts.size, lng).toBe(RULE_TILES.length);
    }
  });
});

describe('player charts and score screen', () => {
  /** A random 3-seat game played to the end. */
  function finishedGame(seed: number): State {
    const rng = createRng(`end:${seed}`);
    const s = g.setup(g.options({}), 3, createRng(seed));
    while (g.toAct(s) !== null) {
      const cs = g.choices(s);
      g.apply(s, cs[rng.int(cs.length)]!);
    }
    return s;
  }

  it('hides other players’ VP and unrevealed blue values during play', () => {
    const s = g.setup(g.options({}), 3, createRng(4));
    render(<RelicRunnersPlayers view={g.view(s, 1)} seat={1} seats={seats} choose={() => {}} busy={false} />);
    expect(within(screen.getByTestId('player-card-0')).getByTestId('vp').textContent).toBe('?');
    expect(within(screen.getByTestId('player-card-1')).getByTestId('vp').textContent).toBe('0');
    expect(screen.getByTestId('player-card-1').textContent).toContain('you');
    expect(screen.getByTestId(`player-card-${g.toAct(s)}`).textContent).toContain('to act');
  });

  it('breaks the final score down per category and marks the winners', () => {
    const s = finishedGame(11);
    const view = g.view(s, 0);
    expect(view.result).not.toBeNull();
    render(<RelicRunnersScore view={view} seat={0} seats={seats} choose={() => {}} busy={false} />);
    const root = screen.getByTestId('score-screen');
    const parts = ['play', 'blue', 'relics', 'ivory', 'total'] as const;
    view.result!.scores.forEach((sc, i) => {
      for (const k of parts) expect(screen.getByTestId(`score-${k}-${i}`).textContent).toBe(String(sc[k]));
      expect(sc.total).toBe(sc.play + sc.blue + sc.relics + sc.ivory);
      expect(screen.getByTestId(`score-row-${i}`).classList.contains('winner')).toBe(view.result!.winners.includes(i));
    });
    expect(root.textContent).not.toMatch(RAW);
  });

  it('explains how a tie on points was broken (RR-END-4)', () => {
    const view = g.view(finishedGame(11), 0);
    const tied = (relics: Record<string, number>[]): RRView => ({
      ...view,
      players: view.players.map((p, i) => ({ ...p, relics: { green: 0, ivory: 0, blue: 0, purple: 0, ...relics[i] } })),
      result: { scores: view.result!.scores.map((s) => ({ ...s, play: 50 - s.blue - s.relics - s.ivory, total: 50 })), winners: [0] },
    });
    expect(tieBreak(tied([{ green: 3 }, { green: 2 }, { blue: 1 }]))).toEqual({ kind: 'relics', total: 50 });
    expect(tieBreak(tied([{ green: 1, blue: 1 }, { green: 2 }, {}]))).toEqual({ kind: 'colours', total: 50 });
    expect(tieBreak(tied([{ green: 1 }, { blue: 1 }, {}]))).toEqual({ kind: 'shared', total: 50 });
    render(<RelicRunnersScore view={tied([{ green: 3 }, { green: 2 }, {}])} seat={1} seats={seats} choose={() => {}} busy={false} />);
    expect(screen.getByTestId('score-screen').textContent).toContain('broken by the number of relics');
  });
});
