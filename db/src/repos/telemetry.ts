import type { Queryable } from '../pool';

// ingested_values has no org_id and no RLS (SECURITY.md item 9): every caller must have checked that the machine
// belongs to the caller's organization before calling anything here.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
// Buckets align to UTC like TimescaleDB's time_bucket (2000-01-03 is its default origin).
const ORIGIN = '2000-01-03T00:00:00Z';

export interface SeriesRequest {
  machineId: string;
  tag: string;
  from: Date;
  to: Date;
  maxPoints: number;
}

export type Resolution = 'raw' | '1m' | '1h';

/** Columnar, ready for uPlot: t in epoch seconds; one entry per point or bucket. */
export interface Series {
  resolution: Resolution;
  /** 0 for raw points, else the bucket width. */
  bucketSeconds: number;
  t: number[];
  avg: (number | null)[];
  min: (number | null)[];
  max: (number | null)[];
  count: number[];
}

interface BucketRow {
  t: number;
  avg: number | null;
  min: number | null;
  max: number | null;
  count: number;
}

function toSeries(resolution: Resolution, bucketMs: number, rows: BucketRow[]): Series {
  return {
    resolution,
    bucketSeconds: bucketMs / 1000,
    t: rows.map((r) => r.t),
    avg: rows.map((r) => r.avg),
    min: rows.map((r) => r.min),
    max: rows.map((r) => r.max),
    count: rows.map((r) => r.count),
  };
}

/**
 * Whether the range holds at most `limit` raw points. Reads at most limit + 1 index entries, so a 30-day range of
 * 1 Hz data costs no more than a sparse one (summing the 1-minute rollup over 30 days read 43,200 rows per chart).
 */
async function fitsRaw(db: Queryable, q: SeriesRequest): Promise<boolean> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM (
       SELECT 1 FROM ingested_values WHERE machine_id = $1 AND tag = $2 AND ts >= $3 AND ts < $4 LIMIT $5
     ) AS head`,
    [q.machineId, q.tag, q.from, q.to, q.maxPoints + 1],
  );
  return rows[0]!.n <= q.maxPoints;
}

/**
 * Points of one tag for a chart, at most about maxPoints: raw points when there are few enough, otherwise buckets
 * as wide as needed, read from the narrowest source that serves them (raw below a minute, then the 1-minute,
 * then the 1-hour rollups).
 */
export async function querySeries(db: Queryable, q: SeriesRequest): Promise<Series> {
  const span = q.to.getTime() - q.from.getTime();
  const params = [q.machineId, q.tag, q.from, q.to];
  if (await fitsRaw(db, q)) {
    const { rows } = await db.query<BucketRow>(
      `SELECT extract(epoch FROM ts)::float8 AS t, value AS avg, value AS min, value AS max, 1 AS count
         FROM ingested_values WHERE machine_id = $1 AND tag = $2 AND ts >= $3 AND ts < $4 ORDER BY ts`,
      params,
    );
    return toSeries('raw', 0, rows);
  }
  const width = Math.max(1000, Math.ceil(span / q.maxPoints));
  if (width < MINUTE) {
    const bucketMs = Math.ceil(width / 1000) * 1000;
    const { rows } = await db.query<BucketRow>(
      `SELECT extract(epoch FROM date_bin($5::interval, ts, $6::timestamptz))::float8 AS t,
              avg(value) AS avg, min(value) AS min, max(value) AS max, count(value)::int AS count
         FROM ingested_values WHERE machine_id = $1 AND tag = $2 AND ts >= $3 AND ts < $4
        GROUP BY 1 ORDER BY 1`,
      [...params, `${bucketMs / 1000} seconds`, ORIGIN],
    );
    return toSeries('raw', bucketMs, rows);
  }
  const [source, unit]: [string, number] = width < HOUR ? ['ingested_values_1m', MINUTE] : ['ingested_values_1h', HOUR];
  const bucketMs = Math.ceil(width / unit) * unit;
  const { rows } = await db.query<BucketRow>(
    `SELECT extract(epoch FROM date_bin($5::interval, bucket, $6::timestamptz))::float8 AS t,
            sum(sum) / nullif(sum(count), 0) AS avg, min(min) AS min, max(max) AS max, sum(count)::int AS count
       FROM ${source} WHERE machine_id = $1 AND tag = $2 AND bucket >= $3 AND bucket < $4
      GROUP BY 1 ORDER BY 1`,
    [...params, `${bucketMs / 1000} seconds`, ORIGIN],
  );
  return toSeries(unit === MINUTE ? '1m' : '1h', bucketMs, rows);
}

export interface Aggregate {
  avg: number | null;
  sum: number | null;
  min: number | null;
  max: number | null;
  count: number;
}

const floorTo = (t: number, unit: number) => Math.floor(t / unit) * unit;
const ceilTo = (t: number, unit: number) => Math.ceil(t / unit) * unit;

/**
 * avg, sum, min, max and count of one tag over [from, to), exact: whole hours from the 1-hour rollup, the whole
 * minutes around them from the 1-minute rollup, and the partial minutes at both ends from the raw points.
 */
export async function aggregateRange(db: Queryable, q: { machineId: string; tag: string; from: Date; to: Date }): Promise<Aggregate> {
  const from = q.from.getTime();
  const to = Math.max(from, q.to.getTime());
  let m1 = ceilTo(from, MINUTE);
  let m2 = floorTo(to, MINUTE);
  if (m1 >= m2) m1 = m2 = to; // under a minute: everything raw
  let h1 = ceilTo(m1, HOUR);
  let h2 = floorTo(m2, HOUR);
  if (h1 >= h2) h1 = h2 = m2; // no whole hour: minutes cover [m1, m2)
  const at = (t: number) => new Date(t);
  const { rows } = await db.query<Aggregate & { sum: number | null }>(
    `WITH parts AS (
       SELECT min(value) AS min, max(value) AS max, sum(value) AS sum, count(value)::bigint AS count
         FROM ingested_values
        WHERE machine_id = $1 AND tag = $2 AND ((ts >= $3 AND ts < $4) OR (ts >= $5 AND ts < $6))
       UNION ALL
       SELECT min(min), max(max), sum(sum), coalesce(sum(count), 0)::bigint
         FROM ingested_values_1m
        WHERE machine_id = $1 AND tag = $2 AND ((bucket >= $4 AND bucket < $7) OR (bucket >= $8 AND bucket < $5))
       UNION ALL
       SELECT min(min), max(max), sum(sum), coalesce(sum(count), 0)::bigint
         FROM ingested_values_1h
        WHERE machine_id = $1 AND tag = $2 AND bucket >= $7 AND bucket < $8)
     SELECT min(min) AS min, max(max) AS max, sum(sum) AS sum, sum(count)::bigint AS count,
            sum(sum) / nullif(sum(count), 0) AS avg
       FROM parts`,
    [q.machineId, q.tag, at(from), at(m1), at(m2), at(to), at(h1), at(h2)],
  );
  const row = rows[0]!;
  return { avg: row.avg, sum: row.sum, min: row.min, max: row.max, count: Number(row.count) };
}
