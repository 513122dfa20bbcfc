/**
 * Which node plays each game: one row per game in `cluster_owners`. A node claims a game on first
 * use; it takes the row over only when the node named in it is not alive, checked against the node
 * locks in the same statement, so that two live nodes never both win a game.
 */
import type { ClusterDb } from './db.js';

export class Owners {
  constructor(
    private readonly db: ClusterDb,
    private readonly me: string,
  ) {}

  /**
   * Claims `game` for this node unless a live node owns it; returns the owner (this node's id when
   * the claim won). A node that is not alive itself (its lock connection gone) wins nothing.
   */
  async claim(game: string): Promise<string | null> {
    const { p } = this.db;
    for (let attempt = 0; attempt < 3; attempt++) {
      const won = await this.db.pool.query<{ node: string }>(
        `WITH ${this.db.aliveCte()}
         INSERT INTO ${p}cluster_owners AS o (game_id, node)
           SELECT $1, $2 WHERE $2 IN (SELECT id FROM alive)
         ON CONFLICT (game_id) DO UPDATE SET node = EXCLUDED.node
           WHERE o.node = EXCLUDED.node OR o.node NOT IN (SELECT id FROM alive)
         RETURNING node`,
        [game, this.me],
      );
      if (won.rows.length > 0) return this.me;
      const r = await this.db.pool.query<{ node: string }>(`SELECT node FROM ${p}cluster_owners WHERE game_id = $1`, [game]);
      const owner = r.rows[0]?.node;
      // Not inserted and no row: this node is not alive (its lock is being re-taken).
      if (owner === undefined) return null;
      if (owner !== this.me) return owner;
    }
    return null;
  }

  /**
   * Claims, in one statement, every game of `ids` that has no live owner (and keeps this node's
   * own); returns the ids won. Several nodes doing it at once each win a game at most once.
   *
   * It waits for no row lock, so that it cannot deadlock. An INSERT … ON CONFLICT DO UPDATE locks
   * every conflicting row, even those its WHERE then leaves alone: here the rows of the games the
   * live nodes play, which their fenced appends hold FOR SHARE, several per statement, in another
   * order (Store.fenceBy). Over a takeover's hundreds of games that was a deadlock nearly every
   * time ("taking games over failed: deadlock detected" at both survivors), and then every game
   * was loaded by the hellos, one by one. So the rows of dead owners are taken with
   * FOR UPDATE SKIP LOCKED (a row locked now is being claimed by another node, which wins it; the
   * pass that takes what is left, or a hello, gets whatever it did not), and games without a row
   * are inserted with DO NOTHING, in id order (two claimers wait for each other's inserts in the
   * same order).
   */
  async claimMany(ids: readonly string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const { p } = this.db;
    const r = await this.db.pool.query<{ game_id: string }>(
      `WITH ${this.db.aliveCte()}, me AS (SELECT 1 FROM alive WHERE id = $2),
       free AS (
         SELECT game_id FROM ${p}cluster_owners
           WHERE game_id = ANY($1::text[]) AND node NOT IN (SELECT id FROM alive) AND EXISTS (SELECT 1 FROM me)
           ORDER BY game_id FOR UPDATE SKIP LOCKED),
       taken AS (
         UPDATE ${p}cluster_owners o SET node = $2 FROM free WHERE o.game_id = free.game_id
         RETURNING o.game_id),
       fresh AS (
         INSERT INTO ${p}cluster_owners (game_id, node)
           SELECT g, $2 FROM unnest($1::text[]) AS g
             WHERE EXISTS (SELECT 1 FROM me) AND NOT EXISTS (SELECT 1 FROM ${p}cluster_owners x WHERE x.game_id = g)
             ORDER BY g
         ON CONFLICT (game_id) DO NOTHING
         RETURNING game_id)
       SELECT game_id FROM taken
       UNION SELECT game_id FROM fresh
       UNION SELECT game_id FROM ${p}cluster_owners WHERE game_id = ANY($1::text[]) AND node = $2 AND EXISTS (SELECT 1 FROM me)`,
      [ids, this.me],
    );
    return r.rows.map((x) => x.game_id);
  }

  /** The ids of the nodes alive now, in order. */
  async alive(): Promise<string[]> {
    const r = await this.db.pool.query<{ id: string }>(`WITH ${this.db.aliveCte()} SELECT id FROM alive ORDER BY id`);
    return r.rows.map((x) => x.id);
  }

  /** Removes a dead node's row (unless it is alive again): its games are claimed by whoever needs them. */
  async forget(node: string): Promise<void> {
    await this.db.pool.query(
      `WITH ${this.db.aliveCte()} DELETE FROM ${this.db.p}cluster_nodes WHERE id = $1 AND id NOT IN (SELECT id FROM alive)`,
      [node],
    );
  }

  /** The owner of each game of `ids` that has one. */
  async ownersOf(ids: readonly string[]): Promise<[string, string][]> {
    const r = await this.db.pool.query<{ game_id: string; node: string }>(
      `SELECT game_id, node FROM ${this.db.p}cluster_owners WHERE game_id = ANY($1::text[])`,
      [ids],
    );
    return r.rows.map((x) => [x.game_id, x.node]);
  }

  /** Gives the game up (evicted from memory): the next node to need it claims it. */
  async release(game: string): Promise<void> {
    await this.db.pool.query(`DELETE FROM ${this.db.p}cluster_owners WHERE game_id = $1 AND node = $2`, [game, this.me]);
  }
}
