import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Machine } from '@taktwerk/common';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { EmptyState } from '../../ui/EmptyState';
import { Field } from '../../ui/Field';
import { Select } from '../../ui/Select';
import { useToast } from '../../ui/Toast';
import { useMachineTags } from '../data-explorer/api';
import { updateTagConfig } from './api';
import { TagConfigForm, type TagConfigDraft } from './TagConfigForm';
import { widgetErrorMessage } from './widget-errors';

interface TagConfigDialogProps {
  machines: readonly Machine[];
  /** Called after a tag was saved: widgets show tag units and aliases. */
  onSaved: () => void;
  onClose: () => void;
}

/** The tag-configuration editor of the analytics screen (spec part 1 §2): choose a machine and a tag, edit it. */
export function TagConfigDialog({ machines, onSaved, onClose }: TagConfigDialogProps) {
  const { t } = useTranslation();
  const { showToast } = useToast();
  const [machineId, setMachineId] = useState(machines[0]?.id ?? '');
  const [tagId, setTagId] = useState('');
  const tags = useMachineTags(machineId);
  const tag = tags.data?.tags.find((candidate) => candidate.id === tagId) ?? tags.data?.tags[0] ?? null;

  async function handleSave(draft: TagConfigDraft) {
    try {
      await updateTagConfig(machineId, tag!.id, { ...draft, alias: draft.alias.trim(), path: draft.path.trim() });
    } catch (error) {
      showToast({ type: 'error', title: t('analytics.tagConfig.saveFailed'), message: widgetErrorMessage(error, t) });
      return;
    }
    await tags.mutate();
    onSaved();
    showToast({ type: 'success', title: t('analytics.tagConfig.saved') });
  }

  return (
    <Dialog
      open
      size="lg"
      title={t('analytics.tagConfig.title')}
      description={t('analytics.tagConfig.intro')}
      onClose={onClose}
      footer={
        <Button variant="ghost" onClick={onClose}>
          {t('analytics.tagConfig.close')}
        </Button>
      }
    >
      <div className="analytics-form-pair">
        <Field label={t('analytics.tagConfig.machine')}>
          <Select
            value={machineId}
            onChange={(e) => {
              setMachineId(e.target.value);
              setTagId('');
            }}
          >
            {machines.map((m) => (
              <option key={m.id} value={m.id}>
                {m.name}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t('analytics.tagConfig.tag')}>
          <Select value={tag?.id ?? ''} disabled={!tags.data?.tags.length} onChange={(e) => setTagId(e.target.value)}>
            {!tags.data?.tags.length && <option value="">{t('analytics.tagConfig.noTags')}</option>}
            {tags.data?.tags.map((candidate) => (
              <option key={candidate.id} value={candidate.id}>
                {candidate.alias}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      {tag ? (
        <TagConfigForm key={`${tag.id}:${tag.updatedAt}`} tag={tag} onSubmit={handleSave} />
      ) : (
        tags.data && <EmptyState icon="tag" title={t('analytics.tagConfig.noTags')} />
      )}
    </Dialog>
  );
}
