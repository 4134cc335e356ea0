import { useTranslation } from 'react-i18next';
import type { AlertEvent } from '@taktwerk/common';
import { useConfirm } from '../../ui/ConfirmDialog';
import { useToast } from '../../ui/Toast';
import { alertFailureToast } from './alert-errors';
import { acknowledgeEvent, deleteEvent, useRefreshAlerts } from './api';

/** Acknowledge and delete (customer owners), each failure with its translated toast (spec part 1 §8). */
export function useEventActions() {
  const { t } = useTranslation();
  const { showToast } = useToast();
  const confirm = useConfirm();
  const refresh = useRefreshAlerts();

  async function acknowledge(event: AlertEvent): Promise<void> {
    try {
      await acknowledgeEvent(event.id);
      showToast({ type: 'success', title: t('alerts.events.acknowledgedToast') });
    } catch (error) {
      showToast(alertFailureToast('alerts.errors.acknowledgeFailed', error, t));
    }
    await refresh();
  }

  async function remove(event: AlertEvent): Promise<void> {
    const confirmed = await confirm({ title: t('alerts.events.deleteTitle'), message: t('alerts.events.deleteMessage', { rule: event.ruleName }) });
    if (!confirmed) return;
    try {
      await deleteEvent(event.id);
      showToast({ type: 'success', title: t('alerts.events.deleted') });
    } catch (error) {
      showToast(alertFailureToast('alerts.errors.deleteFailed', error, t));
    }
    await refresh();
  }

  return { acknowledge, remove };
}
