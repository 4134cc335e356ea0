import type { Queryable } from '../pool';

export interface MachineRow {
  id: string;
  org_id: string;
  name: string;
  description: string | null;
  location: string | null;
  status: 'online' | 'offline' | 'error' | 'connecting';
  token_preview: string | null;
  last_data_received: Date | null;
  last_heartbeat: Date | null;
  created_at: Date;
  updated_at: Date;
}

/** A machine with its tag counts, as the machine list shows it. */
export interface MachineListRow extends MachineRow {
  tag_count: number;
  enabled_tag_count: number;
}

// token_hash is deliberately never selected: it leaves the database only for the credential lookup.
const COLUMNS = 'id, org_id, name, description, location, status, token_preview, last_data_received, last_heartbeat, created_at, updated_at';
const LIST_COLUMNS = `${COLUMNS.split(', ').map((c) => `m.${c}`).join(', ')},
  (SELECT count(*) FROM tag_configs t WHERE t.machine_id = m.id)::int AS tag_count,
  (SELECT count(*) FROM tag_configs t WHERE t.machine_id = m.id AND t.enabled)::int AS enabled_tag_count`;

export async function insertMachine(
  db: Queryable,
  m: { orgId: string; name: string; description: string | null; location: string | null; tokenHash?: string; tokenPreview?: string },
): Promise<MachineRow> {
  const { rows } = await db.query<MachineRow>(
    `INSERT INTO machines (org_id, name, description, location, token_hash, token_preview) VALUES ($1, $2, $3, $4, $5, $6)
     RETURNING ${COLUMNS}`,
    [m.orgId, m.name, m.description, m.location, m.tokenHash ?? null, m.tokenPreview ?? null],
  );
  return rows[0]!;
}

export async function listMachines(db: Queryable, orgId: string): Promise<MachineListRow[]> {
  const { rows } = await db.query<MachineListRow>(
    `SELECT ${LIST_COLUMNS} FROM machines m WHERE m.org_id = $1 ORDER BY lower(m.name), m.created_at`,
    [orgId],
  );
  return rows;
}

export async function findMachine(db: Queryable, orgId: string, id: string): Promise<MachineListRow | null> {
  const { rows } = await db.query<MachineListRow>(`SELECT ${LIST_COLUMNS} FROM machines m WHERE m.org_id = $1 AND m.id = $2`, [
    orgId,
    id,
  ]);
  return rows[0] ?? null;
}

export async function countMachines(db: Queryable, orgId: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM machines WHERE org_id = $1', [orgId]);
  return rows[0]!.n;
}

/** Changes only the fields given (undefined keeps a value, null clears it); false when there is no such machine. */
export async function updateMachine(
  db: Queryable,
  orgId: string,
  id: string,
  changes: { name?: string; description?: string | null; location?: string | null },
): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE machines SET name = coalesce($2, name),
            description = CASE WHEN $3 THEN $4 ELSE description END,
            location = CASE WHEN $5 THEN $6 ELSE location END
      WHERE id = $1 AND org_id = $7`,
    [id, changes.name ?? null, changes.description !== undefined, changes.description ?? null, changes.location !== undefined, changes.location ?? null, orgId],
  );
  return (rowCount ?? 0) > 0;
}

export async function setMachineToken(
  db: Queryable,
  orgId: string,
  id: string,
  token: { hash: string; preview: string },
): Promise<boolean> {
  const { rowCount } = await db.query('UPDATE machines SET token_hash = $3, token_preview = $4 WHERE org_id = $1 AND id = $2', [
    orgId,
    id,
    token.hash,
    token.preview,
  ]);
  return (rowCount ?? 0) > 0;
}

export async function deleteMachine(db: Queryable, orgId: string, id: string): Promise<boolean> {
  const { rowCount } = await db.query('DELETE FROM machines WHERE org_id = $1 AND id = $2', [orgId, id]);
  return (rowCount ?? 0) > 0;
}

/** The machine a token belongs to, across tenants: only for the credential lookup (platform path). */
export async function findMachineByTokenHash(db: Queryable, tokenHash: string): Promise<{ id: string; org_id: string } | null> {
  const { rows } = await db.query<{ id: string; org_id: string }>('SELECT id, org_id FROM machines WHERE token_hash = $1', [tokenHash]);
  return rows[0] ?? null;
}

export interface NewTagConfig {
  orgId: string;
  machineId: string;
  path: string;
  alias: string;
  dataType: 'Double' | 'Int32' | 'Boolean' | 'String';
  unit: string | null;
  description: string | null;
}

export async function insertTagConfig(db: Queryable, t: NewTagConfig): Promise<void> {
  await db.query(
    `INSERT INTO tag_configs (org_id, machine_id, path, alias, data_type, unit, description) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [t.orgId, t.machineId, t.path, t.alias, t.dataType, t.unit, t.description],
  );
}
