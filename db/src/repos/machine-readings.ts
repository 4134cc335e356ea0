import type { TagDataType } from '@taktwerk/common';
import type { Queryable } from '../pool';

// ingested_values carries no org_id and no RLS (SECURITY.md item 9): every query here starts from machines or
// tag_configs, which RLS confines to the caller's organization, or from a machine id the caller has already checked.

export interface TagReadingRow {
  machine_id: string;
  id: string;
  alias: string;
  data_type: TagDataType;
  unit: string | null;
  ts: Date | null;
  value: number | null;
  value_text: string | null;
}

/** The first `perMachine` enabled tags of each machine with their latest value (null when none arrived yet). */
export async function latestEnabledTagReadings(
  db: Queryable,
  orgId: string,
  machineIds: string[],
  perMachine: number,
): Promise<TagReadingRow[]> {
  const { rows } = await db.query<TagReadingRow>(
    `SELECT t.machine_id, t.id, t.alias, t.data_type, t.unit, v.ts, v.value, v.value_text
       FROM (SELECT tc.*, row_number() OVER (PARTITION BY tc.machine_id ORDER BY tc.created_at, lower(tc.alias)) AS position
               FROM tag_configs tc
              WHERE tc.org_id = $1 AND tc.machine_id = ANY($2::uuid[]) AND tc.enabled) t
       LEFT JOIN LATERAL (
              SELECT iv.ts, iv.value, iv.value_text FROM ingested_values iv
               WHERE iv.machine_id = t.machine_id AND iv.tag = t.alias
               ORDER BY iv.ts DESC LIMIT 1) v ON true
      WHERE t.position <= $3
      ORDER BY t.machine_id, t.position`,
    [orgId, machineIds, perMachine],
  );
  return rows;
}

/** Points stored for one machine at or after `since`; the caller must have checked the machine is the caller's. */
export async function countMachinePointsSince(db: Queryable, machineId: string, since: Date): Promise<number> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*) AS n FROM ingested_values WHERE machine_id = $1 AND ts >= $2', [
    machineId,
    since,
  ]);
  return rows[0]!.n;
}
