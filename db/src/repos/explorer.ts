import QueryStream from 'pg-query-stream';
import type { Queryable } from '../pool';

// ingested_values and its rollups carry no org_id and no RLS (SECURITY.md item 9): the series passed in here must
// come from explorerSeries, which reads them from machines and tag_configs under the caller's tenant transaction.

export interface ExplorerMachine {
  id: string;
  name: string;
}

/** One (machine, tag) pair to read, the tag under its stored spelling. */
export interface ExplorerSeries {
  machineId: string;
  machineName: string;
  tag: string;
}

export async function findExplorerMachines(db: Queryable, orgId: string, machineIds: string[]): Promise<ExplorerMachine[]> {
  const { rows } = await db.query<ExplorerMachine>('SELECT id, name FROM machines WHERE org_id = $1 AND id = ANY($2::uuid[])', [
    orgId,
    machineIds,
  ]);
  return rows;
}

/** The aliases of those tag ids that belong to one of the machines. */
export async function findTagAliasesByIds(db: Queryable, orgId: string, machineIds: string[], tagIds: string[]) {
  const { rows } = await db.query<{ id: string; alias: string }>(
    'SELECT id, alias FROM tag_configs WHERE org_id = $1 AND machine_id = ANY($2::uuid[]) AND id = ANY($3::uuid[])',
    [orgId, machineIds, tagIds],
  );
  return rows;
}

/** The machines' tags whose alias is one of `aliases` (case-insensitive), ordered by machine name, then alias. */
export async function explorerSeries(db: Queryable, orgId: string, machineIds: string[], aliases: string[]): Promise<ExplorerSeries[]> {
  const { rows } = await db.query<ExplorerSeries>(
    `SELECT m.id AS "machineId", m.name AS "machineName", t.alias AS tag
       FROM tag_configs t JOIN machines m ON m.id = t.machine_id
      WHERE t.org_id = $1 AND t.machine_id = ANY($2::uuid[]) AND lower(t.alias) = ANY($3::text[])
      ORDER BY lower(m.name), m.id, lower(t.alias)`,
    [orgId, machineIds, aliases.map((a) => a.toLowerCase())],
  );
  return rows;
}

export type ExplorerRollup = 'avg' | 'min' | 'max' | 'sum' | 'count';

export interface ExplorerRead {
  series: ExplorerSeries[];
  from: Date;
  to: Date;
  /** null: the stored values themselves. */
  aggregate: { fn: ExplorerRollup; bucketSeconds: number } | null;
  /** null: every row. */
  limit: number | null;
}

/**
 * A row as [series index, time as ISO 8601 UTC text, numeric value, text value, quality]; the series index points
 * into ExplorerRead.series, so machine and tag names do not travel once per row.
 */
export type ExplorerRawRow = [number, string, number | null, string | null, number | null];

const ROLLUP_VALUE: Record<ExplorerRollup, string> = {
  avg: 'sum(sum) / nullif(sum(count), 0)',
  min: 'min(min)',
  max: 'max(max)',
  sum: 'sum(sum)',
  count: 'sum(count)::float8',
};
// Millisecond ISO 8601 in UTC, the same form as Date.prototype.toISOString.
const ISO_UTC = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;
// Buckets align to UTC like TimescaleDB's time_bucket (2000-01-03 is its default origin), as in telemetry.ts.
const ORIGIN = `TIMESTAMPTZ '2000-01-03 00:00:00+00'`;

/**
 * One parenthesized, ordered branch per series, merged by time: PostgreSQL then reads each series in index order
 * (Merge Append), so a LIMIT stops early and an export streams without sorting the whole range. The SQL text is
 * built from fixed fragments; every value is a $n parameter.
 */
export function explorerStatement(read: ExplorerRead): { text: string; values: unknown[] } {
  const values: unknown[] = [read.from, read.to];
  const param = (value: unknown) => `$${values.push(value)}`;
  const agg = read.aggregate;
  // Intervals of a minute up to under an hour come from the 1-minute rollup, longer ones from the 1-hour rollup.
  const source = agg && agg.bucketSeconds < 3600 ? 'ingested_values_1m' : 'ingested_values_1h';
  const width = agg ? param(`${agg.bucketSeconds} seconds`) : '';
  const branches = read.series.map((s, n) => {
    const where = `machine_id = ${param(s.machineId)}::uuid AND tag = ${param(s.tag)}::text`;
    if (!agg)
      return `(SELECT ${n} AS n, ts, value, value_text, quality::int AS quality FROM ingested_values
                WHERE ${where} AND ts >= $1 AND ts < $2 ORDER BY ts)`;
    // Aggregates read numeric values only (booleans as 1/0), like analytics_aggregate; text-only buckets drop out.
    return `(SELECT ${n} AS n, date_bin(${width}::interval, bucket, ${ORIGIN}) AS ts, ${ROLLUP_VALUE[agg.fn]} AS value,
                    NULL::text AS value_text, NULL::int AS quality
               FROM ${source} WHERE ${where} AND bucket >= $1 AND bucket < $2
              GROUP BY 2 HAVING sum(count) > 0 ORDER BY 2)`;
  });
  const limit = read.limit === null ? '' : `LIMIT ${param(read.limit)}`;
  // Ties in time go by series; one series has none, and leaving n out spares an Incremental Sort.
  const order = read.series.length > 1 ? 's.ts, s.n' : 's.ts';
  return {
    text: `SELECT n, to_char(ts AT TIME ZONE 'UTC', ${ISO_UTC}) AS time, value, value_text, quality
             FROM (${branches.join(' UNION ALL ')}) s ORDER BY ${order} ${limit}`,
    values,
  };
}

/** The rows of a bounded read (the explorer table). */
export async function readExplorerRows(db: Queryable, read: ExplorerRead): Promise<ExplorerRawRow[]> {
  if (read.series.length === 0) return [];
  const { text, values } = explorerStatement(read);
  const { rows } = await db.query<ExplorerRawRow>({ text, values, rowMode: 'array' });
  return rows;
}

/** Rows fetched per round trip of an export cursor; memory stays bounded by this many rows per stream. */
export const EXPLORER_STREAM_BATCH = 2000;

/**
 * The rows of a read of any size as an object-mode stream of ExplorerRawRow, pulled from a cursor as the consumer
 * reads (backpressure); destroying the stream closes the cursor, which stops the query. Run inside a transaction.
 */
export function streamExplorerRows(db: Queryable, read: ExplorerRead): QueryStream {
  if (read.series.length === 0) throw new Error('streamExplorerRows needs at least one series');
  const { text, values } = explorerStatement(read);
  return db.query(new QueryStream(text, values, { rowMode: 'array', batchSize: EXPLORER_STREAM_BATCH }));
}

/**
 * Settings for the rest of the current transaction, before streamExplorerRows of `read`. Statements time out after
 * `timeoutMs` instead of the pool's default (which would cut long exports short); parallel plans are off, since a
 * cursor read in batches runs them without workers. For stored values the planner must take the streaming plan
 * (each series in index order, merged) where it would otherwise prefer sorting the whole range for a full read:
 * enable_sort = off. Not for aggregates, whose per-series sorts are small and unavoidable: there it would only add
 * its huge penalty cost to the estimate, and that estimate would trigger JIT compilation (hundreds of ms).
 */
export async function prepareExplorerStream(db: Queryable, timeoutMs: number, read: Pick<ExplorerRead, 'aggregate'>): Promise<void> {
  await db.query(
    `SELECT set_config('statement_timeout', $1, true), set_config('max_parallel_workers_per_gather', '0', true),
            set_config('enable_sort', $2, true)`,
    [String(timeoutMs), read.aggregate ? 'on' : 'off'],
  );
}
