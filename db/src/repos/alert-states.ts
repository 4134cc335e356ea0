import type { AlertRuleState } from '@taktwerk/common';
import type { Queryable } from '../pool';

export interface RuleStateRow {
  state: AlertRuleState;
  pending_since: Date | null;
  last_fired_at: Date | null;
  last_point_ts: Date | null;
  armed_at: Date;
  version: number;
}

export interface RuleStateWrite {
  state: AlertRuleState;
  pendingSince: Date | null;
  lastFiredAt: Date | null;
  lastPointTs: Date | null;
}

const COLUMNS = 'state, pending_since, last_fired_at, last_point_ts, armed_at, version';

/** A rule's evaluation state, created (ok, armed now) if the rule has none yet; null when the rule is gone. */
export async function loadRuleState(db: Queryable, orgId: string, ruleId: string): Promise<RuleStateRow | null> {
  await db.query(
    `INSERT INTO alert_rule_states (rule_id, org_id) SELECT id, org_id FROM alert_rules WHERE id = $1 AND org_id = $2
     ON CONFLICT (rule_id) DO NOTHING`,
    [ruleId, orgId],
  );
  const { rows } = await db.query<RuleStateRow>(`SELECT ${COLUMNS} FROM alert_rule_states WHERE rule_id = $1 AND org_id = $2`, [ruleId, orgId]);
  return rows[0] ?? null;
}

/**
 * Compare-and-set: writes the state only if nobody wrote since `version` was read. Returns the new version, or null
 * when another writer (a second worker, a rule edit) came first — the caller re-reads and recomputes.
 */
export async function saveRuleState(db: Queryable, ruleId: string, version: number, s: RuleStateWrite): Promise<number | null> {
  const { rows } = await db.query<{ version: number }>(
    `UPDATE alert_rule_states
        SET state = $3, pending_since = $4, last_fired_at = $5, last_point_ts = $6, version = version + 1, updated_at = now()
      WHERE rule_id = $1 AND version = $2
      RETURNING version`,
    [ruleId, version, s.state, s.pendingSince, s.lastFiredAt, s.lastPointTs],
  );
  return rows[0]?.version ?? null;
}

/**
 * Starts evaluation afresh after the rule changed what or how it watches (edit, enable): ok, nothing evaluated,
 * armed now. The last firing is kept, so the cooldown still holds.
 */
export async function resetRuleState(db: Queryable, ruleId: string): Promise<void> {
  await db.query(
    `UPDATE alert_rule_states
        SET state = 'ok', pending_since = NULL, last_point_ts = NULL, armed_at = now(), version = version + 1, updated_at = now()
      WHERE rule_id = $1`,
    [ruleId],
  );
}
