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
   */
  async claimMany(ids: readonly string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const { p } = this.db;
    // This node's own rows are read, not updated: an update would lock them, against the appends
    // of this node's games, which hold them (FOR SHARE, Store.fenceBy) in another order (a deadlock).
    const r = await this.db.pool.query<{ game_id: string }>(
      `WITH ${this.db.aliveCte()}, won AS (
         INSERT INTO ${p}cluster_owners AS o (game_id, node)
           SELECT g, $2 FROM unnest($1::text[]) AS g WHERE $2 IN (SELECT id FROM alive)
         ON CONFLICT (game_id) DO UPDATE SET node = EXCLUDED.node
           WHERE o.node NOT IN (SELECT id FROM alive)
         RETURNING game_id)
       SELECT game_id FROM won
       UNION SELECT game_id FROM ${p}cluster_owners WHERE game_id = ANY($1::text[]) AND node = $2 AND $2 IN (SELECT id FROM alive)`,
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
