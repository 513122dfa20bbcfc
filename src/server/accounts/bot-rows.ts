/**
 * The bot store's rows as both databases return them, and what they become: PostgreSQL gives a
 * bigint as a string and a json column parsed, SQLite an integer as a number and its TEXT as is.
 */
import type { ApiToken, ChallengeSettings, ChallengeStatus, ChallengeWithNames } from './bot-store.js';

type Num = string | number;

export interface TokenRow {
  id: string;
  account_id: string;
  name: string;
  scope: string;
  created_at: Num;
  last_used_at: Num | null;
}

export interface ChallengeRow {
  id: string;
  challenger_id: string;
  bot_id: string;
  settings: ChallengeSettings | string;
  status: ChallengeStatus;
  game_id: string | null;
  challenger_seat: number | null;
  created_at: Num;
  updated_at: Num;
  challenger_name: string;
  bot_name: string;
}

export const tokenFromRow = (r: TokenRow): ApiToken => ({
  id: r.id,
  accountId: r.account_id,
  name: r.name,
  scope: r.scope,
  createdAt: Number(r.created_at),
  lastUsedAt: r.last_used_at === null ? null : Number(r.last_used_at),
});

export const challengeFromRow = (r: ChallengeRow): ChallengeWithNames => ({
  id: r.id,
  challengerId: r.challenger_id,
  botId: r.bot_id,
  settings: typeof r.settings === 'string' ? (JSON.parse(r.settings) as ChallengeSettings) : r.settings,
  status: r.status,
  gameId: r.game_id,
  challengerSeat: r.challenger_seat,
  createdAt: Number(r.created_at),
  updatedAt: Number(r.updated_at),
  challengerName: r.challenger_name,
  botName: r.bot_name,
});
