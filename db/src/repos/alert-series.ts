import type { SeriesPoint } from '@taktwerk/common';
import type { Queryable } from '../pool';

// Values of one tag for alert evaluation and backtests, read in bounded pages. ingested_values has no RLS: callers
// have checked that the machine belongs to the organization (the rule's machine, or machineExists under withTenant).

interface PointRow {
  ts: Date;
  value: number | null;
}
const toPoints = (rows: PointRow[]): SeriesPoint[] => rows.map((r) => ({ ts: r.ts.getTime(), value: r.value }));

/** Oldest first: at most `limit` values with after < ts (≤ until, if given). */
export async function readTagPointsAfter(
  db: Queryable,
  q: { machineId: string; tag: string; after: number; until?: number; limit: number },
): Promise<SeriesPoint[]> {
  const { rows } = await db.query<PointRow>(
    `SELECT ts, value FROM ingested_values
      WHERE machine_id = $1 AND tag = $2 AND ts > $3 AND ($4::timestamptz IS NULL OR ts <= $4)
      ORDER BY ts LIMIT $5`,
    [q.machineId, q.tag, new Date(q.after), q.until === undefined ? null : new Date(q.until), q.limit],
  );
  return toPoints(rows);
}

/** Oldest first: the latest `limit` values with from ≤ ts ≤ through (a deviation window's history). */
export async function readTagHistory(
  db: Queryable,
  q: { machineId: string; tag: string; from: number; through: number; limit: number },
): Promise<SeriesPoint[]> {
  const { rows } = await db.query<PointRow>(
    `SELECT ts, value FROM ingested_values
      WHERE machine_id = $1 AND tag = $2 AND ts >= $3 AND ts <= $4 AND value IS NOT NULL
      ORDER BY ts DESC LIMIT $5`,
    [q.machineId, q.tag, new Date(q.from), new Date(q.through), q.limit],
  );
  return toPoints(rows).reverse();
}

/**
 * Time of the oldest value received (stored) since `since`, among those with ts ≥ notBefore; null if none. Where a
 * rule that has evaluated nothing yet starts: values sent after it was armed, in whatever order their jobs run.
 */
export async function firstValueReceivedSince(db: Queryable, q: { machineId: string; tag: string; since: number; notBefore: number }): Promise<number | null> {
  const { rows } = await db.query<{ ts: Date | null }>(
    'SELECT min(ts) AS ts FROM ingested_values WHERE machine_id = $1 AND tag = $2 AND ts >= $3 AND received_at >= $4',
    [q.machineId, q.tag, new Date(q.notBefore), new Date(q.since)],
  );
  return rows[0]?.ts?.getTime() ?? null;
}

/** Time of the tag's newest value, or null. */
export async function latestTagValueTime(db: Queryable, machineId: string, tag: string): Promise<number | null> {
  const { rows } = await db.query<{ ts: Date }>('SELECT ts FROM ingested_values WHERE machine_id = $1 AND tag = $2 ORDER BY ts DESC LIMIT 1', [
    machineId,
    tag,
  ]);
  return rows[0]?.ts.getTime() ?? null;
}

export interface TagWalk {
  machineId: string;
  tag: string;
  /** Values after this time (epoch ms). */
  after: number;
  until?: number;
  pageSize: number;
  /** Deviation rules: each page starts with up to `maxValues` values of the `spanMs` before its first value. */
  history?: { spanMs: number; maxValues: number };
}

/**
 * The tag's values after `walk.after`, page by page (memory bounded by the page size). A page's history is never
 * newer than the previous page's last value (or `after`), which the evaluator takes as already seen: pass it
 * `[...history, ...page]` with state.lastPointTs at that value.
 */
export async function* walkTagPoints(db: Queryable, walk: TagWalk): AsyncGenerator<{ history: SeriesPoint[]; page: SeriesPoint[] }> {
  let cursor = walk.after;
  for (;;) {
    const page = await readTagPointsAfter(db, { machineId: walk.machineId, tag: walk.tag, after: cursor, until: walk.until, limit: walk.pageSize });
    if (page.length === 0) return;
    const history = walk.history
      ? await readTagHistory(db, { machineId: walk.machineId, tag: walk.tag, from: page[0]!.ts - walk.history.spanMs, through: cursor, limit: walk.history.maxValues })
      : [];
    yield { history, page };
    if (page.length < walk.pageSize) return;
    cursor = page.at(-1)!.ts;
  }
}
