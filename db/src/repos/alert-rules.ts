import type { AlertChannel, AlertRuleInput, AlertRuleState, AlertRuleType, AlertSeverity } from '@taktwerk/common';
import type { Queryable } from '../pool';

export interface AlertRuleRow {
  id: string;
  org_id: string;
  machine_id: string;
  machine_name: string;
  name: string;
  description: string | null;
  rule_type: AlertRuleType;
  /** As stored; the api wrote it from a validated draft, readers still parse it (alertExpressionSchema). */
  expression: Record<string, unknown>;
  severity: AlertSeverity;
  channels: AlertChannel[];
  enabled: boolean;
  cooldown_minutes: number;
  created_by: string | null;
  created_at: Date;
  updated_at: Date;
  state: AlertRuleState;
}

// The machine join also confirms the machine is the rule's organization's, whatever path (platform) reads it.
const SELECT_RULES = `
  SELECT r.id, r.org_id, r.machine_id, m.name AS machine_name, r.name, r.description, r.rule_type, r.expression,
         r.severity, r.channels, r.enabled, r.cooldown_minutes, r.created_by, r.created_at, r.updated_at,
         coalesce(s.state, 'ok') AS state
    FROM alert_rules r
    JOIN machines m ON m.id = r.machine_id AND m.org_id = r.org_id
    LEFT JOIN alert_rule_states s ON s.rule_id = r.id`;

export async function listAlertRules(db: Queryable, orgId: string): Promise<AlertRuleRow[]> {
  const { rows } = await db.query<AlertRuleRow>(`${SELECT_RULES} WHERE r.org_id = $1 ORDER BY lower(r.name), r.created_at`, [orgId]);
  return rows;
}

export async function findAlertRule(db: Queryable, orgId: string, id: string): Promise<AlertRuleRow | null> {
  const { rows } = await db.query<AlertRuleRow>(`${SELECT_RULES} WHERE r.org_id = $1 AND r.id = $2`, [orgId, id]);
  return rows[0] ?? null;
}

export async function countAlertRules(db: Queryable, orgId: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM alert_rules WHERE org_id = $1', [orgId]);
  return rows[0]!.n;
}

const ruleValues = (r: AlertRuleInput) => [
  r.machineId,
  r.name,
  r.description,
  r.ruleType,
  JSON.stringify(r.expression),
  r.severity,
  JSON.stringify(r.channels),
  r.enabled,
  r.cooldownMinutes,
];

/** Inserts a rule with its evaluation state (ok, armed now); returns its id. */
export async function insertAlertRule(db: Queryable, orgId: string, createdBy: string | null, rule: AlertRuleInput): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `WITH r AS (
       INSERT INTO alert_rules (machine_id, name, description, rule_type, expression, severity, channels, enabled, cooldown_minutes, org_id, created_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id, org_id)
     INSERT INTO alert_rule_states (rule_id, org_id) SELECT id, org_id FROM r RETURNING rule_id AS id`,
    [...ruleValues(rule), orgId, createdBy],
  );
  return rows[0]!.id;
}

/** Replaces a rule's fields; false when there is no such rule. */
export async function updateAlertRule(db: Queryable, orgId: string, id: string, rule: AlertRuleInput): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE alert_rules SET machine_id = $1, name = $2, description = $3, rule_type = $4, expression = $5, severity = $6,
            channels = $7, enabled = $8, cooldown_minutes = $9
      WHERE org_id = $10 AND id = $11`,
    [...ruleValues(rule), orgId, id],
  );
  return (rowCount ?? 0) > 0;
}

export async function setAlertRuleEnabled(db: Queryable, orgId: string, id: string, enabled: boolean): Promise<boolean> {
  const { rowCount } = await db.query('UPDATE alert_rules SET enabled = $3 WHERE org_id = $1 AND id = $2', [orgId, id, enabled]);
  return (rowCount ?? 0) > 0;
}

export async function deleteAlertRule(db: Queryable, orgId: string, id: string): Promise<boolean> {
  const { rowCount } = await db.query('DELETE FROM alert_rules WHERE org_id = $1 AND id = $2', [orgId, id]);
  return (rowCount ?? 0) > 0;
}

/** Lower-cased tags that enabled rules of a machine watch: whether an ingested batch needs an evaluation job. */
export async function listWatchedTags(db: Queryable, machineId: string): Promise<string[]> {
  const { rows } = await db.query<{ tag: string }>(
    `SELECT DISTINCT lower(expression->>'tag') AS tag FROM alert_rules WHERE machine_id = $1 AND enabled AND expression->>'tag' IS NOT NULL`,
    [machineId],
  );
  return rows.map((r) => r.tag);
}

/** Enabled rules of one machine watching any of the tags (compared case-insensitively). */
export async function listEnabledRulesForTags(db: Queryable, orgId: string, machineId: string, tags: string[]): Promise<AlertRuleRow[]> {
  const { rows } = await db.query<AlertRuleRow>(
    `${SELECT_RULES} WHERE r.org_id = $1 AND r.machine_id = $2 AND r.enabled
        AND lower(r.expression->>'tag') = ANY (SELECT lower(t) FROM unnest($3::text[]) AS t)`,
    [orgId, machineId, tags],
  );
  return rows;
}

/** Every organization's enabled no_data rules (the sweep's platform path). */
export async function listEnabledNoDataRules(db: Queryable): Promise<AlertRuleRow[]> {
  const { rows } = await db.query<AlertRuleRow>(`${SELECT_RULES} WHERE r.enabled AND r.rule_type = 'no_data' ORDER BY r.org_id, r.id`);
  return rows;
}
