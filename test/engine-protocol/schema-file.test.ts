import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { it } from 'node:test';
import { JSON_SCHEMA_PATH, protocolJsonSchemaText } from '../../src/cli/engine/json-schema.js';

it('the committed JSON Schema is what the zod schemas produce (npm run schema:engine-protocol)', () => {
  const committed = readFileSync(new URL(`../../../${JSON_SCHEMA_PATH}`, import.meta.url), 'utf8');
  assert.equal(committed, protocolJsonSchemaText());
});
