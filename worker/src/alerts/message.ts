import type { AlertEventPayload, AlertTransition } from '@taktwerk/common';
import type { RuleForEvaluation } from './rule';

const num = (v: number) => String(Number(v.toPrecision(6)));

/** The event's sentence (English; the fields beside it let a client word it in its own language). */
function messageOf(r: RuleForEvaluation, t: AlertTransition): string {
  const { tag, operator, threshold, deviationSigma, noDataMinutes } = r.rule.expression;
  const where = `${r.machineName}: ${tag}`;
  switch (r.rule.ruleType) {
    case 'threshold':
      return t.kind === 'triggered'
        ? `${where} is ${num(t.value!)}, threshold ${operator} ${num(threshold)}`
        : `${where} is back at ${num(t.value!)}, threshold ${operator} ${num(threshold)}`;
    case 'deviation': {
      const window = t.mean === undefined ? '' : ` (mean ${num(t.mean)}, σ ${num(t.standardDeviation!)})`;
      return t.kind === 'triggered'
        ? `${where} is ${num(t.value!)}, more than ${deviationSigma}σ from the last hour's mean${window}`
        : `${where} is back at ${num(t.value!)}, within ${deviationSigma}σ of the last hour's mean${window}`;
    }
    case 'no_data':
      return t.kind === 'triggered' ? `${where} has sent no value for ${noDataMinutes} minutes` : `${where} is sending values again`;
  }
}

/** What an event records: the message naming machine, tag, value and threshold, and the same as fields. */
export function eventPayload(r: RuleForEvaluation, t: AlertTransition): AlertEventPayload {
  const e = r.rule.expression;
  const byType =
    r.rule.ruleType === 'threshold'
      ? { operator: e.operator, threshold: e.threshold }
      : r.rule.ruleType === 'deviation'
        ? { deviationSigma: e.deviationSigma, ...(t.mean === undefined ? {} : { mean: t.mean, standardDeviation: t.standardDeviation }) }
        : { noDataMinutes: e.noDataMinutes };
  return {
    message: messageOf(r, t),
    ruleName: r.name,
    ruleType: r.rule.ruleType,
    severity: r.severity,
    machineName: r.machineName,
    tag: e.tag,
    value: t.value,
    ...byType,
  };
}
