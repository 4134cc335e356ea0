import type { Queryable } from '../pool';
import type { StorageMode } from './storage';

// Retention deletes run on the platform path (withPlatform) and each removes at most `limit` rows, so no
// statement holds its locks or writes its WAL for long; the worker loops until a statement finds fewer.
// ingested_values has no org_id: an organization's points are those of its machines.

export type RollupRelation = 'ingested_values_1m' | 'ingested_values_1h';
export const ROLLUP_RELATIONS: readonly RollupRelation[] = ['ingested_values_1m', 'ingested_values_1h'];

export interface RetentionTarget {
  orgId: string;
  usageLimits: Record<string, unknown>;
  machineIds: string[];
}

/** Every organization with its usage limits (retentionDays among them) and the ids of its machines. */
export async function listRetentionTargets(db: Queryable): Promise<RetentionTarget[]> {
  const { rows } = await db.query<{ id: string; usage_limits: Record<string, unknown>; machine_ids: string[] }>(
    `SELECT o.id, o.usage_limits, coalesce(array_agg(m.id ORDER BY m.id) FILTER (WHERE m.id IS NOT NULL), '{}') AS machine_ids
       FROM organizations o LEFT JOIN machines m ON m.org_id = o.id
      GROUP BY o.id ORDER BY o.id`,
  );
  return rows.map((r) => ({ orgId: r.id, usageLimits: r.usage_limits, machineIds: r.machine_ids }));
}

/** TimescaleDB only: drops raw and rollup chunks entirely older than `before`; returns the raw chunks dropped. */
export async function dropExpiredChunks(db: Queryable, before: Date): Promise<number> {
  const { rows } = await db.query<{ dropped: number }>('SELECT retention_drop_chunks($1) AS dropped', [before]);
  return rows[0]!.dropped;
}

/** Deletes at most `limit` points of these machines older than `before`; returns how many went. */
export async function deleteExpiredPoints(db: Queryable, machineIds: string[], before: Date, limit: number): Promise<number> {
  // Joined on the primary key rather than ctid: on a hypertable a ctid is unique only within its chunk.
  // The repeated `ts < $2` lets TimescaleDB exclude chunks in the DELETE itself.
  const { rowCount } = await db.query(
    `WITH doomed AS (
       SELECT machine_id, tag, ts FROM ingested_values WHERE machine_id = ANY ($1::uuid[]) AND ts < $2 LIMIT $3)
     DELETE FROM ingested_values v USING doomed d
      WHERE v.machine_id = d.machine_id AND v.tag = d.tag AND v.ts = d.ts AND v.ts < $2`,
    [machineIds, before, limit],
  );
  return rowCount ?? 0;
}

/** Deletes at most `limit` rollup buckets of these machines that start before `before`; returns how many went. */
export async function deleteExpiredRollups(
  db: Queryable,
  mode: StorageMode,
  relation: RollupRelation,
  machineIds: string[],
  before: Date,
  limit: number,
): Promise<number> {
  if (!ROLLUP_RELATIONS.includes(relation)) throw new Error(`not a rollup relation: ${relation}`);
  if (mode === 'timescale') {
    // Continuous aggregates are written through their materialization hypertable, which only the owner may.
    const { rows } = await db.query<{ deleted: number }>('SELECT retention_delete_rollups($1, $2, $3, $4) AS deleted', [
      relation,
      machineIds,
      before,
      limit,
    ]);
    return rows[0]!.deleted;
  }
  const { rowCount } = await db.query(
    `WITH doomed AS (
       SELECT machine_id, tag, bucket FROM ${relation} WHERE machine_id = ANY ($1::uuid[]) AND bucket < $2 LIMIT $3)
     DELETE FROM ${relation} r USING doomed d WHERE r.machine_id = d.machine_id AND r.tag = d.tag AND r.bucket = d.bucket`,
    [machineIds, before, limit],
  );
  return rowCount ?? 0;
}

/**
 * Plain PostgreSQL only: machines that still have points (or rollups) in `relation` but no longer exist. A loose
 * index scan over the primary key's leading column: one index probe per distinct machine, not a table scan.
 */
export async function listOrphanMachineIds(db: Queryable, relation: 'ingested_values' | RollupRelation): Promise<string[]> {
  if (relation !== 'ingested_values' && !ROLLUP_RELATIONS.includes(relation)) throw new Error(`not a point relation: ${relation}`);
  const { rows } = await db.query<{ machine_id: string }>(
    `WITH RECURSIVE ids AS (
       (SELECT machine_id FROM ${relation} ORDER BY machine_id LIMIT 1)
       UNION ALL
       SELECT (SELECT n.machine_id FROM ${relation} n WHERE n.machine_id > ids.machine_id ORDER BY n.machine_id LIMIT 1)
         FROM ids WHERE ids.machine_id IS NOT NULL)
     SELECT machine_id FROM ids
      WHERE machine_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM machines m WHERE m.id = ids.machine_id)`,
  );
  return rows.map((r) => r.machine_id);
}
