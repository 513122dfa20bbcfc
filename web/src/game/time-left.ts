/** What is left of a turn's time, in the largest unit that fits ("2 days", "5 hours"), rounded down. */
export function timeLeft(lng: string, dueAt: number, now: number): string {
  const ms = Math.max(0, dueAt - now);
  const unit = (u: 'day' | 'hour' | 'minute', n: number) =>
    new Intl.NumberFormat(lng, { style: 'unit', unit: u, unitDisplay: 'long' }).format(n);
  const h = Math.floor(ms / 3_600_000);
  if (h >= 48) return unit('day', Math.floor(h / 24));
  if (h >= 1) return unit('hour', h);
  return unit('minute', Math.max(1, Math.floor(ms / 60_000)));
}

/** A turn's time is shown in words from this much left (turn-based clocks); a quicker clock's run-out is the server's. */
export const SHOWN_FROM_MS = 3_600_000;
