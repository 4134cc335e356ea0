import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { alertRulesDocumentSchema, type AlertRulesDocument } from '@taktwerk/common';
import { useToast } from '../../ui/Toast';
import { alertFailureToast } from './alert-errors';
import { exportRules, importRules, useRefreshAlerts } from './api';

/** Hands a JSON document to the browser as a file download. */
function saveJson(document: unknown, fileName: string): void {
  const url = URL.createObjectURL(new Blob([`${JSON.stringify(document, null, 2)}\n`], { type: 'application/json' }));
  const link = window.document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Reads a picked file as a rules document; the reason in the user's language when it is not one. */
function parseRulesFile(text: string): { document: AlertRulesDocument } | { problem: 'notJson' | 'notExport' } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { problem: 'notJson' };
  }
  const parsed = alertRulesDocumentSchema.safeParse(json);
  return parsed.success ? { document: json as AlertRulesDocument } : { problem: 'notExport' };
}

/** Rules export (a JSON file download) and import (a picked file, all rules or none), with their toasts. */
export function useRuleTransfer() {
  const { t } = useTranslation();
  const { showToast } = useToast();
  const refresh = useRefreshAlerts();
  const [busy, setBusy] = useState<'export' | 'import' | null>(null);

  async function exportAll(): Promise<void> {
    setBusy('export');
    try {
      const document = await exportRules();
      saveJson(document, `alert-rules-${document.exportedAt.slice(0, 10)}.json`);
      showToast({ type: 'success', title: t('alerts.transfer.exported') });
    } catch (error) {
      showToast(alertFailureToast('alerts.transfer.exportFailed', error, t));
    } finally {
      setBusy(null);
    }
  }

  async function importFile(file: File): Promise<void> {
    setBusy('import');
    try {
      const read = parseRulesFile(await file.text());
      if ('problem' in read) {
        showToast({ type: 'error', title: t('alerts.transfer.importFailed'), message: t(`alerts.transfer.${read.problem}`) });
        return;
      }
      const { rules } = await importRules(read.document);
      await refresh();
      showToast({ type: 'success', title: t('alerts.transfer.imported', { count: rules.length }) });
    } catch (error) {
      showToast({ ...alertFailureToast('alerts.transfer.importFailed', error, t), durationMs: 0 });
    } finally {
      setBusy(null);
    }
  }

  return { busy, exportAll, importFile };
}
