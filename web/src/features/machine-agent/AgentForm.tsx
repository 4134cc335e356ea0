import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AgentConfig } from '@taktwerk/common';
import { errorMessage } from '../../app/error-message';
import { Button } from '../../ui/Button';
import { useConfirm } from '../../ui/ConfirmDialog';
import { useToast } from '../../ui/Toast';
import { limitToast } from '../machines/limit-errors';
import { AgentDownloadModal } from './AgentDownloadModal';
import { AgentSettingsFields } from './AgentSettingsFields';
import { useSaveAgentConfig } from './api';
import { draftFromConfig, validateDraft, type AgentDraft, type DraftErrors } from './draft';
import { TagListEditor } from './TagListEditor';

interface AgentFormProps {
  config: AgentConfig;
  canWrite: boolean;
  tagLimit: number;
}

/** Edits one machine's agent configuration; the parent remounts it after each save so it starts from the server. */
export function AgentForm({ config, canWrite, tagLimit }: AgentFormProps) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const { showToast } = useToast();
  const save = useSaveAgentConfig(config.machineId);
  const [draft, setDraft] = useState<AgentDraft>(() => draftFromConfig(config));
  const [errors, setErrors] = useState<DraftErrors>({ tags: {} });
  const [dirty, setDirty] = useState(false);
  const [busy, setBusy] = useState(false);
  const [showDownload, setShowDownload] = useState(false);

  function handleChange(patch: Partial<AgentDraft>) {
    setDraft((current) => ({ ...current, ...patch }));
    setDirty(true);
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const checked = validateDraft(draft, t);
    setErrors(checked.errors);
    if (!checked.input) {
      showToast({ type: 'error', title: t('machineAgent.actions.saveFailed'), message: t('machineAgent.actions.fixErrors') });
      // The fields render their errors on the next paint; focus the first one then.
      requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    if (checked.input.tags.length === 0 && config.tags.length > 0) {
      const confirmed = await confirm({
        title: t('machineAgent.actions.confirmNoTagsTitle'),
        message: t('machineAgent.actions.confirmNoTags'),
        confirmLabel: t('machineAgent.actions.confirmNoTagsLabel'),
      });
      if (!confirmed) return;
    }
    setBusy(true);
    try {
      await save(checked.input);
      showToast({ type: 'success', title: t('machineAgent.actions.saved') });
    } catch (error) {
      showToast(limitToast(error, 'tags', tagLimit, t) ?? { type: 'error', title: t('machineAgent.actions.saveFailed'), message: errorMessage(error, t) });
      setBusy(false);
    }
  }

  return (
    <>
      <form className="agent-form" onSubmit={handleSubmit} noValidate>
      <AgentSettingsFields draft={draft} errors={errors} disabled={!canWrite} onChange={handleChange} />
      <TagListEditor tags={draft.tags} errors={errors.tags} disabled={!canWrite} onChange={(tags) => handleChange({ tags })} />
      <div className="agent-actions">
        {dirty && <span className="agent-muted">{t('machineAgent.actions.unsaved')}</span>}
        <Button onClick={() => setShowDownload(true)}>{t('machineAgent.actions.download')}</Button>
        {canWrite && (
          <Button type="submit" variant="primary" busy={busy}>
            {t('machineAgent.actions.save')}
          </Button>
        )}
      </div>
      </form>
      {showDownload && (
        <AgentDownloadModal machineId={config.machineId} protocol={draft.protocol} dirty={dirty} onClose={() => setShowDownload(false)} />
      )}
    </>
  );
}
