// Small reads of stored telemetry for the query endpoints; callers have checked the machine is the caller's.

import type { Queryable } from '../pool';

/**
 * Points stored per machine of the organization at or after `since` (optionally one machine only). Counted per
 * configured tag, so each count is an index range scan over just that window, not a scan of the machine's history;
 * points kept under an alias that no tag has any more (a renamed or deleted tag) are not counted.
 */
export async function countMachinePointsSinceByTag(
  db: Queryable,
  orgId: string,
  since: Date,
  machineId: string | null,
): Promise<{ machineId: string; points: number }[]> {
  const { rows } = await db.query<{ machineId: string; points: number }>(
    `SELECT m.id AS "machineId", coalesce(sum(c.n), 0)::bigint AS points
       FROM machines m
       LEFT JOIN tag_configs t ON t.machine_id = m.id
       LEFT JOIN LATERAL (SELECT count(*) AS n FROM ingested_values v WHERE v.machine_id = m.id AND v.tag = t.alias AND v.ts >= $2) c ON true
      WHERE m.org_id = $1 AND ($3::uuid IS NULL OR m.id = $3::uuid)
      GROUP BY m.id, m.name
      ORDER BY lower(m.name), m.id`,
    [orgId, since, machineId],
  );
  return rows;
}

/**
 * Whether the machine is visible to the current tenant (RLS hides other organizations' machines) and the stored
 * spelling of its tag alias matched case-insensitively (points are stored under it), in one round trip: null when
 * the machine is not the caller's, alias null when it has no such tag.
 */
export async function findMachineTag(db: Queryable, orgId: string, machineId: string, tag: string): Promise<{ alias: string | null } | null> {
  const { rows } = await db.query<{ alias: string | null }>(
    `SELECT (SELECT t.alias FROM tag_configs t WHERE t.org_id = $1 AND t.machine_id = m.id AND lower(t.alias) = lower($3)) AS alias
       FROM machines m WHERE m.org_id = $1 AND m.id = $2`,
    [orgId, machineId, tag],
  );
  return rows[0] ?? null;
}
