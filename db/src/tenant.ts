import type pg from 'pg';
import type { Queryable } from './pool';

async function inTransaction<T>(pool: pg.Pool, settings: [string, string][], fn: (db: Queryable) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    for (const [name, value] of settings) await client.query('SELECT set_config($1, $2, true)', [name, value]);
    const result = await fn(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/** Runs fn in a transaction that row-level security confines to one organization. */
export function withTenant<T>(pool: pg.Pool, orgId: string, fn: (db: Queryable) => Promise<T>): Promise<T> {
  return inTransaction(pool, [['app.org_id', orgId]], fn);
}

/**
 * The explicit cross-tenant path: platform-admin screens, sign-in lookups before the tenant is known, and
 * workers. Every caller must have authorized the action itself; nothing else sets app.platform.
 */
export function withPlatform<T>(pool: pg.Pool, fn: (db: Queryable) => Promise<T>): Promise<T> {
  return inTransaction(pool, [['app.platform', 'on']], fn);
}
