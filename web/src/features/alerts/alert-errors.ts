import type { ParseKeys, TFunction } from 'i18next';
import type { AlertImportProblem, AlertNumberField, AlertRuleIssue } from '@taktwerk/common';
import { errorMessage } from '../../app/error-message';
import { ApiError } from '../../app/http-json';
import type { ToastOptions } from '../../ui/Toast';

const FIELD_KEYS: Record<AlertNumberField, ParseKeys> = {
  duration: 'alerts.form.duration',
  noDataMinutes: 'alerts.form.noDataMinutes',
  deviationSigma: 'alerts.form.deviationSigma',
  cooldownMinutes: 'alerts.form.cooldown',
};

/** A broken rule of spec part 1 §5 in the user's language. */
export function ruleIssueMessage(issue: AlertRuleIssue, t: TFunction): string {
  switch (issue.code) {
    case 'required_fields':
      return t('alerts.errors.requiredFields');
    case 'number_out_of_range':
      return t('alerts.errors.numberRange', { field: t(FIELD_KEYS[issue.field]), min: issue.min, max: issue.max });
    case 'invalid_channel_target':
      return t('alerts.errors.channelTarget', { index: issue.index + 1, type: t(`alerts.channels.${issue.type}`) });
  }
}

/** The validation toast: title 'Validierungsfehler' (spec part 1 §5). */
export const validationToast = (issue: AlertRuleIssue, t: TFunction): ToastOptions => ({
  type: 'error',
  title: t('alerts.errors.validationTitle'),
  message: ruleIssueMessage(issue, t),
});

const RULE_ISSUE_CODES = new Set(['required_fields', 'number_out_of_range', 'invalid_channel_target']);

/** The rule issue an api refusal carries (its code plus details), or null. */
export function apiRuleIssue(error: unknown): AlertRuleIssue | null {
  if (!(error instanceof ApiError) || !RULE_ISSUE_CODES.has(error.code)) return null;
  return { code: error.code, ...(error.details as object) } as AlertRuleIssue;
}

function importProblemText(problem: AlertImportProblem, t: TFunction): string {
  if (problem.code === 'unknown_machine') return t('alerts.transfer.unknownMachine');
  if (problem.code === 'unknown_tag') return t('alerts.errors.unknownTag', { tag: problem.tag });
  return ruleIssueMessage(problem, t);
}

/** Any alerts api failure in the user's language where it has a stable code; errorMessage's words otherwise. */
export function alertErrorMessage(error: unknown, t: TFunction): string {
  if (!(error instanceof ApiError)) return errorMessage(error, t);
  const issue = apiRuleIssue(error);
  if (issue) return ruleIssueMessage(issue, t);
  const details = (error.details ?? {}) as { tag?: string; limit?: number; problems?: AlertImportProblem[] };
  switch (error.code) {
    case 'unknown_tag':
      return t('alerts.errors.unknownTag', { tag: details.tag ?? '' });
    case 'limit_reached':
      return t('alerts.errors.limitReached', { limit: details.limit ?? 0 });
    case 'not_found':
      return t('alerts.errors.notFound');
    case 'import_invalid':
      return (details.problems ?? []).map((p) => t('alerts.transfer.problem', { index: p.index + 1, problem: importProblemText(p, t) })).join('; ');
    default:
      return errorMessage(error, t);
  }
}

/** A failure toast: the spec's title ('Fehler beim Speichern', …) with the reason. */
export const alertFailureToast = (title: ParseKeys, error: unknown, t: TFunction): ToastOptions => ({
  type: 'error',
  title: t(title),
  message: alertErrorMessage(error, t),
});
