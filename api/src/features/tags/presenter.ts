import type { TagConfig } from '@taktwerk/common';
import type { TagConfigRow } from '@taktwerk/db';

export function presentTagConfig(row: TagConfigRow): TagConfig {
  return {
    id: row.id,
    machineId: row.machine_id,
    path: row.path,
    alias: row.alias,
    enabled: row.enabled,
    sampleIntervalMs: row.sample_interval_ms,
    sendIntervalMs: row.send_interval_ms,
    aggregation: row.aggregation,
    dataType: row.data_type,
    unit: row.unit,
    description: row.description,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}
