import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AlertRule } from '@taktwerk/common';
import { Button } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { Spinner } from '../../ui/Spinner';
import { useToast } from '../../ui/Toast';
import { useMachines } from '../machines/api';
import { RuleFormDialog } from './RuleFormDialog';
import { RulesToolbar } from './RulesToolbar';
import { RuleTable } from './RuleTable';
import { useRuleActions } from './use-rule-actions';

type OpenForm = { rule: AlertRule | null } | null;

/** The rules tab: the table for everyone with alert:read; create, edit, toggle, delete, export, import for owners. */
export function RulesPanel({ canWrite, email }: { canWrite: boolean; email: string }) {
  const { t } = useTranslation();
  const { showToast } = useToast();
  const { rules, save, toggle, remove } = useRuleActions();
  const machines = useMachines();
  const [form, setForm] = useState<OpenForm>(null);
  const list = rules.data?.rules;

  function handleOpen(rule: AlertRule | null) {
    // The form needs the machines to choose from (spec part 1 §8: 'Fehler' / 'Maschinen konnten nicht geladen werden.').
    if (machines.error && !machines.data) {
      showToast({ type: 'error', title: t('alerts.errors.errorTitle'), message: t('alerts.errors.machinesFailed') });
      void machines.mutate();
      return;
    }
    setForm({ rule });
  }

  async function handleSubmit(draft: Parameters<typeof save>[1]) {
    await save(form?.rule ?? null, draft);
    setForm(null);
  }

  let body;
  if (!list) {
    body = rules.error ? (
      <EmptyState
        icon="warning"
        title={t('alerts.rules.loadFailed')}
        action={<Button onClick={() => void rules.mutate()}>{t('alerts.rules.retry')}</Button>}
      />
    ) : (
      <div className="alerts-loading">
        <Spinner />
      </div>
    );
  } else {
    body = (
      <RuleTable
        rules={list}
        canWrite={canWrite}
        onEdit={handleOpen}
        onToggle={(rule, enabled) => void toggle(rule, enabled)}
        onDelete={(rule) => void remove(rule)}
        empty={
          <EmptyState
            icon="bell"
            title={t('alerts.rules.empty')}
            description={canWrite ? t('alerts.rules.emptyOwner') : t('alerts.rules.emptyMember')}
          />
        }
      />
    );
  }

  return (
    <div className="alerts-panel">
      {canWrite && <RulesToolbar hasRules={Boolean(list?.length)} onAdd={() => handleOpen(null)} />}
      {body}
      {form && (
        <RuleFormDialog
          key={form.rule?.id ?? 'new'}
          rule={form.rule}
          email={email}
          machines={machines.data?.machines ?? []}
          machinesFailed={Boolean(machines.error)}
          onClose={() => setForm(null)}
          onSubmit={handleSubmit}
        />
      )}
    </div>
  );
}
