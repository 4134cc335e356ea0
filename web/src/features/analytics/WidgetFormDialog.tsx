import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AGGREGATIONS,
  defaultWidgetTitle,
  WIDGET_TITLE_MAX,
  WIDGET_TYPES,
  widgetIssue,
  type Aggregation,
  type Machine,
  type Widget,
  type WidgetCreate,
  type WidgetType,
} from '@taktwerk/common';
import { Button } from '../../ui/Button';
import { Checkbox } from '../../ui/Checkbox';
import { Dialog } from '../../ui/Dialog';
import { Field } from '../../ui/Field';
import { Input } from '../../ui/Input';
import { Select } from '../../ui/Select';
import { useMachineTags } from '../data-explorer/api';
import { AGGREGATION_KEYS, TYPE_KEYS } from './labels';

interface WidgetFormDialogProps {
  /** The widget to edit; null adds a new one. */
  widget: Widget | null;
  machines: readonly Machine[];
  onClose: () => void;
  /** Rejects when the api refused (it has shown its toast); the dialog then stays open. */
  onSubmit: (input: WidgetCreate) => Promise<void>;
}

/** Add and edit widget (spec part 1 §2, §5): machine and tag required, title defaulting to 'machine • tag'. */
export function WidgetFormDialog({ widget, machines, onClose, onSubmit }: WidgetFormDialogProps) {
  const { t } = useTranslation();
  const [type, setType] = useState<WidgetType>(widget?.type ?? 'chart');
  const [machineId, setMachineId] = useState(widget?.machineId ?? '');
  const [tagAlias, setTagAlias] = useState(widget?.tagAlias ?? '');
  const [title, setTitle] = useState(widget?.title ?? '');
  const [aggregation, setAggregation] = useState<Aggregation>(widget?.aggregation ?? 'avg');
  const [unit, setUnit] = useState(widget?.tagUnit ?? '');
  const [visible, setVisible] = useState(widget?.visible ?? true);
  const [visibleDashboard, setVisibleDashboard] = useState(widget?.visibleDashboard ?? false);
  const [missing, setMissing] = useState(false);
  const [busy, setBusy] = useState(false);
  const tags = useMachineTags(machineId).data?.tags;
  const machineName = machines.find((m) => m.id === machineId)?.name;

  function handleMachine(id: string) {
    setMachineId(id);
    setTagAlias('');
  }

  function handleTag(alias: string) {
    setTagAlias(alias);
    // A widget shows its tag's unit unless it is given one of its own.
    setUnit(tags?.find((tag) => tag.alias === alias)?.unit ?? '');
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (widgetIssue({ machineId, tagAlias })) {
      setMissing(true);
      return;
    }
    setBusy(true);
    try {
      await onSubmit({ type, machineId, tagAlias, title: title.trim(), aggregation, tagUnit: unit, visible, visibleDashboard });
    } catch {
      setBusy(false);
    }
  }

  const missingError = missing && !(machineId && tagAlias) ? t('analytics.form.machineAndTagRequired') : null;
  const tagPlaceholder = !machineId
    ? t('analytics.form.chooseTag')
    : tags === undefined
      ? t('analytics.form.tagsLoading')
      : tags.length === 0
        ? t('analytics.form.noTags')
        : t('analytics.form.chooseTag');
  return (
    <Dialog
      open
      title={widget ? t('analytics.form.editTitle') : t('analytics.form.addTitle')}
      onClose={onClose}
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            {t('analytics.form.cancel')}
          </Button>
          <Button type="submit" form="analytics-form" variant="primary" busy={busy}>
            {widget ? t('analytics.form.save') : t('analytics.form.create')}
          </Button>
        </>
      }
    >
      <form id="analytics-form" className="form analytics-form" onSubmit={handleSubmit} noValidate>
        <Field label={t('analytics.form.type')}>
          <Select value={type} onChange={(e) => setType(e.target.value as WidgetType)}>
            {WIDGET_TYPES.map((value) => (
              <option key={value} value={value}>
                {t(TYPE_KEYS[value])}
              </option>
            ))}
          </Select>
        </Field>
        <div className="analytics-form-pair">
          <Field label={t('analytics.form.machine')} required error={missingError && !machineId ? missingError : null}>
            <Select value={machineId} onChange={(e) => handleMachine(e.target.value)}>
              <option value="">{t('analytics.form.chooseMachine')}</option>
              {machines.map((m) => (
                <option key={m.id} value={m.id}>
                  {m.name}
                </option>
              ))}
            </Select>
          </Field>
          <Field label={t('analytics.form.tag')} required error={missingError && machineId ? missingError : null}>
            <Select value={tagAlias} disabled={!machineId || !tags?.length} onChange={(e) => handleTag(e.target.value)}>
              <option value="">{tagPlaceholder}</option>
              {tags?.map((tag) => (
                <option key={tag.id} value={tag.alias}>
                  {tag.unit ? `${tag.alias} (${tag.unit})` : tag.alias}
                </option>
              ))}
            </Select>
          </Field>
        </div>
        <Field
          label={t('analytics.form.title')}
          hint={
            machineName && tagAlias
              ? t('analytics.form.titleHint', { example: defaultWidgetTitle(machineName, tagAlias) })
              : t('analytics.form.titleHintGeneric')
          }
        >
          <Input value={title} maxLength={WIDGET_TITLE_MAX} onChange={(e) => setTitle(e.target.value)} />
        </Field>
        <div className="analytics-form-pair">
          <Field label={t('analytics.form.aggregation')}>
            <Select value={aggregation} onChange={(e) => setAggregation(e.target.value as Aggregation)}>
              {AGGREGATIONS.map((value) => (
                <option key={value} value={value}>
                  {t(AGGREGATION_KEYS[value])}
                </option>
              ))}
            </Select>
          </Field>
          <Field label={t('analytics.form.unit')} hint={t('analytics.form.unitHint')}>
            <Input value={unit} maxLength={50} onChange={(e) => setUnit(e.target.value)} />
          </Field>
        </div>
        <Checkbox label={t('analytics.form.visible')} checked={visible} onChange={(e) => setVisible(e.target.checked)} />
        <Checkbox label={t('analytics.form.visibleDashboard')} checked={visibleDashboard} onChange={(e) => setVisibleDashboard(e.target.checked)} />
      </form>
    </Dialog>
  );
}
