import {
  ALERT_DEFAULTS,
  alertRuleDraftSchema,
  alertRuleIssue,
  defaultAlertChannels,
  type AlertChannel,
  type AlertOperator,
  type AlertRule,
  type AlertRuleDraft,
  type AlertRuleIssue,
  type AlertRuleType,
  type AlertSeverity,
} from '@taktwerk/common';

/** The rule form as typed: number inputs stay text until the draft is built, so a half-typed value is not lost. */
export interface RuleFormState {
  name: string;
  description: string;
  machineId: string;
  tag: string;
  ruleType: AlertRuleType;
  operator: AlertOperator;
  threshold: string;
  duration: string;
  noDataMinutes: string;
  deviationSigma: string;
  cooldownMinutes: string;
  severity: AlertSeverity;
  enabled: boolean;
  channels: AlertChannel[];
}

/** A new rule: the spec defaults (threshold, medium, 5 minutes cooldown, one enabled email channel to the author). */
export function newRuleForm(email: string): RuleFormState {
  return {
    name: '',
    description: '',
    machineId: '',
    tag: '',
    ruleType: ALERT_DEFAULTS.ruleType,
    operator: ALERT_DEFAULTS.operator,
    threshold: String(ALERT_DEFAULTS.threshold),
    duration: String(ALERT_DEFAULTS.duration),
    noDataMinutes: String(ALERT_DEFAULTS.noDataMinutes),
    deviationSigma: String(ALERT_DEFAULTS.deviationSigma),
    cooldownMinutes: String(ALERT_DEFAULTS.cooldownMinutes),
    severity: ALERT_DEFAULTS.severity,
    enabled: true,
    channels: defaultAlertChannels(email),
  };
}

export function ruleForm(rule: AlertRule): RuleFormState {
  const e = rule.expression;
  return {
    name: rule.name,
    description: rule.description ?? '',
    machineId: rule.machineId,
    tag: e.tag,
    ruleType: rule.ruleType,
    operator: e.operator,
    threshold: String(e.threshold),
    duration: String(e.duration),
    noDataMinutes: String(e.noDataMinutes),
    deviationSigma: String(e.deviationSigma),
    cooldownMinutes: String(rule.cooldownMinutes),
    severity: rule.severity,
    enabled: rule.enabled,
    channels: rule.channels.map((c) => ({ ...c })),
  };
}

/** A number input's value (spec part 1 §5): anything that is not a number counts as 0. */
export function numberInput(text: string): number {
  const value = Number(text.trim().replace(',', '.'));
  return text.trim() !== '' && Number.isFinite(value) ? value : 0;
}

const wholeNumber = (text: string) => Math.round(numberInput(text));

/** What the form sends: every field, numbers parsed, whole numbers where the rule needs them. */
export function ruleDraft(form: RuleFormState): AlertRuleDraft {
  return {
    name: form.name,
    description: form.description,
    ruleType: form.ruleType,
    machineId: form.machineId,
    expression: {
      tag: form.tag,
      operator: form.operator,
      threshold: numberInput(form.threshold),
      duration: wholeNumber(form.duration),
      noDataMinutes: wholeNumber(form.noDataMinutes),
      deviationSigma: numberInput(form.deviationSigma),
    },
    severity: form.severity,
    channels: form.channels.map((c) => ({ ...c, target: c.target.trim() })),
    enabled: form.enabled,
    cooldownMinutes: wholeNumber(form.cooldownMinutes),
  };
}

/** The first rule of spec part 1 §5 a draft breaks (the same check the api makes), or null. */
export function draftIssue(draft: AlertRuleDraft): AlertRuleIssue | null {
  const parsed = alertRuleDraftSchema.safeParse(draft);
  // A draft the schema refuses (over-long text) is left to the api, whose answer the form shows.
  return parsed.success ? alertRuleIssue(parsed.data) : null;
}

/** What a backtest evaluates: the form's rule without its channels, which do not change when it fires. */
export const backtestDraft = (form: RuleFormState): AlertRuleDraft => ({ ...ruleDraft(form), channels: [] });
