import type { ParseKeys, TFunction } from 'i18next';
import type { AlertOperator, AlertRule, AlertRuleState, AlertSeverity } from '@taktwerk/common';
import type { BadgeTone } from '../../ui/Badge';
import { formatAlertNumber } from './event-text';

export const SEVERITY_TONES: Record<AlertSeverity, BadgeTone> = { low: 'neutral', medium: 'info', high: 'warning', critical: 'danger' };
export const RULE_STATE_TONES: Record<AlertRuleState, BadgeTone> = { ok: 'success', pending: 'warning', firing: 'danger' };

export const OPERATOR_KEYS: Record<AlertOperator, ParseKeys> = {
  '>': 'alerts.operators.gt',
  '<': 'alerts.operators.lt',
  '=': 'alerts.operators.eq',
  '!=': 'alerts.operators.ne',
  '>=': 'alerts.operators.ge',
  '<=': 'alerts.operators.le',
};

/** What a rule watches for, in one short line of the rules table. */
export function ruleCondition(rule: AlertRule, t: TFunction, language: string): string {
  const e = rule.expression;
  switch (rule.ruleType) {
    case 'threshold': {
      const values = { tag: e.tag, operator: e.operator, threshold: formatAlertNumber(e.threshold, language), seconds: e.duration };
      return e.duration > 0 ? t('alerts.rules.conditionThresholdFor', values) : t('alerts.rules.conditionThreshold', values);
    }
    case 'no_data':
      return t('alerts.rules.conditionNoData', { minutes: e.noDataMinutes });
    case 'deviation':
      return t('alerts.rules.conditionDeviation', { sigma: formatAlertNumber(e.deviationSigma, language) });
  }
}
