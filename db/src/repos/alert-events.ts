import type { AlertEventState, AlertRuleType, AlertSeverity } from '@taktwerk/common';
import type { Queryable } from '../pool';

export interface NewAlertEvent {
  orgId: string;
  alertId: string;
  state: AlertEventState;
  payload: Record<string, unknown>;
  ts: Date;
  /** Identifies the transition: recording it again (a second worker, a job run twice) inserts nothing. */
  dedupeKey: string;
}

/** Records an event; returns its id, or null when this transition was already recorded. */
export async function insertAlertEvent(db: Queryable, e: NewAlertEvent): Promise<string | null> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO alert_events (org_id, alert_id, state, payload, ts, dedupe_key) VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (alert_id, dedupe_key) DO NOTHING RETURNING id`,
    [e.orgId, e.alertId, e.state, JSON.stringify(e.payload), e.ts, e.dedupeKey],
  );
  return rows[0]?.id ?? null;
}

export interface AlertEventRow {
  id: string;
  alert_id: string;
  state: AlertEventState;
  payload: Record<string, unknown>;
  ts: Date;
  acknowledged: boolean;
  acknowledged_at: Date | null;
  acknowledged_by: string | null;
  acknowledged_by_name: string | null;
  rule_name: string;
  rule_type: AlertRuleType;
  severity: AlertSeverity;
  machine_id: string;
  machine_name: string;
}

const SELECT_EVENTS = `
  SELECT e.id, e.alert_id, e.state, e.payload, e.ts, e.acknowledged, e.acknowledged_at, e.acknowledged_by,
         u.name AS acknowledged_by_name, r.name AS rule_name, r.rule_type, r.severity, m.id AS machine_id, m.name AS machine_name
    FROM alert_events e
    JOIN alert_rules r ON r.id = e.alert_id
    JOIN machines m ON m.id = r.machine_id
    LEFT JOIN users u ON u.id = e.acknowledged_by`;

/** Newest first (by the time of the transition), at most `limit`. */
export async function listAlertEvents(
  db: Queryable,
  orgId: string,
  filter: { ruleId?: string; machineId?: string; limit: number },
): Promise<AlertEventRow[]> {
  const { rows } = await db.query<AlertEventRow>(
    `${SELECT_EVENTS}
      WHERE e.org_id = $1 AND ($2::uuid IS NULL OR e.alert_id = $2) AND ($3::uuid IS NULL OR r.machine_id = $3)
      ORDER BY e.ts DESC, e.created_at DESC, e.id
      LIMIT $4`,
    [orgId, filter.ruleId ?? null, filter.machineId ?? null, filter.limit],
  );
  return rows;
}

export async function findAlertEvent(db: Queryable, orgId: string, id: string): Promise<AlertEventRow | null> {
  const { rows } = await db.query<AlertEventRow>(`${SELECT_EVENTS} WHERE e.org_id = $1 AND e.id = $2`, [orgId, id]);
  return rows[0] ?? null;
}

export async function countUnacknowledgedEvents(db: Queryable, orgId: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM alert_events WHERE org_id = $1 AND NOT acknowledged', [orgId]);
  return rows[0]!.n;
}

/**
 * Marks an event acknowledged by a user; an event already acknowledged keeps its first time and user.
 * False when there is no such event.
 */
export async function acknowledgeAlertEvent(db: Queryable, orgId: string, id: string, userId: string): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE alert_events SET acknowledged = true, acknowledged_at = now(), acknowledged_by = $3
      WHERE org_id = $1 AND id = $2 AND NOT acknowledged`,
    [orgId, id, userId],
  );
  if ((rowCount ?? 0) > 0) return true;
  const { rowCount: exists } = await db.query('SELECT 1 FROM alert_events WHERE org_id = $1 AND id = $2', [orgId, id]);
  return (exists ?? 0) > 0;
}

export async function deleteAlertEvent(db: Queryable, orgId: string, id: string): Promise<boolean> {
  const { rowCount } = await db.query('DELETE FROM alert_events WHERE org_id = $1 AND id = $2', [orgId, id]);
  return (rowCount ?? 0) > 0;
}
