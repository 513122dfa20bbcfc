import type { Instant } from '../net/account.js';

/** A moment in the page's language: "12 Mar 2026, 14:05". */
export function formatInstant(lng: string, at: Instant): string {
  const d = new Date(at);
  return Number.isNaN(d.getTime()) ? '' : new Intl.DateTimeFormat(lng, { dateStyle: 'medium', timeStyle: 'short' }).format(d);
}
