import { machineDisplayStatus, type Machine, type TagReading } from '@taktwerk/common';
import type { MachineListRow, TagReadingRow } from '@taktwerk/db';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function readingValue(row: TagReadingRow): TagReading['value'] {
  if (row.ts === null) return null;
  if (row.data_type === 'String') return row.value_text;
  if (row.data_type === 'Boolean') return row.value === null ? null : row.value !== 0;
  return row.value;
}

export function presentReading(row: TagReadingRow): TagReading {
  return { id: row.id, alias: row.alias, dataType: row.data_type, unit: row.unit, value: readingValue(row), timestamp: iso(row.ts) };
}

export function presentMachine(row: MachineListRow, readings: TagReadingRow[], now = Date.now()): Machine {
  const lastDataReceived = iso(row.last_data_received);
  const lastHeartbeat = iso(row.last_heartbeat);
  const times = [row.last_data_received, row.last_heartbeat].filter((d): d is Date => d !== null).map((d) => d.getTime());
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    location: row.location,
    status: row.status,
    displayStatus: machineDisplayStatus({ status: row.status, lastDataReceived, lastHeartbeat }, now),
    tokenPreview: row.token_preview,
    lastDataReceived,
    lastHeartbeat,
    lastUpdate: times.length ? new Date(Math.max(...times)).toISOString() : null,
    tagCount: row.tag_count,
    enabledTagCount: row.enabled_tag_count,
    previewTags: readings.filter((r) => r.machine_id === row.id).map(presentReading),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}
