/**
 * The session cookie and what it points at: a random 256-bit secret in an HttpOnly, SameSite=Lax
 * cookie, kept in the store only as its SHA-256, so that a leaked database opens no session.
 * Sessions end after SESSION_IDLE_MS without use; their last use is written at most once a minute.
 */
import { randomBytes } from 'node:crypto';
import Bowser from 'bowser';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { hashToken } from '../tokens.js';

export const SESSION_COOKIE = 'expedition_session';
/** The passkey ceremony's cookie: binds a challenge to the browser that asked for it. */
export const CEREMONY_COOKIE = 'expedition_ceremony';
export const SESSION_IDLE_MS = 30 * 24 * 3600_000;
/** A session's last use is written when it is at least this old, not at every request. */
export const TOUCH_EVERY_MS = 60_000;
export const CEREMONY_MS = 5 * 60_000;

/** A new secret for a cookie: 256 random bits, URL-safe (43 characters). */
export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** Public ids (sessions, accounts): 128 random bits. */
export function newPublicId(): string {
  return randomBytes(16).toString('base64url');
}

/** The form every secret this module hands out has; anything else is not looked up. */
export function isSecret(v: unknown): v is string {
  return typeof v === 'string' && /^[A-Za-z0-9_-]{43}$/.test(v);
}

/** The hash a secret is stored under. */
export const secretHash = hashToken;

/** "Chrome on Linux": what the sessions list shows of a User-Agent. */
export function deviceOf(userAgent: string | undefined): string {
  if (userAgent === undefined || userAgent.trim() === '') return 'Unknown device';
  const r = Bowser.parse(userAgent.slice(0, 512));
  const browser = r.browser.name?.slice(0, 40);
  const os = r.os.name?.slice(0, 40);
  if (browser && os) return `${browser} on ${os}`;
  return browser ?? os ?? 'Unknown device';
}

/** Secure when the page is served over HTTPS: the request came over it (or through a trusted proxy that says so), or the public origin is https. */
function secure(req: FastifyRequest, publicOrigin: string): boolean {
  return req.protocol === 'https' || publicOrigin.startsWith('https:');
}

export function setSessionCookie(req: FastifyRequest, reply: FastifyReply, secret: string, publicOrigin: string): void {
  reply.setCookie(SESSION_COOKIE, secret, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: secure(req, publicOrigin),
    maxAge: SESSION_IDLE_MS / 1000,
  });
}

export function clearSessionCookie(req: FastifyRequest, reply: FastifyReply, publicOrigin: string): void {
  reply.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'lax', path: '/', secure: secure(req, publicOrigin) });
}

export function setCeremonyCookie(req: FastifyRequest, reply: FastifyReply, secret: string, publicOrigin: string): void {
  reply.setCookie(CEREMONY_COOKIE, secret, {
    httpOnly: true,
    sameSite: 'strict',
    path: '/api/account/passkey',
    secure: secure(req, publicOrigin),
    maxAge: CEREMONY_MS / 1000,
  });
}

export function clearCeremonyCookie(req: FastifyRequest, reply: FastifyReply, publicOrigin: string): void {
  reply.clearCookie(CEREMONY_COOKIE, {
    httpOnly: true,
    sameSite: 'strict',
    path: '/api/account/passkey',
    secure: secure(req, publicOrigin),
  });
}
