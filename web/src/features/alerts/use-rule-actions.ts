import { useTranslation } from 'react-i18next';
import type { AlertRule, AlertRuleDraft } from '@taktwerk/common';
import { useConfirm } from '../../ui/ConfirmDialog';
import { useToast } from '../../ui/Toast';
import { alertFailureToast, apiRuleIssue, validationToast } from './alert-errors';
import { createRule, deleteRule, setRuleEnabled, updateRule, useAlertRules, useRefreshAlerts } from './api';

/**
 * Every change the rules tab makes, each failure as the toast of spec part 1 §5/§8: a broken rule as
 * 'Validierungsfehler', other save failures as 'Fehler beim Speichern', status and delete failures translated.
 */
export function useRuleActions() {
  const { t } = useTranslation();
  const { showToast } = useToast();
  const confirm = useConfirm();
  const rules = useAlertRules();
  const refresh = useRefreshAlerts();

  /** Throws after the toast, so the form stays open with what was typed. */
  async function save(rule: AlertRule | null, draft: AlertRuleDraft): Promise<void> {
    try {
      if (rule) await updateRule(rule.id, draft);
      else await createRule(draft);
    } catch (error) {
      const issue = apiRuleIssue(error);
      showToast(issue ? validationToast(issue, t) : alertFailureToast('alerts.errors.saveFailed', error, t));
      throw error;
    }
    await rules.mutate();
    showToast({ type: 'success', title: rule ? t('alerts.form.saved') : t('alerts.form.created') });
  }

  async function toggle(rule: AlertRule, enabled: boolean): Promise<void> {
    const current = rules.data;
    if (!current) return;
    const optimistic = { rules: current.rules.map((r) => (r.id === rule.id ? { ...r, enabled } : r)) };
    try {
      await rules.mutate(
        async () => {
          await setRuleEnabled(rule.id, enabled);
          return undefined;
        },
        { optimisticData: optimistic, rollbackOnError: true, populateCache: false, revalidate: true },
      );
      showToast({ type: 'success', title: enabled ? t('alerts.rules.enabledChanged') : t('alerts.rules.disabledChanged') });
    } catch (error) {
      showToast(alertFailureToast('alerts.errors.statusFailed', error, t));
    }
  }

  async function remove(rule: AlertRule): Promise<void> {
    const confirmed = await confirm({ title: t('alerts.rules.deleteTitle'), message: t('alerts.rules.deleteMessage', { name: rule.name }) });
    if (!confirmed) return;
    try {
      await deleteRule(rule.id);
      showToast({ type: 'success', title: t('alerts.rules.deleted') });
    } catch (error) {
      showToast(alertFailureToast('alerts.errors.deleteFailed', error, t));
    }
    // Its events went with it, and a failure may mean someone else deleted it first.
    await refresh();
  }

  return { rules, save, toggle, remove };
}
