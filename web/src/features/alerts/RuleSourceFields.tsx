import { useTranslation } from 'react-i18next';
import type { Machine } from '@taktwerk/common';
import { Field } from '../../ui/Field';
import { Input } from '../../ui/Input';
import { Select } from '../../ui/Select';
import { useMachineTags } from '../data-explorer/api';
import type { RuleFormState } from './rule-draft';

interface RuleSourceFieldsProps {
  form: RuleFormState;
  machines: readonly Machine[];
  machinesFailed: boolean;
  onChange: (patch: Partial<RuleFormState>) => void;
  /** The required-fields message for a field left empty, or null. */
  missing: (field: 'name' | 'machineId' | 'tag') => string | null;
}

/** Name, description, and what the rule watches: a machine, then one of that machine's tags (spec part 1 §5). */
export function RuleSourceFields({ form, machines, machinesFailed, onChange, missing }: RuleSourceFieldsProps) {
  const { t } = useTranslation();
  const tags = useMachineTags(form.machineId).data?.tags;
  // An edited rule's tag stays choosable even if the machine no longer lists it.
  const aliases = tags?.map((tag) => tag.alias) ?? [];
  const orphanTag = form.tag && tags && !aliases.some((alias) => alias.toLowerCase() === form.tag.toLowerCase()) ? form.tag : null;
  const tagPlaceholder = !form.machineId
    ? t('alerts.form.chooseTag')
    : tags === undefined
      ? t('alerts.form.tagsLoading')
      : tags.length === 0
        ? t('alerts.form.noTags')
        : t('alerts.form.chooseTag');
  const machineError = missing('machineId') ?? (machinesFailed && machines.length === 0 ? t('alerts.errors.machinesFailed') : null);

  return (
    <fieldset className="alert-form-section">
      <legend>{t('alerts.form.general')}</legend>
      <Field label={t('alerts.form.name')} required error={missing('name')}>
        <Input value={form.name} maxLength={200} onChange={(e) => onChange({ name: e.target.value })} />
      </Field>
      <Field label={t('alerts.form.description')}>
        <Input value={form.description} maxLength={2000} onChange={(e) => onChange({ description: e.target.value })} />
      </Field>
      <div className="alert-form-grid">
        <Field label={t('alerts.form.machine')} required error={machineError}>
          <Select value={form.machineId} onChange={(e) => onChange({ machineId: e.target.value, tag: '' })}>
            <option value="">{t('alerts.form.chooseMachine')}</option>
            {machines.map((machine) => (
              <option key={machine.id} value={machine.id}>
                {machine.name}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t('alerts.form.tag')} required error={missing('tag')}>
          <Select value={form.tag} disabled={!form.machineId || (!tags?.length && !orphanTag)} onChange={(e) => onChange({ tag: e.target.value })}>
            <option value="">{tagPlaceholder}</option>
            {tags?.map((tag) => (
              <option key={tag.id} value={tag.alias}>
                {tag.unit ? `${tag.alias} (${tag.unit})` : tag.alias}
              </option>
            ))}
            {orphanTag && <option value={orphanTag}>{orphanTag}</option>}
          </Select>
        </Field>
      </div>
    </fieldset>
  );
}
