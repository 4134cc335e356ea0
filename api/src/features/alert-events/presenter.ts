import type { AlertEvent } from '@taktwerk/common';
import type { AlertEventRow, DeliveryRow } from '@taktwerk/db';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function presentEvent(row: AlertEventRow, deliveries: DeliveryRow[]): AlertEvent {
  return {
    id: row.id,
    alertId: row.alert_id,
    ruleName: row.rule_name,
    ruleType: row.rule_type,
    severity: row.severity,
    machineId: row.machine_id,
    machineName: row.machine_name,
    state: row.state,
    message: typeof row.payload.message === 'string' ? row.payload.message : '',
    payload: row.payload,
    timestamp: row.ts.toISOString(),
    acknowledged: row.acknowledged,
    acknowledgedAt: iso(row.acknowledged_at),
    acknowledgedBy: row.acknowledged_by,
    acknowledgedByName: row.acknowledged_by_name,
    // Where each delivery went stays with the rule's channels; the event shows only how it went.
    deliveries: deliveries
      .filter((d) => d.event_id === row.id)
      .map((d) => ({
        channelIndex: d.channel_index,
        channelType: d.channel_type,
        status: d.status,
        attempts: d.attempts,
        lastError: d.last_error,
        sentAt: iso(d.sent_at),
      })),
  };
}
