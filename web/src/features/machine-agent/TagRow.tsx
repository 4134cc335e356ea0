import { useTranslation } from 'react-i18next';
import { MIN_SAMPLE_INTERVAL_MS, TAG_DATA_TYPES, type TagDataType } from '@taktwerk/common';
import { Button } from '../../ui/Button';
import { Checkbox } from '../../ui/Checkbox';
import { Field } from '../../ui/Field';
import { Input } from '../../ui/Input';
import { Select } from '../../ui/Select';
import type { DraftTag, TagErrors } from './draft';

interface TagRowProps {
  tag: DraftTag;
  index: number;
  errors: TagErrors | undefined;
  disabled: boolean;
  onChange: (tag: DraftTag) => void;
  onRemove: (tag: DraftTag) => void;
}

/** One tag of the agent's list: node id, alias, enabled, sample interval (≥ 100 ms), data type. */
export function TagRow({ tag, index, errors, disabled, onChange, onRemove }: TagRowProps) {
  const { t } = useTranslation();
  const change = (patch: Partial<DraftTag>) => onChange({ ...tag, ...patch });
  return (
    <li className="tag-row" aria-label={t('machineAgent.tags.row', { index: index + 1 })}>
      <Field label={t('machineAgent.tags.nodeId')} error={errors?.nodeId} className="tag-row-node">
        {/* A row added with "Add tag" takes the focus, so keyboard users can type right away. */}
        <Input
          value={tag.nodeId}
          disabled={disabled}
          maxLength={500}
          spellCheck={false}
          autoFocus={!tag.id}
          onChange={(event) => change({ nodeId: event.target.value })}
        />
      </Field>
      <Field label={t('machineAgent.tags.alias')} error={errors?.alias} className="tag-row-alias">
        <Input value={tag.alias} disabled={disabled} maxLength={100} spellCheck={false} onChange={(event) => change({ alias: event.target.value })} />
      </Field>
      <Field label={t('machineAgent.tags.sampleInterval')} error={errors?.sampleIntervalMs} className="tag-row-sample">
        <Input
          type="number"
          inputMode="numeric"
          min={MIN_SAMPLE_INTERVAL_MS}
          step={100}
          value={tag.sampleIntervalMs}
          disabled={disabled}
          onChange={(event) => change({ sampleIntervalMs: event.target.value })}
        />
      </Field>
      <Field label={t('machineAgent.tags.dataType')} className="tag-row-type">
        <Select value={tag.dataType} disabled={disabled} onChange={(event) => change({ dataType: event.target.value as TagDataType })}>
          {TAG_DATA_TYPES.map((type) => (
            <option key={type} value={type}>
              {type}
            </option>
          ))}
        </Select>
      </Field>
      <Checkbox
        className="tag-row-enabled"
        label={t('machineAgent.tags.enabled')}
        checked={tag.enabled}
        disabled={disabled}
        onChange={(event) => change({ enabled: event.target.checked })}
      />
      {!disabled && (
        <Button
          size="sm"
          variant="ghost"
          className="tag-row-remove"
          aria-label={t('machineAgent.tags.removeLabel', { name: tag.alias || index + 1 })}
          onClick={() => onRemove(tag)}
        >
          {t('machineAgent.tags.remove')}
        </Button>
      )}
    </li>
  );
}
