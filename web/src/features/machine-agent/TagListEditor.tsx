import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { newDraftTag, type DraftErrors, type DraftTag } from './draft';
import { TagRow } from './TagRow';

interface TagListEditorProps {
  tags: DraftTag[];
  errors: DraftErrors['tags'];
  disabled: boolean;
  onChange: (tags: DraftTag[]) => void;
}

export function TagListEditor({ tags, errors, disabled, onChange }: TagListEditorProps) {
  const { t } = useTranslation();

  function handleChange(changed: DraftTag) {
    onChange(tags.map((tag) => (tag.key === changed.key ? changed : tag)));
  }

  function handleRemove(removed: DraftTag) {
    onChange(tags.filter((tag) => tag.key !== removed.key));
  }

  return (
    <section className="agent-tags" aria-labelledby="agent-tags-title">
      <header className="agent-tags-header">
        <h3 id="agent-tags-title" className="agent-section-title">
          {t('machineAgent.tags.title')}
        </h3>
        {!disabled && (
          <Button size="sm" onClick={() => onChange([...tags, newDraftTag()])}>
            {t('machineAgent.tags.add')}
          </Button>
        )}
      </header>
      {tags.length === 0 ? (
        <p className="agent-muted">{t('machineAgent.tags.empty')}</p>
      ) : (
        <ol className="tag-list">
          {tags.map((tag, index) => (
            <TagRow key={tag.key} tag={tag} index={index} errors={errors[tag.key]} disabled={disabled} onChange={handleChange} onRemove={handleRemove} />
          ))}
        </ol>
      )}
    </section>
  );
}
