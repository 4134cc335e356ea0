import type { AgentProtocol } from '@taktwerk/common';
import type { Queryable } from '../pool';

export interface AgentConfigRow {
  machine_id: string;
  org_id: string;
  protocol: AgentProtocol;
  endpoint: string;
  send_interval_ms: number;
  buffer_size: number;
  created_at: Date;
  updated_at: Date;
}

export async function findAgentConfig(db: Queryable, orgId: string, machineId: string): Promise<AgentConfigRow | null> {
  const { rows } = await db.query<AgentConfigRow>('SELECT * FROM agent_configs WHERE org_id = $1 AND machine_id = $2', [orgId, machineId]);
  return rows[0] ?? null;
}

export interface AgentConfigFields {
  protocol: AgentProtocol;
  endpoint: string;
  sendIntervalMs: number;
  bufferSize: number;
}

export async function upsertAgentConfig(db: Queryable, orgId: string, machineId: string, c: AgentConfigFields): Promise<AgentConfigRow> {
  const { rows } = await db.query<AgentConfigRow>(
    `INSERT INTO agent_configs (machine_id, org_id, protocol, endpoint, send_interval_ms, buffer_size)
     VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (machine_id) DO UPDATE SET protocol = excluded.protocol, endpoint = excluded.endpoint,
            send_interval_ms = excluded.send_interval_ms, buffer_size = excluded.buffer_size
     RETURNING *`,
    [machineId, orgId, c.protocol, c.endpoint, c.sendIntervalMs, c.bufferSize],
  );
  return rows[0]!;
}
