import { request } from './api.js';
import type { Instant } from './account.js';

/**
 * The Bot API's routes the web client uses (docs/bot-api.md): a bot account's upgrade and API
 * tokens on the account page, and a person's challenge to a bot account from its profile. The bot
 * program itself uses the tokens, never this page.
 */

export interface ApiToken {
  readonly id: string;
  readonly name: string;
  readonly scope: string;
  readonly createdAt: Instant;
  readonly lastUsedAt: Instant | null;
}

/** A token just made: the only time the secret is shown. */
export interface NewApiToken extends ApiToken {
  readonly token: string;
}

export type ChallengeStatus = 'pending' | 'accepted' | 'declined' | 'cancelled' | 'expired';

export interface BotChallenge {
  readonly id: string;
  readonly bot: string;
  readonly game: string;
  readonly status: ChallengeStatus;
  /** The game made once accepted, and the challenger's seat in it. */
  readonly gameId: string | null;
  readonly seat?: number | null;
}

export interface ChallengeRequest {
  readonly game: string;
  readonly clock?: { readonly bankMs: number; readonly incrementMs: number };
  readonly rated?: boolean;
}

export const becomeBot = (): Promise<void> => request('POST', '/api/account/bot');
export const listTokens = (): Promise<ApiToken[]> => request('GET', '/api/account/tokens');
export const createToken = (name: string): Promise<NewApiToken> => request('POST', '/api/account/tokens', { name });
export const revokeToken = (id: string): Promise<void> => request('DELETE', `/api/account/tokens/${encodeURIComponent(id)}`);

export const challengeBot = (bot: string, req: ChallengeRequest): Promise<BotChallenge> =>
  request('POST', `/api/challenge/${encodeURIComponent(bot)}`, req);
export const getChallenge = (id: string): Promise<BotChallenge> => request('GET', `/api/challenge/${encodeURIComponent(id)}`);
export const cancelChallenge = (id: string): Promise<void> => request('DELETE', `/api/challenge/${encodeURIComponent(id)}`);

/** A bot account as the lobby lists it: `online` when its program is connected now. */
export interface ListedBot {
  readonly name: string;
  readonly online: boolean;
}

export const listBots = async (): Promise<ListedBot[]> => (await request<{ bots: ListedBot[] }>('GET', '/api/bots')).bots;
