import { defaultAlertChannels, hasPermission, type AlertRule, type AlertRuleInput } from '@taktwerk/common';
import {
  deleteAlertRule,
  findAlertRule,
  findUser,
  insertAlertRule,
  insertAuditEntry,
  listAlertRules,
  resetRuleState,
  setAlertRuleEnabled,
  updateAlertRule,
  withTenant,
  type AlertRuleRow,
  type Queryable,
} from '@taktwerk/db';
import type { AppDeps } from '../../context';
import { notFound } from '../../http/errors';
import type { Principal } from '../../http/principal';
import { presentRule } from './presenter';
import { assertAlertRulesAllowed, ruleInputOf, type ParsedDraft } from './rule-input';

/** Reads need alert:read (members have it); changes need alert:write (owners, via alert:*; admins pass every check). */
export const ALERT_READ = 'alert:read';
export const ALERT_WRITE = 'alert:write';

export const canWriteAlerts = (principal: Principal) => hasPermission(principal.role, principal.permissions, ALERT_WRITE);
const ruleNotFound = () => notFound('Alert rule not found.');

async function loadRule(db: Queryable, orgId: string, id: string): Promise<AlertRuleRow> {
  const row = await findAlertRule(db, orgId, id);
  if (!row) throw ruleNotFound();
  return row;
}

/** The author's address: where a new rule's default email channel goes. */
export async function authorChannels(db: Queryable, principal: Principal) {
  const user = await findUser(db, principal.userId);
  return user ? defaultAlertChannels(user.email) : [];
}

export function listOrgRules(deps: AppDeps, principal: Principal): Promise<AlertRule[]> {
  return withTenant(deps.pool, principal.orgId, async (db) =>
    (await listAlertRules(db, principal.orgId)).map((row) => presentRule(row, canWriteAlerts(principal))),
  );
}

export function getOrgRule(deps: AppDeps, principal: Principal, id: string): Promise<AlertRule> {
  return withTenant(deps.pool, principal.orgId, async (db) => presentRule(await loadRule(db, principal.orgId, id), canWriteAlerts(principal)));
}

export async function createOrgRule(deps: AppDeps, principal: Principal, draft: ParsedDraft): Promise<AlertRule> {
  const { orgId } = principal;
  const rule = await withTenant(deps.pool, orgId, async (db) => {
    await assertAlertRulesAllowed(db, orgId, 1);
    const input = await ruleInputOf(db, orgId, draft, await authorChannels(db, principal));
    const id = await insertAlertRule(db, orgId, principal.userId, input);
    await insertAuditEntry(db, { orgId, actorId: principal.userId, action: 'alert_rule.create', targetType: 'alert_rule', targetId: id });
    return presentRule(await loadRule(db, orgId, id), true);
  });
  deps.alerts.invalidate(rule.machineId);
  return rule;
}

/** Whether an edit changes what or how the rule evaluates (then its evaluation starts afresh). */
function changesEvaluation(before: AlertRuleRow, after: AlertRuleInput): boolean {
  return (
    before.machine_id !== after.machineId ||
    before.rule_type !== after.ruleType ||
    before.enabled !== after.enabled ||
    JSON.stringify(presentRule(before, true).expression) !== JSON.stringify(after.expression)
  );
}

export async function updateOrgRule(deps: AppDeps, principal: Principal, id: string, draft: ParsedDraft): Promise<AlertRule> {
  const { orgId } = principal;
  const { rule, previousMachineId } = await withTenant(deps.pool, orgId, async (db) => {
    const before = await loadRule(db, orgId, id);
    const input = await ruleInputOf(db, orgId, draft, before.channels);
    await updateAlertRule(db, orgId, id, input);
    if (changesEvaluation(before, input)) await resetRuleState(db, id);
    await insertAuditEntry(db, { orgId, actorId: principal.userId, action: 'alert_rule.update', targetType: 'alert_rule', targetId: id });
    return { rule: presentRule(await loadRule(db, orgId, id), true), previousMachineId: before.machine_id };
  });
  deps.alerts.invalidate(previousMachineId);
  deps.alerts.invalidate(rule.machineId);
  return rule;
}

export async function setOrgRuleEnabled(deps: AppDeps, principal: Principal, id: string, enabled: boolean): Promise<AlertRule> {
  const { orgId } = principal;
  const rule = await withTenant(deps.pool, orgId, async (db) => {
    const before = await loadRule(db, orgId, id);
    if (before.enabled !== enabled) {
      await setAlertRuleEnabled(db, orgId, id, enabled);
      await resetRuleState(db, id);
      const action = enabled ? 'alert_rule.enable' : 'alert_rule.disable';
      await insertAuditEntry(db, { orgId, actorId: principal.userId, action, targetType: 'alert_rule', targetId: id });
    }
    return presentRule(await loadRule(db, orgId, id), true);
  });
  deps.alerts.invalidate(rule.machineId);
  return rule;
}

export async function deleteOrgRule(deps: AppDeps, principal: Principal, id: string): Promise<void> {
  const { orgId } = principal;
  const machineId = await withTenant(deps.pool, orgId, async (db) => {
    const before = await loadRule(db, orgId, id);
    await deleteAlertRule(db, orgId, id);
    await insertAuditEntry(db, { orgId, actorId: principal.userId, action: 'alert_rule.delete', targetType: 'alert_rule', targetId: id });
    return before.machine_id;
  });
  deps.alerts.invalidate(machineId);
}
