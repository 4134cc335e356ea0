import type { TagDataType } from '@taktwerk/common';
import type { Queryable } from '../pool';

// Queries of the ingest path, run inside the sending organization's tenant transaction.

export async function machineExists(db: Queryable, machineId: string): Promise<boolean> {
  const { rowCount } = await db.query('SELECT 1 FROM machines WHERE id = $1', [machineId]);
  return (rowCount ?? 0) > 0;
}

export async function listTagTypes(db: Queryable, machineId: string): Promise<{ alias: string; data_type: TagDataType }[]> {
  const { rows } = await db.query<{ alias: string; data_type: TagDataType }>(
    'SELECT alias, data_type FROM tag_configs WHERE machine_id = $1',
    [machineId],
  );
  return rows;
}

export interface IngestContext {
  /** false for an unknown machine and for another organization's (row-level security hides it). */
  machineFound: boolean;
  usageLimits: Record<string, unknown> | null;
  pointsToday: number;
  tags: { alias: string; data_type: TagDataType }[];
}

/** Everything a batch is checked against, in one round trip: the machine, the plan's limits, today's usage, the tags. */
export async function readIngestContext(db: Queryable, q: { orgId: string; machineId: string; day: string }): Promise<IngestContext> {
  const { rows } = await db.query<{ machine_found: boolean; usage_limits: Record<string, unknown> | null; points_today: number; tags: [string, TagDataType][] }>(
    `SELECT EXISTS (SELECT 1 FROM machines WHERE id = $2) AS machine_found,
            (SELECT usage_limits FROM organizations WHERE id = $1) AS usage_limits,
            (SELECT coalesce(sum(points), 0)::bigint FROM org_usage_daily WHERE org_id = $1 AND day = $3) AS points_today,
            (SELECT coalesce(json_agg(json_build_array(alias, data_type)), '[]') FROM tag_configs WHERE machine_id = $2) AS tags`,
    [q.orgId, q.machineId, q.day],
  );
  const row = rows[0]!;
  return {
    machineFound: row.machine_found,
    usageLimits: row.usage_limits,
    pointsToday: row.points_today,
    tags: row.tags.map(([alias, data_type]) => ({ alias, data_type })),
  };
}

/** Registers tags first seen in a batch; a concurrent batch registering the same alias is not an error. */
export async function insertDiscoveredTags(
  db: Queryable,
  orgId: string,
  machineId: string,
  tags: { alias: string; dataType: TagDataType }[],
): Promise<void> {
  if (tags.length === 0) return;
  await db.query(
    `INSERT INTO tag_configs (org_id, machine_id, path, alias, data_type, description)
     SELECT $1, $2, t.alias, t.alias, t.data_type, 'Registered by ingest'
       FROM unnest($3::text[], $4::text[]) AS t (alias, data_type)
     ON CONFLICT DO NOTHING`,
    [orgId, machineId, tags.map((t) => t.alias), tags.map((t) => t.dataType)],
  );
}

/** Points counted for an organization on a UTC day (the sum of the day's slots, see migration 011). */
export async function pointsOnDay(db: Queryable, orgId: string, day: string): Promise<number> {
  const { rows } = await db.query<{ points: number }>(
    'SELECT coalesce(sum(points), 0)::bigint AS points FROM org_usage_daily WHERE org_id = $1 AND day = $2',
    [orgId, day],
  );
  return rows[0]!.points;
}

/**
 * After a batch's points are written, in one round trip: adds the new points to the day's usage, in the slot of
 * this connection (never contended by a concurrent batch), and marks the machine as having sent data. The machine
 * row is written only when its stored time is older by five seconds, not once per batch.
 */
export async function recordBatch(db: Queryable, b: { orgId: string; machineId: string; day: string; newPoints: number; receivedAt: Date | null }): Promise<void> {
  await db.query(
    `WITH usage AS (
       INSERT INTO org_usage_daily AS u (org_id, day, slot, points)
       SELECT $1::uuid, $3::date, pg_backend_pid() % 16, $4::bigint WHERE $4::bigint > 0
       ON CONFLICT (org_id, day, slot) DO UPDATE SET points = u.points + excluded.points)
     UPDATE machines SET last_data_received = $5::timestamptz, status = 'online'
      WHERE id = $2 AND $5::timestamptz IS NOT NULL
        AND (last_data_received IS NULL OR last_data_received < $5::timestamptz - interval '5 seconds')`,
    [b.orgId, b.machineId, b.day, b.newPoints, b.receivedAt],
  );
}
