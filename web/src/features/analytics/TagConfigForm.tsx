import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AGGREGATIONS, MIN_SAMPLE_INTERVAL_MS, TAG_DATA_TYPES, type Aggregation, type TagConfig, type TagDataType } from '@taktwerk/common';
import { Button } from '../../ui/Button';
import { Checkbox } from '../../ui/Checkbox';
import { Field } from '../../ui/Field';
import { Input } from '../../ui/Input';
import { Select } from '../../ui/Select';
import { AGGREGATION_KEYS } from './labels';

export interface TagConfigDraft {
  path: string;
  alias: string;
  unit: string;
  description: string;
  dataType: TagDataType;
  aggregation: Aggregation;
  sampleIntervalMs: number;
  sendIntervalMs: number;
  enabled: boolean;
}

interface TagConfigFormProps {
  tag: TagConfig;
  onSubmit: (draft: TagConfigDraft) => Promise<void>;
}

/** The fields of one tag configuration (spec part 1 §3 Tag config); key it by tag so another tag starts afresh. */
export function TagConfigForm({ tag, onSubmit }: TagConfigFormProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<TagConfigDraft>({
    path: tag.path,
    alias: tag.alias,
    unit: tag.unit ?? '',
    description: tag.description ?? '',
    dataType: tag.dataType,
    aggregation: tag.aggregation,
    sampleIntervalMs: tag.sampleIntervalMs,
    sendIntervalMs: tag.sendIntervalMs,
    enabled: tag.enabled,
  });
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const change = (patch: Partial<TagConfigDraft>) => setDraft((current) => ({ ...current, ...patch }));
  // Non-numeric input becomes 0 (as the spec's number fields do) and is then caught by the minimum.
  const number = (text: string) => (Number.isFinite(Number(text)) ? Math.round(Number(text)) : 0);

  const aliasError = submitted && !draft.alias.trim() ? t('analytics.tagConfig.aliasRequired') : null;
  const intervalError = (ms: number) => (submitted && ms < MIN_SAMPLE_INTERVAL_MS ? t('analytics.tagConfig.intervalMin', { min: MIN_SAMPLE_INTERVAL_MS }) : null);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitted(true);
    if (!draft.alias.trim() || draft.sampleIntervalMs < MIN_SAMPLE_INTERVAL_MS || draft.sendIntervalMs < MIN_SAMPLE_INTERVAL_MS) return;
    setBusy(true);
    await onSubmit(draft).finally(() => setBusy(false));
  }

  return (
    <form className="form tag-config-form" onSubmit={handleSubmit} noValidate aria-label={tag.alias}>
      <div className="analytics-form-pair">
        <Field label={t('analytics.tagConfig.alias')} required error={aliasError} hint={draft.alias.trim() !== tag.alias ? t('analytics.tagConfig.renameHint') : undefined}>
          <Input value={draft.alias} maxLength={100} onChange={(e) => change({ alias: e.target.value })} />
        </Field>
        <Field label={t('analytics.tagConfig.path')}>
          <Input value={draft.path} maxLength={500} onChange={(e) => change({ path: e.target.value })} />
        </Field>
        <Field label={t('analytics.tagConfig.unit')}>
          <Input value={draft.unit} maxLength={40} onChange={(e) => change({ unit: e.target.value })} />
        </Field>
        <Field label={t('analytics.tagConfig.dataType')}>
          <Select value={draft.dataType} onChange={(e) => change({ dataType: e.target.value as TagDataType })}>
            {TAG_DATA_TYPES.map((value) => (
              <option key={value}>{value}</option>
            ))}
          </Select>
        </Field>
        <Field label={t('analytics.tagConfig.aggregation')}>
          <Select value={draft.aggregation} onChange={(e) => change({ aggregation: e.target.value as Aggregation })}>
            {AGGREGATIONS.map((value) => (
              <option key={value} value={value}>
                {t(AGGREGATION_KEYS[value])}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t('analytics.tagConfig.description')}>
          <Input value={draft.description} maxLength={500} onChange={(e) => change({ description: e.target.value })} />
        </Field>
        <Field label={t('analytics.tagConfig.sampleInterval')} error={intervalError(draft.sampleIntervalMs)}>
          <Input type="number" min={MIN_SAMPLE_INTERVAL_MS} step={100} value={draft.sampleIntervalMs} onChange={(e) => change({ sampleIntervalMs: number(e.target.value) })} />
        </Field>
        <Field label={t('analytics.tagConfig.sendInterval')} error={intervalError(draft.sendIntervalMs)}>
          <Input type="number" min={MIN_SAMPLE_INTERVAL_MS} step={100} value={draft.sendIntervalMs} onChange={(e) => change({ sendIntervalMs: number(e.target.value) })} />
        </Field>
      </div>
      <Checkbox label={t('analytics.tagConfig.enabled')} checked={draft.enabled} onChange={(e) => change({ enabled: e.target.checked })} />
      <div className="tag-config-actions">
        <Button type="submit" variant="primary" busy={busy}>
          {t('analytics.tagConfig.save')}
        </Button>
      </div>
    </form>
  );
}
