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

export async function insertMachine(
  db: Queryable,
  m: { orgId: string; name: string; description: string | null; location: string | null },
): Promise<MachineRow> {
  const { rows } = await db.query<MachineRow>(
    `INSERT INTO machines (org_id, name, description, location) VALUES ($1, $2, $3, $4)
     RETURNING id, org_id, name, description, location, status, token_preview, last_data_received, last_heartbeat, created_at, updated_at`,
    [m.orgId, m.name, m.description, m.location],
  );
  return rows[0]!;
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
