import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ALERT_NUMBER_LIMITS,
  ALERT_SEVERITIES,
  type AlertNumberField,
  type AlertRule,
  type AlertRuleDraft,
  type AlertSeverity,
  type Machine,
} from '@taktwerk/common';
import { Button } from '../../ui/Button';
import { Checkbox } from '../../ui/Checkbox';
import { Dialog } from '../../ui/Dialog';
import { Field } from '../../ui/Field';
import { Select } from '../../ui/Select';
import { useToast } from '../../ui/Toast';
import { ruleIssueMessage, validationToast } from './alert-errors';
import { BacktestPanel } from './BacktestPanel';
import { ChannelListEditor } from './ChannelListEditor';
import { NumberField } from './NumberField';
import { backtestDraft, draftIssue, newRuleForm, ruleDraft, ruleForm, type RuleFormState } from './rule-draft';
import { RuleConditionFields } from './RuleConditionFields';
import { RuleSourceFields } from './RuleSourceFields';

interface RuleFormDialogProps {
  /** The rule to edit; null creates one. */
  rule: AlertRule | null;
  /** The author's address: a new rule's default email channel. */
  email: string;
  machines: readonly Machine[];
  machinesFailed: boolean;
  onClose: () => void;
  /** Rejects when the api refused (it has shown its toast); the dialog then stays open. */
  onSubmit: (draft: AlertRuleDraft) => Promise<void>;
}

/**
 * The rule form (spec part 1 §2, §5): name, machine and tag required ('Validierungsfehler' / 'Bitte füllen Sie alle
 * erforderlichen Felder aus.'), the condition of its type, severity, cooldown, channels, and a backtest before saving.
 */
export function RuleFormDialog({ rule, email, machines, machinesFailed, onClose, onSubmit }: RuleFormDialogProps) {
  const { t } = useTranslation();
  const { showToast } = useToast();
  const [form, setForm] = useState<RuleFormState>(() => (rule ? ruleForm(rule) : newRuleForm(email)));
  // Problems show once the user tried to save (or backtest), and clear as they are fixed.
  const [attempted, setAttempted] = useState(false);
  const [busy, setBusy] = useState(false);
  const draft = ruleDraft(form);
  const currentIssue = draftIssue(draft);
  const forBacktest = backtestDraft(form);
  const issue = attempted ? currentIssue : null;

  const update = (patch: Partial<RuleFormState>) => setForm((current) => ({ ...current, ...patch }));
  const missing = (field: 'name' | 'machineId' | 'tag') =>
    issue?.code === 'required_fields' && issue.fields.includes(field) ? t('alerts.errors.requiredFields') : null;
  const numberError = (field: AlertNumberField) => (issue?.code === 'number_out_of_range' && issue.field === field ? ruleIssueMessage(issue, t) : null);
  const channelError = (index: number) => (issue?.code === 'invalid_channel_target' && issue.index === index ? ruleIssueMessage(issue, t) : null);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setAttempted(true);
    if (currentIssue) {
      showToast(validationToast(currentIssue, t));
      return;
    }
    setBusy(true);
    try {
      await onSubmit(draft);
    } catch {
      setBusy(false);
    }
  }

  return (
    <Dialog
      open
      size="lg"
      title={rule ? t('alerts.form.editTitle') : t('alerts.form.addTitle')}
      onClose={onClose}
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            {t('alerts.form.cancel')}
          </Button>
          <Button type="submit" form="alert-rule-form" variant="primary" busy={busy}>
            {rule ? t('alerts.form.save') : t('alerts.form.create')}
          </Button>
        </>
      }
    >
      <form id="alert-rule-form" className="form alert-rule-form" onSubmit={handleSubmit} noValidate>
        <RuleSourceFields form={form} machines={machines} machinesFailed={machinesFailed} onChange={update} missing={missing} />
        <RuleConditionFields form={form} onChange={update} numberError={numberError} />
        <div className="alert-form-grid">
          <Field label={t('alerts.form.severity')}>
            <Select value={form.severity} onChange={(e) => update({ severity: e.target.value as AlertSeverity })}>
              {ALERT_SEVERITIES.map((severity) => (
                <option key={severity} value={severity}>
                  {t(`alerts.severity.${severity}`)}
                </option>
              ))}
            </Select>
          </Field>
          <NumberField
            label={t('alerts.form.cooldown')}
            min={ALERT_NUMBER_LIMITS.cooldownMinutes.min}
            max={ALERT_NUMBER_LIMITS.cooldownMinutes.max}
            value={form.cooldownMinutes}
            hint={t('alerts.form.cooldownHint')}
            error={numberError('cooldownMinutes')}
            onChange={(cooldownMinutes) => update({ cooldownMinutes })}
          />
        </div>
        <Checkbox label={t('alerts.form.enabled')} checked={form.enabled} onChange={(e) => update({ enabled: e.target.checked })} />
        <ChannelListEditor channels={form.channels} defaultEmail={email} errorOf={channelError} onChange={(channels) => update({ channels })} />
        <BacktestPanel draft={forBacktest} issue={draftIssue(forBacktest)} onInvalid={() => setAttempted(true)} />
      </form>
    </Dialog>
  );
}
