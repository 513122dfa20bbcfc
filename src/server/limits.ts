/**
 * What one client address may hold at once (open WebSockets, live games it created), which pages
 * may open a WebSocket, which names the server answers for, and the TRUST_PROXY setting. The per-minute budgets themselves are
 * @fastify/rate-limit's (see app.ts).
 */
import { isIP, isIPv6 } from 'node:net';

/**
 * The key an address is counted under: an IPv4 address as it is (also when IPv4-mapped), an IPv6
 * address by its /64 prefix, since one subscriber is routinely given a whole /64 (the same
 * grouping @fastify/rate-limit applies to its budgets).
 */
export function addressKey(ip: string): string {
  if (!isIPv6(ip)) return ip;
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped) return mapped[1]!;
  const [head = '', tail] = ip.split('%')[0]!.split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === undefined || tail === '' ? [] : tail.split(':');
  const groups = tail === undefined ? left : [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}

/** How many of something each address holds right now, up to a cap. */
export class PerAddressCount {
  private readonly counts = new Map<string, number>();
  constructor(readonly cap: number) {}

  /** Takes one for `key`; false (and nothing taken) at the cap. */
  take(key: string): boolean {
    const n = this.counts.get(key) ?? 0;
    if (n >= this.cap) return false;
    this.counts.set(key, n + 1);
    return true;
  }

  release(key: string): void {
    const n = (this.counts.get(key) ?? 0) - 1;
    if (n > 0) this.counts.set(key, n);
    else this.counts.delete(key);
  }

  held(key: string): number {
    return this.counts.get(key) ?? 0;
  }
}

/**
 * The games each address created that are still live (in memory and not over), up to a cap.
 * Games that ended or left memory are forgotten the next time that address creates one.
 */
export class LiveGamesPerAddress {
  private readonly byAddress = new Map<string, { ids: Set<string>; pending: number }>();
  constructor(
    readonly cap: number,
    private readonly isLive: (id: string) => boolean,
  ) {}

  /**
   * Reserves a place for a game `key` is about to create (so concurrent requests cannot all pass
   * the check), or null at the cap. The caller reports the game's id, or cancels on failure.
   */
  reserve(key: string): { created(id: string): void; cancel(): void } | null {
    const entry = this.byAddress.get(key) ?? { ids: new Set<string>(), pending: 0 };
    // Games that ended are forgotten only when the cap is reached: a sweep at every creation made
    // creating n games from one address cost n² (bench:server creates 10,000 from one).
    if (entry.ids.size + entry.pending >= this.cap) for (const id of entry.ids) if (!this.isLive(id)) entry.ids.delete(id);
    if (entry.ids.size + entry.pending >= this.cap) {
      if (entry.ids.size + entry.pending === 0) this.byAddress.delete(key);
      return null;
    }
    entry.pending++;
    this.byAddress.set(key, entry);
    let settled = false;
    const settle = () => {
      if (settled) return false;
      settled = true;
      entry.pending--;
      return true;
    };
    return {
      created: (id) => {
        if (settle()) entry.ids.add(id);
      },
      cancel: () => {
        if (settle() && entry.ids.size + entry.pending === 0 && this.byAddress.get(key) === entry) this.byAddress.delete(key);
      },
    };
  }
}

/**
 * Whether a WebSocket upgrade may proceed given its Origin header. No Origin: not a browser (the
 * CLI, tests, benchmarks), which cannot ride on a visitor's page anyway. Otherwise only the
 * server's own origin (the Origin's host:port is the Host the request was sent to) or one of
 * `allowed` (exact origins such as `https://play.example.org`).
 */
export function originAllowed(origin: string | undefined, host: string | undefined, allowed: ReadonlySet<string>): boolean {
  if (origin === undefined) return true;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (allowed.has(url.origin)) return true;
  if (host === undefined || url.host === '') return false;
  try {
    // Through URL, so that a default port written out (Host: example.org:443) still matches.
    return url.host === new URL(`${url.protocol}//${host}`).host;
  } catch {
    return false;
  }
}

/** Normalizes configured origins (`https://Example.org/` → `https://example.org`); throws on one that is not an origin. */
export function parseOrigins(list: readonly string[]): Set<string> {
  const out = new Set<string>();
  for (const raw of list) {
    const s = raw.trim();
    if (s === '') continue;
    let url: URL;
    try {
      url = new URL(s);
    } catch {
      throw new Error(`allowed origin "${s}" is not a URL (write it as scheme://host[:port])`);
    }
    if (url.origin === 'null' || url.pathname !== '/' || url.search !== '' || url.hash !== '')
      throw new Error(`allowed origin "${s}" is not an origin (write it as scheme://host[:port], nothing after)`);
    out.add(url.origin);
  }
  return out;
}

/**
 * The host name of a Host header (`name[:port]`), lower case, without a final dot; IPv6 in
 * brackets. Null when it is not a host.
 */
function hostName(host: string): { name: string; port: string } | null {
  let url: URL;
  try {
    url = new URL(`http://${host}`);
  } catch {
    return null;
  }
  // Only a host and a port: no user, path, query or fragment hidden in the header.
  if (url.username !== '' || url.password !== '' || url.pathname !== '/' || url.search !== '' || url.hash !== '') return null;
  return { name: url.hostname.replace(/\.$/, ''), port: url.port };
}

/**
 * Whether a request's Host names this server: an IP address (a browser sends one only when its
 * user typed it, so no name of an attacker's was turned to this address: DNS rebinding needs a
 * name), `localhost`, or one of `allowed` (ALLOWED_HOSTS: a name, or `name:port` for that port
 * only). No Host at all is not a browser's request (HTTP/1.0 tools), and is let through.
 */
export function hostAllowed(host: string | undefined, allowed: ReadonlySet<string>): boolean {
  if (host === undefined || host === '') return true;
  const h = hostName(host);
  if (h === null) return false;
  if (isIP(h.name.replace(/^\[(.*)\]$/, '$1')) !== 0 || h.name === 'localhost') return true;
  return allowed.has(h.name) || (h.port !== '' && allowed.has(`${h.name}:${h.port}`));
}

/**
 * Normalizes configured host names (`Play.Example.org.` → `play.example.org`, `name:8443`
 * keeps its port); throws on one that is not a host name (a URL, a path, a wildcard).
 */
export function parseHosts(list: readonly string[]): Set<string> {
  const out = new Set<string>();
  for (const raw of list) {
    const s = raw.trim();
    if (s === '') continue;
    const h = /^[A-Za-z0-9.:[\]-]+$/.test(s) ? hostName(s) : null;
    if (h === null || h.name === '')
      throw new Error(`allowed host "${s}" is not a host name (ALLOWED_HOSTS lists names or name:port, such as play.example.org)`);
    out.add(h.port === '' ? h.name : `${h.name}:${h.port}`);
  }
  return out;
}

export type TrustProxy = boolean | string;

/**
 * TRUST_PROXY, as Fastify's `trustProxy` takes it: `false` (default: a client's address is the
 * TCP peer's), `true` (trust every X-Forwarded-For hop: only when the proxy is the sole way in), or
 * a comma list of the proxies' addresses or CIDR ranges (or proxy-addr's names loopback,
 * linklocal, uniquelocal), whose X-Forwarded-For entries are believed. A number of hops is refused:
 * it cannot tell the proxy from a client that writes its own X-Forwarded-For (Fastify 5 ignores it).
 */
export function parseTrustProxy(value: string): TrustProxy {
  const v = value.trim();
  if (v === '' || v === 'false') return false;
  if (v === 'true') return true;
  if (/^\d+$/.test(v))
    throw new Error(`TRUST_PROXY "${value}": a number of hops is not supported; list the proxy's addresses (e.g. 127.0.0.1 or loopback)`);
  const parts = v.split(',').map((s) => s.trim());
  for (const p of parts) {
    const [addr = '', bits, extra] = p.split('/');
    const named = ['loopback', 'linklocal', 'uniquelocal'].includes(p);
    const ip = isIPv6(addr) || /^\d{1,3}(\.\d{1,3}){3}$/.test(addr);
    if (!named && (!ip || extra !== undefined || (bits !== undefined && !/^\d{1,3}$/.test(bits)))) {
      throw new Error(
        `TRUST_PROXY "${value}": "${p}" is not an address or CIDR range (use false, true, or a comma list of the proxies' addresses)`,
      );
    }
  }
  return parts.join(',');
}

/** A token bucket: a burst of `burst` takes, then `perSecond` sustained. */
export class TokenBucket {
  private tokens: number;
  private last: number;
  constructor(
    readonly perSecond: number,
    readonly burst: number,
    now = Date.now(),
  ) {
    this.tokens = burst;
    this.last = now;
  }

  /** Takes one token; false (nothing taken) when the bucket is empty. */
  take(now = Date.now()): boolean {
    this.tokens = Math.min(this.burst, this.tokens + ((now - this.last) / 1000) * this.perSecond);
    this.last = now;
    if (this.tokens < 1) return false;
    this.tokens--;
    return true;
  }
}
