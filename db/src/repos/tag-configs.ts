import type { Aggregation, TagDataType } from '@taktwerk/common';
import type { Queryable } from '../pool';

export interface TagConfigRow {
  id: string;
  org_id: string;
  machine_id: string;
  path: string;
  alias: string;
  enabled: boolean;
  sample_interval_ms: number;
  send_interval_ms: number;
  aggregation: Aggregation;
  data_type: TagDataType;
  unit: string | null;
  description: string | null;
  created_at: Date;
  updated_at: Date;
}

export interface TagConfigFields {
  path: string;
  alias: string;
  enabled: boolean;
  sampleIntervalMs: number;
  sendIntervalMs: number;
  aggregation: Aggregation;
  dataType: TagDataType;
  unit: string | null;
  description: string | null;
}

export async function listTagConfigs(db: Queryable, orgId: string, machineId: string): Promise<TagConfigRow[]> {
  const { rows } = await db.query<TagConfigRow>(
    'SELECT * FROM tag_configs WHERE org_id = $1 AND machine_id = $2 ORDER BY created_at, lower(alias)',
    [orgId, machineId],
  );
  return rows;
}

export async function countTagConfigs(db: Queryable, orgId: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM tag_configs WHERE org_id = $1', [orgId]);
  return rows[0]!.n;
}

export async function createTagConfig(db: Queryable, orgId: string, machineId: string, t: TagConfigFields): Promise<TagConfigRow> {
  const { rows } = await db.query<TagConfigRow>(
    `INSERT INTO tag_configs (org_id, machine_id, path, alias, enabled, sample_interval_ms, send_interval_ms, aggregation,
                              data_type, unit, description)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING *`,
    [orgId, machineId, t.path, t.alias, t.enabled, t.sampleIntervalMs, t.sendIntervalMs, t.aggregation, t.dataType, t.unit, t.description],
  );
  return rows[0]!;
}

/** Changes only the fields given (undefined keeps a value, null clears unit or description); null when there is no such tag. */
export async function updateTagConfig(
  db: Queryable,
  orgId: string,
  machineId: string,
  tagId: string,
  t: Partial<TagConfigFields>,
): Promise<TagConfigRow | null> {
  const { rows } = await db.query<TagConfigRow>(
    `UPDATE tag_configs SET
            path = coalesce($4, path), alias = coalesce($5, alias), enabled = coalesce($6, enabled),
            sample_interval_ms = coalesce($7, sample_interval_ms), send_interval_ms = coalesce($8, send_interval_ms),
            aggregation = coalesce($9, aggregation), data_type = coalesce($10, data_type),
            unit = CASE WHEN $11 THEN $12 ELSE unit END,
            description = CASE WHEN $13 THEN $14 ELSE description END
      WHERE org_id = $1 AND machine_id = $2 AND id = $3
      RETURNING *`,
    [
      orgId,
      machineId,
      tagId,
      t.path ?? null,
      t.alias ?? null,
      t.enabled ?? null,
      t.sampleIntervalMs ?? null,
      t.sendIntervalMs ?? null,
      t.aggregation ?? null,
      t.dataType ?? null,
      t.unit !== undefined,
      t.unit ?? null,
      t.description !== undefined,
      t.description ?? null,
    ],
  );
  return rows[0] ?? null;
}

export async function deleteTagConfigs(db: Queryable, orgId: string, machineId: string, tagIds: string[]): Promise<number> {
  const { rowCount } = await db.query('DELETE FROM tag_configs WHERE org_id = $1 AND machine_id = $2 AND id = ANY($3::uuid[])', [
    orgId,
    machineId,
    tagIds,
  ]);
  return rowCount ?? 0;
}
