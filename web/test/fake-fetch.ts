import { vi } from 'vitest';

/** A request the page made of the fake server. */
export interface Call {
  readonly method: string;
  readonly url: string;
  /** The JSON body, parsed; undefined without one. */
  readonly body: unknown;
  readonly init: RequestInit;
}

/** An answer of the fake server: a status and a JSON body (none for 204). */
export type Answer = readonly [status: number, body?: unknown];

/**
 * Stubs `fetch` with a fake server: `answer` gives each request's status and JSON body, and a
 * request it does not answer (undefined) is a 404. Returns the requests made, in order.
 */
export function fakeFetch(answer: (call: Call) => Answer | undefined): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const call: Call = {
        method: init.method ?? 'GET',
        url,
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
        init,
      };
      calls.push(call);
      const [status, body] = answer(call) ?? [404, { error: 'not_found', message: url }];
      return status === 204
        ? new Response(null, { status })
        : new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
}
