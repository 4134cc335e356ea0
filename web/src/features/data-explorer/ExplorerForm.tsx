import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { EXPLORER_AGGREGATION_OPTIONS, EXPLORER_INTERVALS, EXPLORER_LIMIT_STEP, EXPLORER_MIN_LIMIT, type Machine, type TagConfig } from '@taktwerk/common';
import { Button } from '../../ui/Button';
import { Field } from '../../ui/Field';
import { Input } from '../../ui/Input';
import { Select } from '../../ui/Select';
import type { ExplorerDraft } from './filters';
import { AGGREGATION_KEYS, INTERVAL_KEYS } from './issues';

interface ExplorerFormProps {
  machines: readonly Machine[];
  /** The chosen machine's tags; undefined while they load. */
  tags: readonly TagConfig[] | undefined;
  draft: ExplorerDraft;
  tagId: string;
  running: boolean;
  exporting: boolean;
  onChange: (patch: Partial<ExplorerDraft>) => void;
  onRun: () => void;
  onExport: () => void;
}

/** The explorer's controls (part 2 §2); Enter in any field runs the query. */
export function ExplorerForm({ machines, tags, draft, tagId, running, exporting, onChange, onRun, onExport }: ExplorerFormProps) {
  const { t } = useTranslation();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onRun();
  }

  const tagPlaceholder = !draft.machineId
    ? t('dataExplorer.filters.chooseTag')
    : tags === undefined
      ? t('dataExplorer.filters.tagsLoading')
      : tags.length === 0
        ? t('dataExplorer.filters.noTags')
        : t('dataExplorer.filters.chooseTag');

  return (
    <form className="explorer-form" onSubmit={handleSubmit} noValidate>
      <div className="explorer-fields">
        <Field label={t('dataExplorer.filters.machine')}>
          <Select value={draft.machineId} onChange={(e) => onChange({ machineId: e.target.value, tagId: '', tagAlias: '' })}>
            <option value="">{t('dataExplorer.filters.chooseMachine')}</option>
            {machines.map((m) => (
              <option key={m.id} value={m.id}>
                {m.name}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t('dataExplorer.filters.tag')}>
          <Select value={tagId} disabled={!draft.machineId || !tags?.length} onChange={(e) => onChange({ tagId: e.target.value, tagAlias: '' })}>
            <option value="">{tagPlaceholder}</option>
            {tags?.map((tag) => (
              <option key={tag.id} value={tag.id}>
                {tag.unit ? `${tag.alias} (${tag.unit})` : tag.alias}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t('dataExplorer.filters.fromDay')}>
          <Input type="date" value={draft.fromDay} max={draft.toDay || undefined} onChange={(e) => onChange({ fromDay: e.target.value })} />
        </Field>
        <Field label={t('dataExplorer.filters.toDay')}>
          <Input type="date" value={draft.toDay} min={draft.fromDay || undefined} onChange={(e) => onChange({ toDay: e.target.value })} />
        </Field>
        <Field label={t('dataExplorer.filters.aggregation')}>
          <Select value={draft.aggregation} onChange={(e) => onChange({ aggregation: e.target.value as ExplorerDraft['aggregation'] })}>
            {EXPLORER_AGGREGATION_OPTIONS.map((a) => (
              <option key={a} value={a}>
                {t(AGGREGATION_KEYS[a])}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t('dataExplorer.filters.interval')} hint={draft.aggregation === 'none' ? t('dataExplorer.filters.intervalUnused') : undefined}>
          <Select
            value={draft.interval}
            disabled={draft.aggregation === 'none'}
            onChange={(e) => onChange({ interval: e.target.value as ExplorerDraft['interval'] })}
          >
            {EXPLORER_INTERVALS.map((i) => (
              <option key={i} value={i}>
                {t(INTERVAL_KEYS[i])}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t('dataExplorer.filters.limit')} hint={t('dataExplorer.filters.limitHint')} className="explorer-limit">
          <Input
            type="number"
            inputMode="numeric"
            min={EXPLORER_MIN_LIMIT}
            step={EXPLORER_LIMIT_STEP}
            value={draft.limit}
            onChange={(e) => onChange({ limit: e.target.value })}
          />
        </Field>
      </div>
      <div className="explorer-actions">
        <Button type="submit" variant="primary" busy={running}>
          {t('dataExplorer.filters.run')}
        </Button>
        <Button onClick={onExport} disabled={exporting}>
          {t('dataExplorer.filters.export')}
        </Button>
      </div>
    </form>
  );
}
