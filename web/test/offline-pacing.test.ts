import { afterEach, describe, expect, it, vi } from 'vitest';
import { TURN_CHANGE_EXTRA } from '../../src/bots/pacing.js';
import { BOT_DELAY_MS, LocalHost, type FromWorker } from '../src/offline/local-host.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('offline bots are paced like the server’s', () => {
  it('a pause before each bot decision, longer when the turn has just passed to the bot; the default is a followable one', () => {
    expect(BOT_DELAY_MS).toBeGreaterThanOrEqual(800);
    vi.useFakeTimers();
    const states: { at: number; toAct: number | null }[] = [];
    const host = new LocalHost((m: FromWorker) => {
      if (m.type === 'state') states.push({ at: Date.now(), toAct: m.snapshot.view.toAct });
    });
    const per = 100;
    const config = {
      seats: [
        { kind: 'bot' as const, bot: 'random' },
        { kind: 'bot' as const, bot: 'random' },
      ],
      options: {},
      seed: 'pace',
    };
    host.handle({ type: 'start', id: 1, config, botDelayMs: per });
    vi.advanceTimersByTime(6000);
    expect(states.length).toBeGreaterThan(20);
    let changes = 0;
    for (let i = 1; i < states.length; i++) {
      // Move i was made by the seat to act before it; a turn change when that is not who made move i-1.
      const mover = states[i - 1]!.toAct;
      const before = i >= 2 ? states[i - 2]!.toAct : null;
      const change = mover !== before;
      if (change) changes++;
      expect(states[i]!.at - states[i - 1]!.at, `move ${i}`).toBe(change ? per * (1 + TURN_CHANGE_EXTRA) : per);
    }
    expect(changes).toBeGreaterThan(1);
    host.stop();
  });
});
