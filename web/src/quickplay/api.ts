import type { QueueCounts, QueuedTicket, QueueRequest, TicketView } from '../../../src/server/protocol.js';
import { request } from '../net/api.js';

/**
 * Quick play's HTTP calls (docs/server-api.md#quick-play), and the ticket this tab waits on: kept
 * in sessionStorage, so that a reload goes on waiting (the ticket's token becomes the seat's).
 */

export type { QueueRequest, TicketView };

/** How often a waiting client asks about its ticket (the server expires one not asked about for 30 s). */
export const POLL_MS = 2000;
/** How often the lobby's counts of waiting players are read again. */
export const COUNTS_MS = 10_000;

export const queue = (req: QueueRequest): Promise<QueuedTicket> => request('POST', '/api/quickplay', req);
export const ticketNow = (id: string): Promise<TicketView> => request('GET', `/api/quickplay/tickets/${encodeURIComponent(id)}`);
export const cancelTicket = (id: string): Promise<TicketView> => request('DELETE', `/api/quickplay/tickets/${encodeURIComponent(id)}`);
export const waitingCounts = async (): Promise<QueueCounts['waiting']> =>
  (await request<QueueCounts>('GET', '/api/quickplay/waiting')).waiting;

export interface HeldTicket {
  readonly id: string;
  readonly token: string;
}

const TICKET_KEY = 'expedition.quickplay';

export function heldTicket(): HeldTicket | null {
  try {
    const v = JSON.parse(sessionStorage.getItem(TICKET_KEY) ?? 'null') as Partial<HeldTicket> | null;
    return typeof v?.id === 'string' && typeof v.token === 'string' ? { id: v.id, token: v.token } : null;
  } catch {
    return null;
  }
}

export function holdTicket(t: HeldTicket | null): void {
  try {
    if (t) sessionStorage.setItem(TICKET_KEY, JSON.stringify(t));
    else sessionStorage.removeItem(TICKET_KEY);
  } catch {
    // Storage disabled: the wait lasts as long as the page.
  }
}
