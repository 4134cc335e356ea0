import {
  ALERT_EXPORT_FORMAT,
  alertRuleIssue,
  normalizeAlertRuleDraft,
  type AlertImportProblem,
  type AlertRule,
  type AlertRuleInput,
  type AlertRulesExport,
  type alertRulesDocumentSchema,
} from '@taktwerk/common';
import { findAlertRule, insertAlertRule, insertAuditEntry, listAlertRules, listMachines, withTenant } from '@taktwerk/db';
import type { z } from 'zod';
import type { AppDeps } from '../../context';
import { AppError } from '../../http/errors';
import type { Principal } from '../../http/principal';
import { presentRule } from './presenter';
import { assertAlertRulesAllowed, configuredTag } from './rule-input';
import { authorChannels } from './service';

/** The organization's rules as a JSON document an import (here or in another organization) takes back. */
export function exportOrgRules(deps: AppDeps, principal: Principal): Promise<AlertRulesExport> {
  return withTenant(deps.pool, principal.orgId, async (db) => ({
    format: ALERT_EXPORT_FORMAT,
    version: 1,
    exportedAt: new Date().toISOString(),
    rules: (await listAlertRules(db, principal.orgId)).map((row) => {
      const { name, description, ruleType, machineId, machineName, expression, severity, channels, enabled, cooldownMinutes } = presentRule(row, true);
      return { name, description, ruleType, machineId, machineName, expression, severity, channels, enabled, cooldownMinutes };
    }),
  }));
}

/**
 * Imports rules, all or none. Each rule's machine is the organization's machine with its id, else the one with its
 * name (an export from another organization); its tag must be one of that machine's. A refusal lists every bad
 * rule by index.
 */
export async function importOrgRules(deps: AppDeps, principal: Principal, doc: z.output<typeof alertRulesDocumentSchema>): Promise<AlertRule[]> {
  const { orgId } = principal;
  const rules = await withTenant(deps.pool, orgId, async (db) => {
    await assertAlertRulesAllowed(db, orgId, doc.rules.length);
    const machines = await listMachines(db, orgId);
    const byId = new Map(machines.map((m) => [m.id, m.id]));
    const byName = new Map(machines.map((m) => [m.name.trim().toLowerCase(), m.id]));
    const defaults = await authorChannels(db, principal);
    const problems: AlertImportProblem[] = [];
    const inputs: AlertRuleInput[] = [];
    for (const [index, { machineName, ...draft }] of doc.rules.entries()) {
      const machineId = byId.get(draft.machineId) ?? byName.get(machineName?.trim().toLowerCase() ?? '') ?? draft.machineId;
      const issue = alertRuleIssue({ ...draft, machineId });
      if (issue) {
        problems.push({ index, ...issue });
        continue;
      }
      if (!byId.has(machineId)) {
        problems.push({ index, code: 'unknown_machine' });
        continue;
      }
      const input = normalizeAlertRuleDraft({ ...draft, machineId }, defaults);
      const tag = await configuredTag(db, machineId, input.expression.tag);
      if (tag) inputs.push({ ...input, expression: { ...input.expression, tag } });
      else problems.push({ index, code: 'unknown_tag', tag: input.expression.tag });
    }
    if (problems.length > 0)
      throw new AppError(400, 'import_invalid', `${problems.length} of ${doc.rules.length} rules cannot be imported.`, { problems });
    const created: AlertRule[] = [];
    for (const input of inputs) {
      const id = await insertAlertRule(db, orgId, principal.userId, input);
      created.push(presentRule((await findAlertRule(db, orgId, id))!, true));
    }
    await insertAuditEntry(db, { orgId, actorId: principal.userId, action: 'alert_rule.import', targetType: 'alert_rule', details: { count: created.length } });
    return created;
  });
  for (const machineId of new Set(rules.map((r) => r.machineId))) deps.alerts.invalidate(machineId);
  return rules;
}
