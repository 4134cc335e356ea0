import {
  alertBacktestRequestSchema,
  alertBacktestResponseSchema,
  alertRuleDraftSchema,
  alertRuleEnabledSchema,
  alertRuleIdParamsSchema,
  alertRuleListResponseSchema,
  alertRuleResponseSchema,
  alertRulesDocumentSchema,
  alertRulesExportSchema,
  type AlertBacktestResponse,
  type AlertRuleListResponse,
  type AlertRuleResponse,
  type AlertRulesExport,
} from '@taktwerk/common';
import { signedIn, type ApiRouter } from '../../http/route';
import { backtestRule } from './backtest';
import { ALERT_READ, ALERT_WRITE, createOrgRule, deleteOrgRule, getOrgRule, listOrgRules, setOrgRuleEnabled, updateOrgRule } from './service';
import { exportOrgRules, importOrgRules } from './transfer';

export function registerAlertRoutes(api: ApiRouter): void {
  api.add({
    method: 'get',
    path: '/alerts/rules',
    summary: "The organization's alert rules with their evaluation state (channel targets masked for readers)",
    tag: 'alerts',
    auth: signedIn(ALERT_READ),
    responses: { 200: alertRuleListResponseSchema },
    async handler({ principal, deps }): Promise<AlertRuleListResponse> {
      return { rules: await listOrgRules(deps, principal) };
    },
  });

  api.add({
    method: 'post',
    path: '/alerts/rules',
    summary: 'Create an alert rule (customer owners); defaults: threshold, medium, 5 min cooldown, an email to the author',
    tag: 'alerts',
    auth: signedIn(ALERT_WRITE),
    body: alertRuleDraftSchema,
    responses: { 201: alertRuleResponseSchema },
    async handler({ principal, body, deps }): Promise<AlertRuleResponse> {
      return { rule: await createOrgRule(deps, principal, body) };
    },
  });

  // Before /alerts/rules/:ruleId, which would take "export" for an id.
  api.add({
    method: 'get',
    path: '/alerts/rules/export',
    summary: "Download the organization's rules as JSON (an import takes the same document)",
    tag: 'alerts',
    auth: signedIn(ALERT_WRITE),
    responses: { 200: alertRulesExportSchema },
    async handler({ principal, deps, res }): Promise<AlertRulesExport> {
      res.set('Content-Disposition', 'attachment; filename="alert-rules.json"');
      return exportOrgRules(deps, principal);
    },
  });

  api.add({
    method: 'post',
    path: '/alerts/rules/import',
    summary: 'Import rules from an export, all or none; machines are matched by id, else by name',
    tag: 'alerts',
    auth: signedIn(ALERT_WRITE),
    body: alertRulesDocumentSchema,
    responses: { 201: alertRuleListResponseSchema },
    async handler({ principal, body, deps }): Promise<AlertRuleListResponse> {
      return { rules: await importOrgRules(deps, principal, body) };
    },
  });

  api.add({
    method: 'get',
    path: '/alerts/rules/:ruleId',
    summary: 'One alert rule',
    tag: 'alerts',
    auth: signedIn(ALERT_READ),
    params: alertRuleIdParamsSchema,
    responses: { 200: alertRuleResponseSchema },
    async handler({ principal, params, deps }): Promise<AlertRuleResponse> {
      return { rule: await getOrgRule(deps, principal, params.ruleId) };
    },
  });

  api.add({
    method: 'put',
    path: '/alerts/rules/:ruleId',
    summary: 'Edit an alert rule (the whole form); without channels it keeps its channels',
    tag: 'alerts',
    auth: signedIn(ALERT_WRITE),
    params: alertRuleIdParamsSchema,
    body: alertRuleDraftSchema,
    responses: { 200: alertRuleResponseSchema },
    async handler({ principal, params, body, deps }): Promise<AlertRuleResponse> {
      return { rule: await updateOrgRule(deps, principal, params.ruleId, body) };
    },
  });

  api.add({
    method: 'patch',
    path: '/alerts/rules/:ruleId',
    summary: 'Enable or disable an alert rule',
    tag: 'alerts',
    auth: signedIn(ALERT_WRITE),
    params: alertRuleIdParamsSchema,
    body: alertRuleEnabledSchema,
    responses: { 200: alertRuleResponseSchema },
    async handler({ principal, params, body, deps }): Promise<AlertRuleResponse> {
      return { rule: await setOrgRuleEnabled(deps, principal, params.ruleId, body.enabled) };
    },
  });

  api.add({
    method: 'delete',
    path: '/alerts/rules/:ruleId',
    summary: 'Delete an alert rule with its events',
    tag: 'alerts',
    auth: signedIn(ALERT_WRITE),
    params: alertRuleIdParamsSchema,
    responses: { 204: null },
    async handler({ principal, params, deps }) {
      await deleteOrgRule(deps, principal, params.ruleId);
    },
  });

  api.add({
    method: 'post',
    path: '/alerts/backtest',
    summary: 'How often a rule draft would have fired over the last 24 h or 7 d, and when (the live evaluator over stored values)',
    tag: 'alerts',
    auth: signedIn(ALERT_READ),
    body: alertBacktestRequestSchema,
    responses: { 200: alertBacktestResponseSchema },
    async handler({ principal, body, deps }): Promise<AlertBacktestResponse> {
      return backtestRule(deps, principal, body.rule, body.range);
    },
  });
}
