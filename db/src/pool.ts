import pg from 'pg';

// int8 (counts, sums of counts) as JS numbers: every int8 we read stays far below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

export type Queryable = Pick<pg.PoolClient, 'query'>;
export type Pool = pg.Pool;

export interface PoolOptions {
  max?: number;
  /** How long a request may wait for a connection before failing fast (→ 503 in the api). */
  connectionTimeoutMs?: number;
  statementTimeoutMs?: number;
  applicationName?: string;
}

export function createPool(url: string, options: PoolOptions = {}): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    connectionTimeoutMillis: options.connectionTimeoutMs ?? 3000,
    idleTimeoutMillis: 30_000,
    statement_timeout: options.statementTimeoutMs ?? 30_000,
    application_name: options.applicationName ?? 'taktwerk',
  });
  // An idle client losing its connection (database restart) must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  // Nor one that is checked out: pg emits 'error' on the client itself (after rejecting its pending query), and
  // while checked out nothing listens, so that became an uncaught exception. The caller sees the rejected query
  // (→ 503); on release the pool drops the dead client because it is no longer queryable.
  pool.on('connect', (client) => client.on('error', () => undefined));
  return pool;
}
