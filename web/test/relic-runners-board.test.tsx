import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render } from '@testing-library/react';
import '../src/i18n/index.js';
import { relicRunners as g, type RRView, type State } from '../../src/games/relic-runners/index.js';
import { buildPosition } from '../../src/games/relic-runners/position.js';
import { createRng } from '../../src/core/rng.js';
import { RelicRunnersBoard } from '../src/relic-runners/RelicRunnersBoard.js';
import {
  choicesBySite,
  choicesByTrail,
  explorersBySite,
  moveDestination,
  offsetPolyline,
  polylineMiddle,
  routeSites,
  trailOwners,
} from '../src/relic-runners/board/choices.js';
import { SITES, TRAILS, explorerSpot } from '../src/relic-runners/board/geometry.js';
import type { SeatInfo } from '../src/net/session.js';

afterEach(cleanup);

const SEATS: SeatInfo[] = [0, 1, 2, 3].map((seat) => ({ seat, name: `P${seat}`, kind: 'human' }) as SeatInfo);
const noop = () => {};

/** A seeded random game played `steps` choices far (4 seats): a real mid-game state. */
function played(seed: number, steps: number): State {
  const rng = createRng(`board-view:${seed}`);
  const s = g.setup(g.options({}), 4, createRng(seed));
  for (let i = 0; i < steps && g.toAct(s) !== null; i++) {
    const cs = g.choices(s);
    g.apply(s, cs[rng.int(cs.length)]!);
  }
  return s;
}

describe('board logic', () => {
  it('move: a route walks its trails from the start; the destination is its last site', () => {
    // Trails 4 (camp–ruin-1) then 13 (ruin-1–temple-3), walked from the camp.
    expect(routeSites('camp', [4, 13])).toEqual(['camp', 'ruin-1', 'temple-3']);
    expect(moveDestination('camp', [4, 13])).toBe('temple-3');
    // The same trail read from its other end.
    expect(routeSites('temple-3', [13, 4])).toEqual(['temple-3', 'ruin-1', 'camp']);
    expect(() => routeSites('camp', [13])).toThrow();
  });

  it('move: choices are grouped by destination, shortest route first; teleport joins its site; other choices are left out', () => {
    const by = choicesBySite(
      [
        { t: 'move', trails: [4, 40, 38] },
        { t: 'move', trails: [4, 13] },
        { t: 'move', trails: [4] },
        { t: 'teleport', to: 'temple-3' },
        { t: 'tool', col: 'machete', level: 1 },
        { t: 'end' },
      ],
      'camp',
    );
    expect([...by.keys()].sort()).toEqual(['ruin-1', 'temple-3']);
    expect(by.get('temple-3')).toEqual([
      { t: 'teleport', to: 'temple-3' },
      { t: 'move', trails: [4, 13] },
      { t: 'move', trails: [4, 40, 38] },
    ]);
    expect(by.get('ruin-1')).toEqual([{ t: 'move', trails: [4] }]);
  });

  it('place: trail choices are grouped by trail (place with and without ivory share one trail)', () => {
    const by = choicesByTrail([{ t: 'place', trail: 7 }, { t: 'place', trail: 7, ivory: 4 }, { t: 'place', trail: 8 }, { t: 'pass' }]);
    expect(by.get(7)).toHaveLength(2);
    expect(by.get(8)).toEqual([{ t: 'place', trail: 8 }]);
    expect(by.size).toBe(2);
  });

  it('pathways and explorers are gathered per trail and per site', () => {
    const players = [
      { seat: 0, at: 'camp', pathways: [1, 2] },
      { seat: 1, at: 'camp', pathways: [2] },
      { seat: 2, at: 'ruin-3', pathways: [] },
    ];
    expect(trailOwners(players)).toEqual(
      new Map([
        [1, [0]],
        [2, [0, 1]],
      ]),
    );
    expect(explorersBySite(players)).toEqual(
      new Map([
        ['camp', [0, 1]],
        ['ruin-3', [2]],
      ]),
    );
  });

  it('geometry: parallel routes stay apart, explorers on one site never overlap, the middle of a route lies on it', () => {
    const pts = [
      { x: 0, y: 0 },
      { x: 100, y: 0 },
      { x: 100, y: 100 },
    ];
    const off = offsetPolyline(pts, 10);
    expect(off[0]).toEqual({ x: 0, y: 10 });
    expect(off[2]!.x).toBeCloseTo(90);
    expect(polylineMiddle(pts)).toEqual({ x: 100, y: 0 });
    const spots = [0, 1, 2, 3, 4].map((i) => explorerSpot({ x: 500, y: 500 }, i, 5));
    for (let i = 0; i < spots.length; i++)
      for (let j = i + 1; j < spots.length; j++)
        expect(Math.hypot(spots[i]!.x - spots[j]!.x, spots[i]!.y - spots[j]!.y)).toBeGreaterThan(30);
    expect(SITES).toHaveLength(21);
    expect(TRAILS.filter((t) => t.river)).toHaveLength(10);
  });
});

describe('board drawing', () => {
  it('spectator view draws every explorer and every pathway, several explorers on one site apart', () => {
    const s = played(3, 160);
    const view = g.view(s, null);
    const { container } = render(<RelicRunnersBoard view={view} seat={null} seats={SEATS} choose={noop} busy={false} />);
    for (const p of view.players) {
      const el = container.querySelector(`[data-testid="explorer-${p.seat}"]`)!;
      expect(el.getAttribute('data-at')).toBe(p.at);
      for (const t of p.pathways) expect(container.querySelector(`[data-testid="pathway-${t}-${p.seat}"]`)).not.toBeNull();
    }
    expect(container.querySelectorAll('[data-testid^="pathway-"]')).toHaveLength(view.players.reduce((a, p) => a + p.pathways.length, 0));
    expect(container.querySelectorAll('[data-choosable]')).toHaveLength(0);

    // At the start everyone is in base camp: all four pawns are drawn at different spots.
    const start = g.view(g.setup(g.options({}), 4, createRng(1)), null);
    cleanup();
    const r = render(<RelicRunnersBoard view={start} seat={null} seats={SEATS} choose={noop} busy={false} />);
    const spots = [0, 1, 2, 3].map((seat) => r.container.querySelector(`[data-testid="explorer-${seat}"]`)!.getAttribute('transform'));
    expect(new Set(spots).size).toBe(4);
  });

  it('sites show temple colours, stack heights, the purple top tile, shrines with or without relic, and token sides', () => {
    const s = buildPosition({
      seats: 2,
      temples: { 'temple-1': 'purple', 'temple-2': 'blue', 'temple-3': 'ivory' },
      stacks: { 'temple-1': ['PU-2', 'PU-6'], 'ruin-2': 0, 'ruin-3': 0 },
      relics: ['ruin-2'],
      tokens: [7, 11],
      players: [
        { at: 'ruin-1', pathways: [4, 13] },
        { at: 'ruin-1', pathways: [4] },
      ],
    });
    const view: RRView = g.view(s, 0);
    const { container } = render(<RelicRunnersBoard view={view} seat={null} seats={SEATS} choose={noop} busy={false} />);
    // The top tile shows what it does (icon and name), its code stays in data.
    const top = container.querySelector('[data-testid="top-temple-1"]')!;
    expect(top.getAttribute('data-top-tile')).toBe('PU-6');
    expect(top.textContent).toContain('Relocate');
    expect(container.querySelector('[data-site="temple-1"] .rr-height')!.textContent).toBe('2');
    expect(container.querySelector('[data-testid="shrine-ruin-2"]')!.getAttribute('data-relic')).toBe('green');
    expect(container.querySelector('[data-testid="shrine-ruin-3"]')!.getAttribute('data-relic')).toBe('none');
    expect(container.querySelector('[data-testid="token-7"]')!.getAttribute('data-side')).toBe('coloured');
    expect(container.querySelector('[data-testid="token-13"]')!.getAttribute('data-side')).toBe('plain');
    // Trail 4 carries two pathways, both drawn.
    expect(container.querySelector('[data-testid="pathway-4-0"]')).not.toBeNull();
    expect(container.querySelector('[data-testid="pathway-4-1"]')).not.toBeNull();
    expect(container.querySelector('[data-site="temple-2"] title')!.textContent).toMatch(/Blue temple 2/);
  });

  // Speed is measured in the browser by `npm run bench:web`; here: memoized layers must not go stale.
  it('follows a game state after state: explorers, pathways and heights always match the view', () => {
    const rng = createRng('follow');
    const s = g.setup(g.options({}), 4, createRng(11));
    const r = render(<RelicRunnersBoard view={g.view(s, 0)} seat={0} seats={SEATS} choose={noop} busy={false} />);
    for (let i = 0; i < 40 && g.toAct(s) !== null; i++) {
      const cs = g.choices(s);
      g.apply(s, cs[rng.int(cs.length)]!);
      const v = g.view(s, g.toAct(s) ?? 0);
      act(() => r.rerender(<RelicRunnersBoard view={v} seat={v.toAct} seats={SEATS} choose={noop} busy={false} />));
      for (const p of v.players) {
        expect(r.container.querySelector(`[data-testid="explorer-${p.seat}"]`)!.getAttribute('data-at'), `step ${i}`).toBe(p.at);
      }
      expect(r.container.querySelectorAll('[data-testid^="pathway-"]'), `step ${i}`).toHaveLength(
        v.players.reduce((a, p) => a + p.pathways.length, 0),
      );
      for (const site of v.sites) {
        const h = r.container.querySelector(`[data-site="${site.id}"] .rr-height`);
        if (h && site.kind !== 'camp') expect(h.textContent, `step ${i} ${site.id}`).toBe(String(site.height));
      }
    }
  }, 30_000);
});

describe('exploring on the board', () => {
  it("RR-EXPL-1 the explorer's own location offers the exploration: a click or Enter on it explores, as the panel's button does", () => {
    const rng = createRng('board-explore');
    const s = g.setup(g.options({}), 2, createRng(7));
    while (!(g.choices(s) as { t: string }[]).some((c) => c.t === 'explore')) {
      expect(g.toAct(s), 'the game ended before an exploration was offered').not.toBeNull();
      const cs = g.choices(s);
      g.apply(s, cs[rng.int(cs.length)]!);
    }
    const seat = g.toAct(s)!;
    const view = g.view(s, seat);
    const at = view.players[seat]!.at;
    const chosen: unknown[] = [];
    const { container } = render(
      <RelicRunnersBoard view={view} seat={seat} seats={SEATS.slice(0, 2)} choose={(c) => chosen.push(c)} busy={false} />,
    );
    const target = container.querySelector<SVGGElement>(`[data-testid="explore-${at}"]`);
    expect(target, `a target at ${at}`).not.toBeNull();
    expect(target!.getAttribute('role')).toBe('button');
    expect(target!.getAttribute('tabindex')).toBe('0');
    expect(target!.getAttribute('aria-label')).toMatch(/Explore here/);
    fireEvent.click(target!);
    fireEvent.keyDown(target!, { key: 'Enter' });
    expect(chosen).toEqual([{ t: 'explore' }, { t: 'explore' }]);
  });
});
