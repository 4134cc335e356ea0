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

export async function pointsOnDay(db: Queryable, orgId: string, day: string): Promise<number> {
  const { rows } = await db.query<{ points: number }>('SELECT points FROM org_usage_daily WHERE org_id = $1 AND day = $2', [orgId, day]);
  return rows[0]?.points ?? 0;
}

export async function addPointsOnDay(db: Queryable, orgId: string, day: string, points: number): Promise<void> {
  if (points === 0) return;
  await db.query(
    `INSERT INTO org_usage_daily (org_id, day, points) VALUES ($1, $2, $3)
     ON CONFLICT (org_id, day) DO UPDATE SET points = org_usage_daily.points + excluded.points`,
    [orgId, day, points],
  );
}

/** Marks data received; writes only when the stored time is older by a few seconds, not once per batch. */
export async function touchMachineData(db: Queryable, machineId: string, at: Date): Promise<void> {
  await db.query(
    `UPDATE machines SET last_data_received = $2, status = 'online'
      WHERE id = $1 AND (last_data_received IS NULL OR last_data_received < $2::timestamptz - interval '5 seconds')`,
    [machineId, at],
  );
}
