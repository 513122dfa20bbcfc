import type { ErrorCode } from './protocol.js';

/** A refusal the client can act on; nothing was changed. */
export class Refusal extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
  }
}
