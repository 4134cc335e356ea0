import { alertExpressionSchema, type AlertChannel, type AlertSeverity, type EvaluatedRule, type EvaluationState } from '@taktwerk/common';
import type { AlertRuleRow, RuleStateRow, RuleStateWrite } from '@taktwerk/db';

/** A rule as the worker evaluates it: what the evaluator needs, and what events and deliveries record. */
export interface RuleForEvaluation {
  id: string;
  orgId: string;
  machineId: string;
  machineName: string;
  name: string;
  severity: AlertSeverity;
  channels: AlertChannel[];
  rule: EvaluatedRule;
}

/** Null when the stored expression is unreadable (then the rule cannot be evaluated; the caller says so). */
export function ruleForEvaluation(row: AlertRuleRow): RuleForEvaluation | null {
  const expression = alertExpressionSchema.safeParse(row.expression);
  if (!expression.success) return null;
  return {
    id: row.id,
    orgId: row.org_id,
    machineId: row.machine_id,
    machineName: row.machine_name,
    name: row.name,
    severity: row.severity,
    channels: row.channels,
    rule: { ruleType: row.rule_type, expression: expression.data, cooldownMinutes: row.cooldown_minutes },
  };
}

const ms = (d: Date | null) => (d ? d.getTime() : null);
const date = (t: number | null) => (t === null ? null : new Date(t));

export const stateFromRow = (row: RuleStateRow): EvaluationState => ({
  state: row.state,
  pendingSince: ms(row.pending_since),
  lastFiredAt: ms(row.last_fired_at),
  lastPointTs: ms(row.last_point_ts),
});

export const stateToWrite = (s: EvaluationState): RuleStateWrite => ({
  state: s.state,
  pendingSince: date(s.pendingSince),
  lastFiredAt: date(s.lastFiredAt),
  lastPointTs: date(s.lastPointTs),
});
