import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Answers a polled GET with `body` and its ETag (a hash of its JSON), or with 304 and no body
 * when the client's If-None-Match names it. `private, no-cache`: a browser keeps the answer for
 * its own user only, and asks again each time (its fetch then reads the kept body on a 304).
 */
export function sendWithEtag(req: FastifyRequest, reply: FastifyReply, body: unknown): FastifyReply {
  const json = JSON.stringify(body);
  const etag = `"${createHash('sha256').update(json).digest('base64url').slice(0, 27)}"`;
  reply.header('cache-control', 'private, no-cache').header('etag', etag);
  const asked = req.headers['if-none-match'];
  if (typeof asked === 'string' && asked.split(',').some((t) => t.trim() === etag)) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(json);
}
