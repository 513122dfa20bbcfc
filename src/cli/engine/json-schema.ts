import { z } from 'zod';
import { ActAnswer, ActMessage, Request, Response } from './schema.js';

/** Where the generated schema is committed (`npm run schema:engine-protocol` writes it). */
export const JSON_SCHEMA_PATH = 'docs/engine-protocol.schema.json';

/**
 * The protocol's JSON Schema, generated from the zod schemas the engine checks with: requests and
 * responses of the research part, and the agent part's act message and answer.
 */
export function protocolJsonSchema(): object {
  const schema = (s: z.ZodType, io: 'input' | 'output') => z.toJSONSchema(s, { io, unrepresentable: 'any' });
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    title: 'Expedition engine protocol, version 1 (docs/engine-protocol.md)',
    $defs: {
      request: schema(Request, 'input'),
      response: schema(Response, 'output'),
      act: schema(ActMessage, 'output'),
      actAnswer: schema(ActAnswer, 'input'),
    },
  };
}

/** The schema as the committed file holds it. */
export const protocolJsonSchemaText = (): string => JSON.stringify(protocolJsonSchema(), null, 2) + '\n';
