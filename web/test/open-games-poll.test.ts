import { describe, expect, it } from 'vitest';
import { nextPoll, POLL } from '../src/lobby/OpenGames.js';

describe('games in progress: polling with backoff', () => {
  it('asks soon after a change, less and less often while nothing changes, and waits long after a refusal', () => {
    expect(nextPoll(POLL.firstMs, 'changed')).toBe(POLL.firstMs);
    const waits: number[] = [];
    let w: number = POLL.firstMs;
    for (let i = 0; i < 10; i++) waits.push((w = nextPoll(w, 'same')));
    expect(waits[0]).toBe(6_000);
    for (let i = 1; i < waits.length; i++) expect(waits[i]!).toBeGreaterThanOrEqual(waits[i - 1]!);
    expect(waits.at(-1)).toBe(POLL.quietMaxMs);
    expect(nextPoll(w, 'error')).toBe(POLL.errorMs);
    // At the fastest, a visible lobby asks 15 times a minute: far inside the server's HTTP budget (600 per minute).
    expect(60_000 / POLL.firstMs).toBeLessThanOrEqual(15);
  });
});
