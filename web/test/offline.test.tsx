import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import i18n from '../src/i18n/index.js';
import { LocalGame } from '../src/offline/LocalGame.js';
import { createRng } from '../../src/core/rng.js';
import { replay } from '../../src/core/match.js';
import { relicRunners, type RRView, type State } from '../../src/games/relic-runners/index.js';
import { NEW_LOCAL_GAME_KEY, type LocalConfig } from '../src/offline/config.js';
import { LocalEngine, Refused } from '../src/offline/local-engine.js';
import { LocalHost, type FromWorker, type ToWorker } from '../src/offline/local-host.js';
import { CorruptRecord, readSavedGame, SAVED_GAME_KEY, type LocalRecord } from '../src/offline/local-record.js';
import { LocalSession } from '../src/offline/local-session.js';
import { listSaves, readSave, saveKey } from '../src/offline/saves.js';
import { fakePort } from './fake-port.js';

// Whole games are played here, on a machine shared with other test runs.
vi.setConfig({ testTimeout: 30000 });

const CONFIG: LocalConfig = {
  seats: [
    { kind: 'human', name: 'Ada' },
    { kind: 'bot', bot: 'greedy' },
    { kind: 'bot', bot: 'random' },
  ],
  options: { layout: 'standard', openScores: false },
  seed: 'offline-test-1',
};

/** Plays the person's turns with random legal choices and lets the bots play theirs, to the end. */
function playOut(e: LocalEngine, seed: string): void {
  const rng = createRng(seed);
  for (let guard = 0; !e.over; guard++) {
    if (guard > 5000) throw new Error('the game did not end');
    if (e.botToAct()) e.playBot();
    else {
      const cs = e.snapshot().view.choices!;
      e.choose(cs[rng.int(cs.length)]!);
    }
  }
}

/** Plays until the person owes a decision. */
function botsUntilHuman(e: LocalEngine): void {
  while (!e.over && e.botToAct()) e.playBot();
}

describe('local engine', () => {
  it('plays a whole seeded game, person and two bots, and its record replays to the same final state', () => {
    const e = LocalEngine.start(CONFIG);
    playOut(e, 'human-rng');
    const rec = JSON.parse(JSON.stringify(e.record)) as LocalRecord;
    expect(e.snapshot().status).toBe('finished');
    expect(e.snapshot().view.result).not.toBeNull();
    expect(rec.choices.length).toBe(e.moveCount);
    expect(e.snapshot().log.length).toBe(e.moveCount);
    const m = replay<State>(relicRunners, rec);
    expect(relicRunners.hash(m.state)).toBe(e.hash());
    expect(LocalEngine.load(rec).hash()).toBe(e.hash());
    // Bots draw from seeded RNGs: the same person's choices give the same game.
    const again = LocalEngine.start(CONFIG);
    playOut(again, 'human-rng');
    expect(again.hash()).toBe(e.hash());
  });

  it('shows the acting person (hot-seat) or else the first person, never the true state of others', () => {
    const e = LocalEngine.start({ ...CONFIG, seats: [{ kind: 'bot', bot: 'random' }, { kind: 'human' }, { kind: 'human' }] });
    expect(e.toAct()).toBe(0);
    expect(e.snapshot().seat).toBe(1);
    expect(e.snapshot().view.choices).toBeNull();
    botsUntilHuman(e);
    const s = e.snapshot();
    expect(s.seat).toBe(e.toAct());
    expect((s.view as RRView).viewer).toBe(s.seat);
    expect(s.view.choices!.length).toBeGreaterThan(0);
  });

  it('refuses a choice while a bot owes the decision, and an illegal one, changing nothing', () => {
    const e = LocalEngine.start({ ...CONFIG, seats: [{ kind: 'bot', bot: 'random' }, { kind: 'human' }] });
    const h = e.hash();
    expect(() => e.choose({ t: 'pass' })).toThrow(Refused);
    botsUntilHuman(e);
    const h2 = e.hash();
    expect(() => e.choose({ t: 'nonsense' })).toThrow(Refused);
    expect(e.hash()).toBe(h2);
    expect(h).not.toBe(h2);
  });

  it('undo: own choices of this turn only, before anything is revealed; replaying without the last choice', () => {
    // Find a person's non-revealing choice that leaves the same person to act in the same turn.
    for (let n = 1; n < 40; n++) {
      const e = LocalEngine.start({ ...CONFIG, seed: `undo-${n}` });
      const rng = createRng(`undo-${n}`);
      for (let step = 0; step < 200 && !e.over; step++) {
        botsUntilHuman(e);
        if (e.over) break;
        const seat = e.toAct()!;
        const before = e.hash();
        const moves = e.moveCount;
        const cs = e.snapshot().view.choices!;
        const entry = e.choose(cs[rng.int(cs.length)]!);
        const reveals = entry.events.some((ev) => ev.reveals === true);
        const snap = e.snapshot();
        if (e.toAct() === seat && !reveals && snap.canUndo) {
          e.undo();
          expect(e.hash()).toBe(before);
          expect(e.moveCount).toBe(moves);
          expect(e.record.choices.length).toBe(moves);
          return;
        }
        if (reveals && e.toAct() === seat) {
          expect(snap.canUndo).toBe(false);
          expect(() => e.undo()).toThrow(Refused);
        }
        if (e.toAct() !== seat || e.botToAct()) {
          expect(e.canUndo(seat)).toBe(false);
        }
      }
    }
    throw new Error('no undoable choice found');
  });

  it('cannot undo a bot move or at the start', () => {
    const e = LocalEngine.start({ ...CONFIG, seats: [{ kind: 'bot', bot: 'random' }, { kind: 'human' }] });
    expect(e.snapshot().canUndo).toBe(false);
    expect(() => e.undo()).toThrow(Refused);
    e.playBot();
    if (e.toAct() === 1) {
      expect(e.snapshot().canUndo).toBe(false);
      expect(() => e.undo()).toThrow(Refused);
    }
  });

  it('rejects a corrupt record with a clear reason', () => {
    const good = LocalEngine.start(CONFIG);
    botsUntilHuman(good);
    good.choose(good.snapshot().view.choices![0]!);
    const rec = good.record;
    expect(() => LocalEngine.load({ ...rec, choices: [...rec.choices, { t: 'teleport', to: 'nowhere' }] })).toThrow(
      /choice #\d+ of the saved game is not legal/,
    );
    expect(() => LocalEngine.load({ ...rec, choices: [{ t: 'bogus' }, ...rec.choices] })).toThrow(CorruptRecord);
    expect(() => LocalEngine.load({ ...rec, players: [{ kind: 'bot', bot: 'nobody' }, ...rec.players.slice(1)] })).toThrow(
      /cannot be set up/,
    );
    expect(() => LocalEngine.load({ ...rec, seats: 9 })).toThrow(CorruptRecord);
    expect(() => LocalEngine.load('garbage')).toThrow(/not a JSON object/);
    expect(() => LocalEngine.load({ ...rec, format: 'x' })).toThrow(CorruptRecord);
  });
});

class MemoryStorage {
  data = new Map<string, string>();
  setItem(k: string, v: string) {
    this.data.set(k, v);
  }
  getItem(k: string) {
    return this.data.get(k) ?? null;
  }
}

const until = async (cond: () => boolean, ms = 5000) => {
  const t0 = Date.now();
  while (!cond()) {
    if (Date.now() - t0 > ms) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 1));
  }
};

describe('local session over the worker protocol', () => {
  beforeEach(() => localStorage.clear());

  it('saves the record after every change and reopens the game from it', async () => {
    const storage = new MemoryStorage();
    const s = await LocalSession.open({ config: CONFIG }, { port: fakePort(), storage, botDelayMs: 0 });
    const snaps: number[] = [];
    s.subscribe((x) => snaps.push(x.moves));
    await until(() => s.snapshot !== null && s.snapshot.view.toAct === s.snapshot.seat && s.snapshot.view.choices !== null);
    const snap = s.snapshot!;
    await s.choose(snap.view.choices![0]!);
    // The game is saved in a slot of its own (saves.ts).
    const saved = readSave(s.slot, storage);
    expect(saved.kind).toBe('ok');
    if (saved.kind !== 'ok') return;
    expect(saved.record.choices.length).toBe(s.snapshot!.moves);
    await expect(s.choose({ t: 'nonsense' })).rejects.toThrow();
    s.close();

    const again = await LocalSession.open({ record: saved.record }, { port: fakePort(), storage: new MemoryStorage(), botDelayMs: 0 });
    expect(again.snapshot!.moves).toBeGreaterThanOrEqual(saved.record.choices.length);
    again.close();
  });

  it('a corrupt record is refused with its reason and nothing is saved or changed', async () => {
    const storage = new MemoryStorage();
    storage.setItem(SAVED_GAME_KEY, '{"format":"expedition-match"');
    expect(readSavedGame(storage)).toEqual({ kind: 'corrupt', reason: 'the saved game is not valid JSON' });
    const before = storage.getItem(SAVED_GAME_KEY);
    const port = fakePort();
    const bad = { ...LocalEngine.start(CONFIG).record, choices: [{ t: 'bogus' }] };
    await expect(LocalSession.open({ record: bad }, { port, storage, botDelayMs: 0 })).rejects.toThrow(
      /choice #0 of the saved game is not legal/,
    );
    expect(port.terminated).toBe(true);
    expect(storage.getItem(SAVED_GAME_KEY)).toBe(before);
  });
});

/** Stands in for the module worker in jsdom: the same host, in this thread, bots without pause. */
class FakeWorker {
  onmessage: ((e: { data: FromWorker }) => void) | null = null;
  onerror: ((e: unknown) => void) | null = null;
  private readonly host = new LocalHost((m) => {
    const copy = structuredClone(m);
    queueMicrotask(() => this.onmessage?.({ data: copy }));
  });
  postMessage(m: ToWorker) {
    const copy = structuredClone(m) as ToWorker & { botDelayMs?: number };
    if (copy.type === 'start' || copy.type === 'load') copy.botDelayMs = 0;
    queueMicrotask(() => this.host.handle(copy));
  }
  terminate() {
    this.host.stop();
  }
}

describe('the /local page', () => {
  beforeAll(async () => {
    await i18n.changeLanguage('en');
  });
  beforeEach(() => {
    localStorage.clear();
    vi.stubGlobal('Worker', FakeWorker);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('starts the game the lobby asked for, forgets the request and saves the game', async () => {
    localStorage.setItem(NEW_LOCAL_GAME_KEY, JSON.stringify(CONFIG));
    render(<LocalGame />);
    await waitFor(() => expect(screen.getByTestId('game-screen')).toBeTruthy(), { timeout: 10000 });
    expect(localStorage.getItem(NEW_LOCAL_GAME_KEY)).toBeNull();
    expect(listSaves().map((x) => x.kind)).toEqual(['ok']);
    expect(screen.getByTestId('local-new-game').getAttribute('href')).toBe('/');
    expect(screen.queryByTestId('local-replay')).toBeNull();
  });

  it('without a request or a saved game, points back to the lobby', () => {
    render(<LocalGame />);
    expect(screen.getByTestId('local-none')).toBeTruthy();
  });

  it('resumes a finished saved game and offers its replay', async () => {
    const e = LocalEngine.start(CONFIG);
    playOut(e, 'resume');
    localStorage.setItem(SAVED_GAME_KEY, JSON.stringify(e.record));
    render(<LocalGame />);
    // The single save of earlier versions has moved into a slot of its own, whose replay is offered.
    await waitFor(() => expect(screen.getByTestId('local-replay').getAttribute('href')).toMatch(/^\/replay\/local\/[0-9a-f]{12}$/), {
      timeout: 10000,
    });
    expect(localStorage.getItem(SAVED_GAME_KEY)).toBeNull();
  });

  it('a finished game offers to play again: the same settings in a new slot, everyone one seat further on', async () => {
    const e = LocalEngine.start(CONFIG);
    playOut(e, 'again');
    localStorage.setItem(SAVED_GAME_KEY, JSON.stringify(e.record));
    render(<LocalGame />);
    await waitFor(() => expect(screen.getByTestId('local-play-again')).toBeTruthy(), { timeout: 10000 });
    const [old] = listSaves();
    fireEvent.click(screen.getByTestId('local-play-again'));
    await waitFor(() => expect(listSaves()).toHaveLength(2), { timeout: 10000 });
    const fresh = listSaves().find((x) => x.slot !== old!.slot)!;
    const saved = readSave(fresh.slot);
    if (saved.kind !== 'ok') throw new Error(`the new game is not saved: ${saved.kind}`);
    expect(saved.record.players).toEqual([CONFIG.seats[2], CONFIG.seats[0], CONFIG.seats[1]]);
    expect(saved.record.options).toEqual(e.record.options);
    expect(saved.record.game).toBe(e.record.game);
    expect(saved.record.seed).not.toBe(CONFIG.seed);
    expect(saved.record.choices.length).toBeLessThan(e.record.choices.length);
    expect(localStorage.getItem(NEW_LOCAL_GAME_KEY)).toBeNull();
  });

  it('a save that does not replay: a clear message, nothing changed until the person discards it', async () => {
    const bad = JSON.stringify({ ...LocalEngine.start(CONFIG).record, choices: [{ t: 'bogus' }] });
    localStorage.setItem(SAVED_GAME_KEY, bad);
    render(<LocalGame />);
    await waitFor(
      () => expect(screen.getByTestId('local-corrupt').textContent).toMatch(/cannot be read.*choice #0 of the saved game is not legal/s),
      { timeout: 10000 },
    );
    const [only] = listSaves();
    expect(localStorage.getItem(saveKey(only!.slot))).toBe(bad);
    fireEvent.click(screen.getByTestId('discard-saved'));
    await waitFor(() => expect(screen.getByTestId('local-none')).toBeTruthy(), { timeout: 10000 });
    expect(listSaves()).toEqual([]);
  });

  it('a save that is not even JSON is reported the same way', () => {
    localStorage.setItem(SAVED_GAME_KEY, '{oops');
    render(<LocalGame />);
    expect(screen.getByTestId('local-corrupt').textContent).toMatch(/not valid JSON/);
  });
});
