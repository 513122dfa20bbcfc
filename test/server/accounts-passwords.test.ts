/**
 * The password hasher: argon2id at its bounded cost, a dummy hash for unknown accounts, and the
 * bound on hashes at once: past the queue a hash is refused at once rather than waited for.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { HashQueueFull, PasswordHasher } from '../../src/server/accounts/passwords.js';

test('a hash verifies its password and no other; no stored hash verifies nothing', async () => {
  const h = new PasswordHasher();
  const stored = await h.hash('correct horse battery');
  assert.match(stored, /^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  assert.notEqual(await h.hash('correct horse battery'), stored, 'a new salt each time');
  assert.equal(await h.verify(stored, 'correct horse battery'), true);
  assert.equal(await h.verify(stored, 'correct horse batterY'), false);
  assert.equal(await h.verify(null, 'an account that does not exist'), false, 'the dummy hash never lets anyone in');
});

test('beyond the hashes running and waiting, a hash is refused at once', async () => {
  const h = new PasswordHasher(1, 2);
  const results = await Promise.allSettled(Array.from({ length: 5 }, (_, i) => h.hash(`password number ${i}`)));
  assert.deepEqual(
    results.map((r) => r.status),
    ['fulfilled', 'fulfilled', 'fulfilled', 'rejected', 'rejected'],
  );
  for (const r of results.slice(3)) assert.ok(r.status === 'rejected' && r.reason instanceof HashQueueFull);
  assert.equal(h.load, 0, 'every slot is given back');
  assert.equal((await Promise.allSettled([h.hash('again, later on')]))[0]?.status, 'fulfilled', 'the queue takes hashes again');
});
