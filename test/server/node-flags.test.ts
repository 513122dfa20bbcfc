import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { SERVER_NODE_FLAGS } from '../../src/server/node-flags.js';
import { join } from 'node:path';
import { REPO_ROOT } from '../helpers/repo.js';

test('npm start and npm run serve run the server with the flags the benches measure it with', () => {
  const pkg = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  for (const script of ['start', 'serve']) {
    const line = pkg.scripts[script]!;
    const run = line.slice(line.lastIndexOf('node '));
    assert.equal(run, `node ${SERVER_NODE_FLAGS.join(' ')} dist/src/server/main.js`, `the ${script} script`);
  }
});
