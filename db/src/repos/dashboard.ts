import type { AlertSeverity, MachineStatus } from '@taktwerk/common';
import type { Queryable } from '../pool';

// The dashboard's reads, run inside the organization's tenant transaction (each also filters on org_id).

export interface DashboardCounts {
  usage_limits: Record<string, unknown> | null;
  /** Machines whose latest connection event at `dayAgo` was 'online'. */
  online_day_ago: number;
  tags_enabled: number;
  /** Enabled tags that already existed at `dayAgo`. */
  tags_enabled_day_ago: number;
  points_today: number;
  points_yesterday: number;
  alerts_active: number;
  /** Active alerts of severity high or critical. */
  alerts_severe: number;
  /** Triggered events that existed and were not yet acknowledged at `dayAgo`. */
  alerts_active_day_ago: number;
}

/** Every KPI figure and its comparison value in one round trip. `today` and `yesterday` are UTC days (YYYY-MM-DD). */
export async function readDashboardCounts(
  db: Queryable,
  orgId: string,
  at: { dayAgo: Date; today: string; yesterday: string },
): Promise<DashboardCounts> {
  const { rows } = await db.query<DashboardCounts>(
    `SELECT (SELECT usage_limits FROM organizations WHERE id = $1) AS usage_limits,
            (SELECT count(*) FROM machines m
              WHERE m.org_id = $1
                AND (SELECT e.state FROM machine_connection_events e
                      WHERE e.machine_id = m.id AND e.at <= $2 ORDER BY e.at DESC, e.id DESC LIMIT 1) = 'online')::int AS online_day_ago,
            (SELECT count(*) FROM tag_configs WHERE org_id = $1 AND enabled)::int AS tags_enabled,
            (SELECT count(*) FROM tag_configs WHERE org_id = $1 AND enabled AND created_at <= $2)::int AS tags_enabled_day_ago,
            (SELECT coalesce(sum(points), 0) FROM org_usage_daily WHERE org_id = $1 AND day = $3::date)::bigint AS points_today,
            (SELECT coalesce(sum(points), 0) FROM org_usage_daily WHERE org_id = $1 AND day = $4::date)::bigint AS points_yesterday,
            (SELECT count(*) FROM alert_events WHERE org_id = $1 AND state = 'triggered' AND NOT acknowledged)::int AS alerts_active,
            (SELECT count(*) FROM alert_events e JOIN alert_rules r ON r.id = e.alert_id
              WHERE e.org_id = $1 AND e.state = 'triggered' AND NOT e.acknowledged AND r.severity IN ('high', 'critical'))::int AS alerts_severe,
            (SELECT count(*) FROM alert_events
              WHERE org_id = $1 AND state = 'triggered' AND ts <= $2 AND (acknowledged_at IS NULL OR acknowledged_at > $2))::int AS alerts_active_day_ago`,
    [orgId, at.dayAgo, at.today, at.yesterday],
  );
  return rows[0]!;
}

export interface DashboardMachineRow {
  id: string;
  name: string;
  description: string | null;
  status: MachineStatus;
  last_data_received: Date | null;
  last_heartbeat: Date | null;
  tag_count: number;
  open_alerts: number;
}

/** The machine status grid: each machine with its tag count and unacknowledged triggered alert events, by name. */
export async function listDashboardMachines(db: Queryable, orgId: string): Promise<DashboardMachineRow[]> {
  const { rows } = await db.query<DashboardMachineRow>(
    `SELECT m.id, m.name, m.description, m.status, m.last_data_received, m.last_heartbeat,
            (SELECT count(*) FROM tag_configs t WHERE t.machine_id = m.id)::int AS tag_count,
            (SELECT count(*) FROM alert_events e JOIN alert_rules r ON r.id = e.alert_id
              WHERE r.machine_id = m.id AND e.state = 'triggered' AND NOT e.acknowledged)::int AS open_alerts
       FROM machines m
      WHERE m.org_id = $1
      ORDER BY lower(m.name), m.created_at`,
    [orgId],
  );
  return rows;
}

export type ActivityRow =
  | {
      kind: 'alert';
      id: string;
      at: Date;
      machine_id: string;
      machine_name: string;
      state: 'triggered' | 'resolved';
      rule_name: string;
      severity: AlertSeverity;
      message: string | null;
    }
  | {
      kind: 'connection';
      id: string;
      at: Date;
      machine_id: string;
      machine_name: string;
      state: 'online' | 'offline';
      rule_name: null;
      severity: null;
      message: null;
    };

/** Recent Activity: the newest alert events and connection changes together, newest first, at most `limit`. */
export async function listRecentActivity(db: Queryable, orgId: string, limit: number): Promise<ActivityRow[]> {
  const { rows } = await db.query<ActivityRow>(
    `(SELECT 'alert' AS kind, e.id::text AS id, e.ts AS at, m.id AS machine_id, m.name AS machine_name, e.state,
             r.name AS rule_name, r.severity, e.payload->>'message' AS message
        FROM alert_events e JOIN alert_rules r ON r.id = e.alert_id JOIN machines m ON m.id = r.machine_id
       WHERE e.org_id = $1
       ORDER BY e.ts DESC, e.created_at DESC
       LIMIT $2)
     UNION ALL
     (SELECT 'connection', c.id::text, c.at, m.id, m.name, c.state, NULL, NULL, NULL
        FROM machine_connection_events c JOIN machines m ON m.id = c.machine_id
       WHERE c.org_id = $1
       ORDER BY c.at DESC, c.id DESC
       LIMIT $2)
     ORDER BY at DESC, kind, id
     LIMIT $2`,
    [orgId, limit],
  );
  return rows;
}
