/**
 * `expedition reports list` and `expedition accounts suspend|unsuspend`, against the database the
 * server is configured with, on both stores: an SQLite file (EXPEDITION_DB) and PostgreSQL
 * (DATABASE_URL with DATABASE_SCHEMA). With the server's tests, since it needs PostgreSQL.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import pg from 'pg';
import type { Store } from '../../src/server/store.js';
import { openSqliteStore } from '../../src/server/store-sqlite.js';
import { openPostgresStore } from '../../src/server/store-postgres.js';
import { PG_URL } from '../helpers/server.js';
import { testLog } from '../helpers/log.js';
import { CLI, tempDir } from '../cli/run-cli.js';

type Kind = 'sqlite' | 'postgres';

for (const kind of ['sqlite', 'postgres'] as Kind[]) {
  describe(`the operators' commands on ${kind}`, () => {
    const tmp = tempDir();
    const file = join(tmp.dir, 'expedition.sqlite');
    const schema = `test_cli_${randomBytes(6).toString('hex')}`;
    const env: NodeJS.ProcessEnv =
      kind === 'sqlite'
        ? { ...process.env, DATABASE_URL: '', EXPEDITION_DB: file, LOG_LEVEL: 'warn' }
        : { ...process.env, DATABASE_URL: PG_URL, DATABASE_SCHEMA: schema };
    const run = (...args: string[]) => {
      const r = spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', timeout: 60_000, env });
      if (r.error) throw r.error;
      return { code: r.status, stdout: r.stdout, stderr: r.stderr };
    };
    const open = async (): Promise<Store> => {
      const s = kind === 'sqlite' ? openSqliteStore(file, { log: testLog() }) : openPostgresStore(PG_URL, { schema, log: testLog() });
      await s.init();
      return s;
    };

    let messageId = 0;
    before(async () => {
      const s = await open();
      try {
        const now = Date.now();
        for (const name of ['Rude_one', 'Kind_one'])
          await s.accounts.createAccount({ id: `id-${name}`, name, createdAt: now, passwordHash: null, webauthnUserId: `u-${name}` });
        await s.createGame(
          { id: 'g1', game: 'relic-runners', seats: 2, seed: 's', options: {}, settings: {}, createdAt: now, listed: false },
          [],
          'hash',
        );
        messageId = await s.chat.addMessage({
          gameId: 'g1',
          room: 'spectators',
          seat: null,
          accountId: 'id-Rude_one',
          name: 'Rude_one',
          text: 'a rude\u00a0word',
          phrase: null,
          at: now,
        });
        await s.chat.addReport(messageId, 'g1', 'id-Kind_one', now);
      } finally {
        await s.close();
      }
    });
    after(async () => {
      tmp.cleanup();
      if (kind === 'postgres') {
        const c = new pg.Client({ connectionString: PG_URL });
        await c.connect();
        await c.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
        await c.end();
      }
    });

    test('reports list: one line per report, with the game, the speaker and its account, the reporter and the words', () => {
      const r = run('reports', 'list');
      assert.equal(r.code, 0, r.stderr);
      const [line, ...more] = r.stdout.trim().split('\n');
      assert.deepEqual(more, []);
      const cells = line!.split('\t');
      assert.equal(cells.length, 7, line);
      assert.deepEqual(
        [cells[2], cells[3], cells[4], cells[5], cells[6]],
        ['g1', 'spectators', 'Rude_one [Rude_one]', 'Kind_one', 'a rude word'],
      );
      const json = run('reports', 'list', '--json');
      assert.equal(json.code, 0, json.stderr);
      const [report] = JSON.parse(json.stdout) as { messageId: number; reporterId: string }[];
      assert.deepEqual({ m: report!.messageId, by: report!.reporterId }, { m: messageId, by: 'id-Kind_one' });
    });

    test('accounts suspend NAME suspends it (case-insensitive name), unsuspend lifts it; an unknown name or a bad line changes nothing', async () => {
      const r = run('accounts', 'suspend', 'rude_ONE', '--reason', 'insults');
      assert.equal(r.code, 0, r.stderr);
      assert.match(r.stdout, /^suspended Rude_one \(id-Rude_one\)/);
      let s = await open();
      assert.equal(await s.chat.isSuspended('id-Rude_one'), true);
      assert.equal(await s.chat.isSuspended('id-Kind_one'), false);
      await s.close();

      const unknown = run('accounts', 'suspend', 'nobody_here');
      assert.equal(unknown.code, 1);
      assert.match(unknown.stderr, /no account named "nobody_here"/);
      for (const bad of [
        ['accounts'],
        ['accounts', 'ban', 'Kind_one'],
        ['accounts', 'suspend'],
        ['reports'],
        ['reports', 'list', '--limit', '0'],
      ]) {
        const b = run(...bad);
        assert.equal(b.code, 2, `${bad.join(' ')}: ${b.stderr}`);
      }
      s = await open();
      assert.equal(await s.chat.isSuspended('id-Kind_one'), false, 'nothing changed');
      await s.close();

      const lift = run('accounts', 'unsuspend', 'Rude_one');
      assert.equal(lift.code, 0, lift.stderr);
      assert.match(lift.stdout, /^lifted/);
      s = await open();
      assert.equal(await s.chat.isSuspended('id-Rude_one'), false);
      await s.close();
    });
  });
}
