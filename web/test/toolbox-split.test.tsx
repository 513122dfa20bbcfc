import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../src/i18n/index.js';
import { relicRunners as g } from '../../src/games/relic-runners/index.js';
import { buildPosition } from '../../src/games/relic-runners/position.js';
import type { RRChoice } from '../../src/games/relic-runners/choice.js';
import { RelicRunnersDecision } from '../src/relic-runners/RelicRunnersDecision.js';
import { RelicRunnersPlayers } from '../src/relic-runners/RelicRunnersPlayers.js';
import type { SeatInfo } from '../src/net/session.js';

afterEach(cleanup);

const seats: SeatInfo[] = [
  { seat: 0, kind: 'human', name: 'Ada', connected: true },
  { seat: 1, kind: 'human', name: 'Bo', connected: true },
];

/**
 * A real 'steps' decision: seat 0 moves along river trail 24 whose token is the last coloured one,
 * so it flips it, all tokens reset, and 2 steps are owed (RR-TOOL-2, RR-TOOL-4). Its table: one
 * toolbox at the bottom, one on Machete 1, one on Compass 3 (the top: it cannot step).
 */
function stepsPosition() {
  const s = buildPosition({
    seats: 2,
    tokens: [24],
    players: [{ at: 'temple-2', bottom: 1, machete: [1, 0, 0], compass: [0, 0, 1], shovel: [0, 0, 0], reserve: 0 }],
  });
  g.apply(s, { t: 'move', trails: [24] });
  return s;
}

const choiceOf = (el: Element): RRChoice => JSON.parse(el.getAttribute('data-choice')!) as RRChoice;

describe('toolbox split (RR-TOOL-2)', () => {
  it('offers exactly the legal steps as table spaces and sends the clicked one', () => {
    const s = stepsPosition();
    const view = g.view(s, 0);
    expect(view.decision).toBe('steps');
    const choose = vi.fn();
    render(<RelicRunnersDecision view={view} seat={0} seats={seats} choose={choose} busy={false} canUndo={false} onUndo={() => {}} />);
    const panel = screen.getByTestId('decision-panel');
    const offered = [...panel.querySelectorAll('[data-choice]')].map(choiceOf);
    // One control per legal step, nothing else.
    expect(offered.map((c) => JSON.stringify(c)).sort()).toEqual(view.choices!.map((c) => JSON.stringify(c)).sort());
    // Compass 3 is the top and the shovel column is empty: no step there except entering it from the bottom.
    expect(within(panel).queryByTestId('step-compass-3')).toBeNull();
    expect(within(panel).queryByTestId('step-shovel-1')).toBeNull();
    expect(within(panel).queryByTestId('step-shovel-2')).toBeNull();
    expect(within(panel).queryByTestId('step-compass-1')).toBeNull();

    fireEvent.click(within(panel).getByTestId('step-compass-0'));
    expect(choose).toHaveBeenLastCalledWith({ t: 'step', col: 'compass', level: 0 });
    fireEvent.click(within(panel).getByTestId('step-machete-1'));
    expect(choose).toHaveBeenLastCalledWith({ t: 'step', col: 'machete', level: 1 });
  });

  it('follows the engine step by step until the steps are spent', () => {
    const s = stepsPosition();
    const choose = vi.fn();
    const props = (v = g.view(s, 0)) => ({ view: v, seat: 0, seats, choose, busy: false, canUndo: false, onUndo: () => {} });
    const { rerender } = render(<RelicRunnersDecision {...props()} />);
    fireEvent.click(screen.getByTestId('step-machete-1'));
    g.apply(s, choose.mock.calls[0]![0] as RRChoice);
    const after = g.view(s, 0);
    expect(after.decision).toBe('steps');
    expect(after.players[0]!.machete).toEqual([0, 1, 0]);
    rerender(<RelicRunnersDecision {...props(after)} />);
    // The toolbox now on Machete 2 can go on to Machete 3; nothing is left on Machete 1.
    expect(screen.queryByTestId('step-machete-1')).toBeNull();
    fireEvent.click(screen.getByTestId('step-machete-2'));
    expect(choose).toHaveBeenLastCalledWith({ t: 'step', col: 'machete', level: 2 });
    g.apply(s, { t: 'step', col: 'machete', level: 2 });
    // Both steps spent: the turn goes on to the next decision, with no step left to offer.
    const done = g.view(s, 0);
    expect(done.decision).not.toBe('steps');
    rerender(<RelicRunnersDecision {...props(done)} />);
    expect(document.querySelector('[data-testid^="step-"]')).toBeNull();
  });

  it('offers nothing while a choice is on its way', () => {
    const s = stepsPosition();
    render(<RelicRunnersDecision view={g.view(s, 0)} seat={0} seats={seats} choose={() => {}} busy canUndo={false} onUndo={() => {}} />);
    for (const b of screen.getByTestId('decision-panel').querySelectorAll('button')) expect(b.disabled).toBe(true);
  });

  it('lets a toolbox be used from the player chart (RR-TOOL-6)', () => {
    const s = buildPosition({
      seats: 2,
      players: [{ at: 'temple-2', bottom: 0, machete: [0, 1, 0], compass: [0, 0, 0], shovel: [1, 0, 0], reserve: 1 }],
    });
    const view = g.view(s, 0);
    const tools = view.choices!.filter((c) => c.t === 'tool');
    expect(tools.length).toBeGreaterThan(0);
    const choose = vi.fn();
    render(<RelicRunnersPlayers view={view} seat={0} seats={seats} choose={choose} busy={false} />);
    const mine = screen.getByTestId('player-card-0');
    const offered = [...mine.querySelectorAll('[data-choice]')].map((e) => e.getAttribute('data-choice')).sort();
    expect(offered).toEqual(tools.map((c) => JSON.stringify(c)).sort());
    fireEvent.click(within(mine).getByTestId('tool-machete-2'));
    expect(choose).toHaveBeenCalledWith({ t: 'tool', col: 'machete', level: 2 });
    // Other players' tables are only to read.
    expect(screen.getByTestId('player-card-1').querySelector('[data-choosable]')).toBeNull();
  });
});
