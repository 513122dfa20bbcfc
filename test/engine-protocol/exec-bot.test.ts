import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { it } from 'node:test';
import { gameById } from '../../src/bots/registry.js';
import { playExecTournament } from '../../src/cli/exec-tournament.js';
import { tempDir } from '../cli/run-cli.js';

const FAULTY = fileURLToPath(new URL('../../../test/fixtures/exec-agents/faulty.py', import.meta.url));

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

it('exec: bots that time out, crash or answer illegally lose those decisions, are reported, and the tournament completes', async () => {
  const { dir, cleanup } = tempDir();
  try {
    const pids = join(dir, 'pids');
    const specs = ['slow', 'crash', 'illegal'].map((m) => `exec:python3 ${FAULTY} ${m} ${pids}`);
    // 3 s a decision: a prompt answer stays prompt on a loaded machine; the slow one sleeps 1.5 times that.
    const summary = await playExecTournament(gameById('quetzal'), [...specs, 'random'], 2, 'faults', 400, 3000);
    assert.equal(summary.games, 2);
    assert.equal(summary.capped, 0, 'both games were played to the end');
    const faults = summary.bots.map((b) => b.faults);
    assert.deepEqual(faults[0], { timeout: 2, crash: 0, illegal: 0 }, 'one late answer a game');
    assert.equal(faults[1]!.timeout + faults[1]!.illegal, 0);
    assert.ok(faults[1]!.crash > 2, `every decision after the crash, in both games: ${faults[1]!.crash}`);
    assert.deepEqual(faults[2], { timeout: 0, crash: 0, illegal: 2 }, 'one illegal answer a game');
    assert.deepEqual(faults[3], { timeout: 0, crash: 0, illegal: 0 });
    const started = readFileSync(pids, 'utf8').trim().split('\n').map(Number);
    assert.equal(started.length, 6, 'each program started once per game');
    // Killed programs are reaped by the event loop: give it a few turns before looking.
    for (let i = 0; i < 50 && started.some(alive); i++) await new Promise((r) => setTimeout(r, 20));
    assert.deepEqual(started.filter(alive), [], 'no program outlives its game');
  } finally {
    cleanup();
  }
});
