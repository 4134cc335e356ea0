import { machineDisplayStatus, type Activity, type DashboardMachine } from '@taktwerk/common';
import type { ActivityRow, DashboardMachineRow } from '@taktwerk/db';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function presentDashboardMachine(row: DashboardMachineRow, now: number): DashboardMachine {
  const lastDataReceived = iso(row.last_data_received);
  const lastHeartbeat = iso(row.last_heartbeat);
  const times = [row.last_data_received, row.last_heartbeat].filter((d): d is Date => d !== null).map((d) => d.getTime());
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    status: machineDisplayStatus({ status: row.status, lastDataReceived, lastHeartbeat }, now),
    tagCount: row.tag_count,
    lastUpdate: times.length > 0 ? new Date(Math.max(...times)).toISOString() : null,
    openAlerts: row.open_alerts,
  };
}

export function presentActivity(row: ActivityRow): Activity {
  const common = { id: `${row.kind}:${row.id}`, at: row.at.toISOString(), machineId: row.machine_id, machineName: row.machine_name };
  if (row.kind === 'connection') return { kind: 'connection', ...common, state: row.state };
  return { kind: 'alert', ...common, state: row.state, ruleName: row.rule_name, severity: row.severity, message: row.message };
}
