import type pg from 'pg';

/**
 * Runs `fn` in a transaction on a connection of `pool`: committed when it resolves, rolled back
 * when it throws (the error goes on). `begin` may ask for more than a plain BEGIN (an isolation
 * level, say).
 */
export async function inTransaction<T>(pool: pg.Pool, fn: (c: pg.PoolClient) => Promise<T>, begin = 'BEGIN'): Promise<T> {
  const c = await pool.connect();
  try {
    await c.query(begin);
    const r = await fn(c);
    await c.query('COMMIT');
    return r;
  } catch (e) {
    await c.query('ROLLBACK').catch(() => undefined);
    throw e;
  } finally {
    c.release();
  }
}
