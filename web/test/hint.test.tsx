import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import i18n from '../src/i18n/index.js';
import { ChoiceButton } from '../src/game/decision.js';
import { GameScreen } from '../src/game/GameScreen.js';
import { HintContext, HintReason, hintAllowed } from '../src/game/hint.js';
import type { Snapshot } from '../src/net/session.js';
import type { LocalConfig } from '../src/offline/config.js';
import { LocalEngine, Refused } from '../src/offline/local-engine.js';
import { LocalSession } from '../src/offline/local-session.js';
import { Chooser } from '../src/relic-runners/board/Chooser.js';
import { Target } from '../src/relic-runners/board/Target.js';
import { QTarget } from '../src/quetzal/pieces.js';
import { ServerSession } from '../src/net/server-session.js';
import { relicRunners as rr } from '../../src/games/relic-runners/index.js';
import { buildPosition } from '../../src/games/relic-runners/position.js';
import type { SeatInfo } from '../src/net/session.js';
import { RelicRunnersDecision } from '../src/relic-runners/RelicRunnersDecision.js';
import { preloadClients } from '../src/registry.js';
import { fakePort } from './fake-port.js';
import { FakeSocket } from './fake-socket.js';

vi.setConfig({ testTimeout: 30000 });

afterEach(async () => {
  cleanup();
  await act(() => i18n.changeLanguage('en'));
});

const MOVE = { t: 'move', trails: [3] } as const;
const twoPeople: SeatInfo[] = [
  { seat: 0, kind: 'human', name: 'Ada', connected: true },
  { seat: 1, kind: 'human', name: 'Bo', connected: true },
];
const OTHER = { t: 'move', trails: [4] } as const;
const hinting = (json: string | null) =>
  function Wrap({ children }: { children: React.ReactNode }) {
    return <HintContext.Provider value={json}>{children}</HintContext.Provider>;
  };

describe('choices carry the hint mark', () => {
  it('a choice button: data-hinted and a "hint" badge on the hinted one only', () => {
    render(
      <>
        <ChoiceButton choice={MOVE} choose={() => {}} busy={false} label="A" testId="a" />
        <ChoiceButton choice={OTHER} choose={() => {}} busy={false} label="B" testId="b" />
      </>,
      { wrapper: hinting(JSON.stringify(MOVE)) },
    );
    expect(screen.getByTestId('a').hasAttribute('data-hinted')).toBe(true);
    expect(screen.getByTestId('a').textContent).toContain('hint');
    expect(screen.getByTestId('b').hasAttribute('data-hinted')).toBe(false);
    expect(screen.getAllByTestId('hint-badge')).toHaveLength(1);
  });

  it('no mark without a hint', () => {
    render(<ChoiceButton choice={MOVE} choose={() => {}} busy={false} label="A" testId="a" />, { wrapper: hinting(null) });
    expect(screen.getByTestId('a').hasAttribute('data-hinted')).toBe(false);
    expect(screen.queryByTestId('hint-badge')).toBeNull();
  });

  it('a board target that leads to several choices is marked when one of them is the hint, and says so to a screen reader', () => {
    render(
      <svg>
        <Target label="Temple 1" offers={[OTHER, MOVE]} testId="site" onActivate={() => {}}>
          <circle r="5" />
        </Target>
        <Target label="Ruin 2" choice={OTHER} testId="other" onActivate={() => {}}>
          <circle r="5" />
        </Target>
      </svg>,
      { wrapper: hinting(JSON.stringify(MOVE)) },
    );
    const site = screen.getByTestId('site');
    expect(site.hasAttribute('data-hinted')).toBe(true);
    expect(site.getAttribute('aria-label')).toBe('Temple 1, suggested');
    expect(screen.getByTestId('other').hasAttribute('data-hinted')).toBe(false);
    expect(screen.getByTestId('other').getAttribute('aria-label')).toBe('Ruin 2');
  });

  it('a Quetzal place or card on the board too', () => {
    const done = { t: 'done' } as const;
    render(
      <svg>
        <QTarget label="Quarry" offers={[done]} testId="q" onActivate={() => {}}>
          <rect />
        </QTarget>
      </svg>,
      { wrapper: hinting(JSON.stringify(done)) },
    );
    expect(screen.getByTestId('q').hasAttribute('data-hinted')).toBe(true);
    expect(screen.getByTestId('q').getAttribute('aria-label')).toBe('Quarry, suggested');
  });

  it("a route list's entry is marked", () => {
    render(
      <Chooser
        at="top"
        title="Routes"
        options={[
          { choice: OTHER, label: 'one' },
          { choice: MOVE, label: 'two' },
        ]}
        choose={() => {}}
        cancel={() => {}}
      />,
      { wrapper: hinting(JSON.stringify(MOVE)) },
    );
    expect(screen.getByTestId('option-0').hasAttribute('data-hinted')).toBe(false);
    expect(screen.getByTestId('option-1').hasAttribute('data-hinted')).toBe(true);
  });
});

describe('progression-table spaces', () => {
  it('the step the hint names is marked in the table of the steps decision', () => {
    // Seat 0 flips the last coloured river token on trail 24: 2 toolbox steps are owed (RR-TOOL-2).
    const s = buildPosition({
      seats: 2,
      tokens: [24],
      players: [{ at: 'temple-2', bottom: 1, machete: [1, 0, 0], compass: [0, 0, 1], shovel: [0, 0, 0], reserve: 0 }],
    });
    rr.apply(s, { t: 'move', trails: [24] });
    const view = rr.view(s, 0);
    const step = { t: 'step', col: 'compass', level: 0 } as const;
    expect(view.choices).toContainEqual(step);
    render(
      <RelicRunnersDecision view={view} seat={0} seats={twoPeople} choose={() => {}} busy={false} canUndo={false} onUndo={() => {}} />,
      {
        wrapper: hinting(JSON.stringify(step)),
      },
    );
    const marked = document.querySelectorAll('[data-hinted]');
    expect(marked).toHaveLength(1);
    expect(marked[0]!.getAttribute('data-testid')).toBe('step-compass-0');
    expect(marked[0]!.getAttribute('aria-label')).toMatch(/, suggested$/);
    expect(marked[0]!.querySelector('[data-testid="hint-badge"]')).not.toBeNull();
  });
});

describe('the reason', () => {
  const hint = { move: 7, choice: MOVE, reason: { term: 'relics', gain: 3.21 } };
  it('one sentence with the term translated, in every language', async () => {
    const { rerender } = render(<HintReason game="relic-runners" hint={hint} />);
    expect(screen.getByTestId('hint-reason').textContent).toBe('Suggested: it gains the most in relics (+3.2)');
    await act(() => i18n.changeLanguage('de'));
    rerender(<HintReason game="relic-runners" hint={hint} />);
    expect(screen.getByTestId('hint-reason').textContent).toBe('Vorschlag – größter Gewinn: Relikte (+3,2)');
    await act(() => i18n.changeLanguage('fr'));
    rerender(<HintReason game="quetzal" hint={{ ...hint, reason: { term: 'blackMarket', gain: 2 } }} />);
    expect(screen.getByTestId('hint-reason').textContent).toContain('marché noir');
    await act(() => i18n.changeLanguage('pl'));
    rerender(<HintReason game="relic-runners" hint={{ ...hint, reason: { term: 'turn', gain: -0.5 } }} />);
    expect(screen.getByTestId('hint-reason').textContent).toBe('Sugestia – najmniejsza strata: bieżąca tura (-0,5)');
  });

  it('a gain that rounds to nothing is not given as a loss of 0.0', async () => {
    await act(() => i18n.changeLanguage('en'));
    for (const gain of [0, -0.01, 0.04]) {
      const { unmount } = render(<HintReason game="relic-runners" hint={{ ...hint, reason: { term: 'relics', gain } }} />);
      const text = screen.getByTestId('hint-reason').textContent ?? '';
      expect(text).not.toMatch(/0\.0|loses the least/);
      expect(text).toBe('Suggested: no move gains anything by the end of this turn; this is the bot’s choice');
      unmount();
    }
  });
});

const SOLO: LocalConfig = {
  seats: [
    { kind: 'human', name: 'Ada' },
    { kind: 'bot', bot: 'greedy' },
  ],
  options: { layout: 'standard', openScores: false },
  seed: 'hint-solo',
};
const HOT_SEAT: LocalConfig = {
  ...SOLO,
  seats: [
    { kind: 'human', name: 'Ada' },
    { kind: 'human', name: 'Bo' },
  ],
};

describe('who may ask', () => {
  const snapOf = (e: LocalEngine): Snapshot => e.snapshot();
  it('a person against bots on its own decision; not in a hot-seat game of people, not while a bot decides', () => {
    const solo = LocalEngine.start(SOLO);
    expect(solo.toAct()).toBe(0);
    expect(hintAllowed(snapOf(solo))).toBe(true);
    const h = solo.hint();
    expect(h.move).toBe(0);
    expect(solo.snapshot().view.choices!.map((c) => JSON.stringify(c))).toContain(JSON.stringify(h.choice));
    // Asked again: the same answer (seeded by the game and the move), and nothing played.
    expect(solo.hint()).toEqual(h);
    expect(solo.moveCount).toBe(0);
    solo.choose(h.choice);
    if (solo.botToAct()) {
      expect(hintAllowed({ ...snapOf(solo), seat: 0 })).toBe(false);
      expect(() => solo.hint()).toThrow(Refused);
    }

    const hot = LocalEngine.start(HOT_SEAT);
    expect(hintAllowed(snapOf(hot))).toBe(false);
    expect(() => hot.hint()).toThrow(/every other seat is a bot; seat 1 is a person/);
    expect(hintAllowed({ ...snapOf(solo), seat: null })).toBe(false);
  });

  it("not against a person's seat that was handed to a bot (a server game's seat, shown with its bot)", () => {
    const hot = LocalEngine.start(HOT_SEAT).snapshot();
    const handed = { ...hot, seats: hot.seats.map((s) => (s.seat === 1 ? { ...s, bot: 'greedy', connected: true } : s)) };
    expect(hintAllowed(handed)).toBe(false);
  });
});

describe('the Hint button, offline', () => {
  // As the game's page does before it shows a table (App.tsx).
  beforeAll(() => preloadClients());

  it('marks one of the offered choices and says why; the next state takes it away', async () => {
    const session = await LocalSession.open({ config: SOLO }, { port: fakePort(), storage: { setItem: () => {} }, botDelayMs: 0 });
    try {
      render(<GameScreen session={session} />);
      const button = await screen.findByTestId('hint-button');
      fireEvent.click(button);
      const reason = await screen.findByTestId('hint-reason');
      expect(reason.textContent).toMatch(/^Suggested: (it gains the most in |it loses the least, in |no move gains anything)/);
      const marked = document.querySelectorAll('[data-hinted]');
      expect(marked.length).toBeGreaterThan(0);
      const offered = new Set(session.snapshot!.view.choices!.map((c) => JSON.stringify(c)));
      const hinted = [...marked].map((m) => m.getAttribute('data-choice')).filter((c): c is string => c !== null);
      for (const c of hinted) expect(offered.has(c)).toBe(true);
      // Played: the hint is gone with the state it was for.
      await act(() => session.choose(session.snapshot!.view.choices![0]!));
      await waitFor(() => expect(screen.queryByTestId('hint-reason')).toBeNull());
      expect(document.querySelectorAll('[data-hinted]')).toHaveLength(0);
    } finally {
      session.close();
    }
  });
});

describe('the server session asks the server', () => {
  it('sends {type:"hint"} with an id; the hint reply resolves it, an error rejects it', async () => {
    FakeSocket.all = [];
    const s = new ServerSession('g1', 'tok-0123456789abcdef', { url: 'ws://x/ws', WebSocket: FakeSocket as unknown as typeof WebSocket });
    const ws = FakeSocket.all[0]!;
    ws.open();
    ws.receive({
      type: 'welcome',
      game: 'g1',
      seat: 0,
      moves: 4,
      at: 1,
      status: 'active',
      toAct: 0,
      seq: 1,
      events: [],
      canUndo: false,
      clocks: null,
      seats: [],
      awayAfterMs: 1000,
      view: { choices: [MOVE] },
      logFrom: 0,
      log: [],
    });
    const asked = s.hint();
    const sent = ws.sent.at(-1)!;
    expect(sent.type).toBe('hint');
    expect(Object.keys(sent).sort()).toEqual(['id', 'type']);
    ws.receive({ type: 'hint', id: sent.id, move: 4, choice: MOVE, reason: { term: 'relics', gain: 2.5 } });
    await expect(asked).resolves.toEqual({ move: 4, choice: MOVE, reason: { term: 'relics', gain: 2.5 } });

    const refused = s.hint();
    ws.receive({ type: 'error', id: ws.sent.at(-1)!.id, code: 'no_hint', message: 'hints are only given when every other seat is a bot' });
    await expect(refused).rejects.toThrow(/every other seat is a bot/);
    s.close();
  });
});
