import { describe, expect, it } from 'vitest';
import fixture from '../../test/fixtures/records-v1/relic-runners.json';
import fixtureV2 from '../../test/fixtures/records-v2/quetzal.json';
import { LocalEngine } from '../src/offline/local-engine.js';
import { CorruptRecord, parseLocalRecord } from '../src/offline/local-record.js';
import { Timeline } from '../src/replay/timeline.js';

/** An offline save of a game played before seeding 2: the record of test/fixtures plus who sat where. */
const { hash, capped: _capped, ...record } = fixture;
const players = [
  { kind: 'human', name: 'Ada' },
  { kind: 'human', name: 'Bo' },
];
const oldSave = { ...record, players };

describe('seeds of offline games', () => {
  it('an old save (version 1, or no version at all) resumes with the legacy seeding and stays version 1', async () => {
    const { version: _v, ...unversioned } = oldSave;
    for (const raw of [oldSave, unversioned]) {
      const e = LocalEngine.load(JSON.parse(JSON.stringify(raw)));
      expect(e.hash()).toBe(hash);
      expect(e.over).toBe(true);
      expect(e.record.version).toBe(1);
    }
    expect((await Timeline.load(record)).finalHash).toBe(hash);
  });

  it('a save of version 2 resumes with seeding 2 and stays version 2', async () => {
    const { hash: hashV2, capped: _c, ...recordV2 } = fixtureV2;
    const e = LocalEngine.load(JSON.parse(JSON.stringify({ ...recordV2, players })));
    expect(e.hash()).toBe(hashV2);
    expect(e.record.version).toBe(2);
    expect((await Timeline.load(recordV2)).finalHash).toBe(hashV2);
  });

  it('a new game is saved as version 3, and its save resumes to the same state', () => {
    for (const game of ['relic-runners', 'quetzal'] as const) {
      const e = LocalEngine.start({
        game,
        seats: [
          { kind: 'bot', bot: 'random' },
          { kind: 'bot', bot: 'random' },
        ],
        options: {},
        seed: record.seed,
      });
      expect(e.record.version).toBe(3);
      // Quetzal rolls dice during play: its in-play draws are part of what the save must give back.
      for (let i = 0; i < 40 && !e.over; i++) e.playBot();
      expect(LocalEngine.load(JSON.parse(JSON.stringify(e.record))).hash()).toBe(e.hash());
      // The same seed read with an older seeding is another game.
      for (const version of [1, 2]) {
        let other: string | null = null;
        try {
          other = LocalEngine.load({ ...e.record, version }).hash();
        } catch (err) {
          expect(err).toBeInstanceOf(CorruptRecord);
        }
        expect(other).not.toBe(e.hash());
      }
    }
  });

  it('a save of an unknown version is refused with the reason', () => {
    expect(() => parseLocalRecord({ ...oldSave, version: 4 })).toThrow(CorruptRecord);
    expect(() => parseLocalRecord({ ...oldSave, version: 4 })).toThrow(/record version 4, which this page cannot read \(it reads 1–3\)/);
  });
});
