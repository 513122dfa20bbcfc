// Writes docs/engine-protocol.schema.json from the protocol's zod schemas (run after tsc:
// `npm run schema:engine-protocol`); test/cli/engine-protocol-schema.test.ts fails when it is stale.
import { writeFileSync } from 'node:fs';
import { JSON_SCHEMA_PATH, protocolJsonSchemaText } from '../dist/src/cli/engine/json-schema.js';

writeFileSync(new URL(`../${JSON_SCHEMA_PATH}`, import.meta.url), protocolJsonSchemaText());
console.log(`wrote ${JSON_SCHEMA_PATH}`);
