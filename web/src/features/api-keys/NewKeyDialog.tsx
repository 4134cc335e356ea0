import { useTranslation } from 'react-i18next';
import type { ApiKeyCreatedResponse } from '@taktwerk/common';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { CodeBlock } from '../machines/CodeBlock';

/** The one-time display of a new key (spec part 1 §2) with its preview, which is all that is shown later. */
export function NewKeyDialog({ created, onClose }: { created: ApiKeyCreatedResponse; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog
      open
      title={t('apiKeys.created.title')}
      description={created.apiKey.label}
      onClose={onClose}
      footer={
        <Button variant="primary" onClick={onClose}>
          {t('apiKeys.created.done')}
        </Button>
      }
    >
      <div className="secret-reveal">
        <p className="secret-warning" role="status">
          {t('apiKeys.created.warning')}
        </p>
        <CodeBlock code={created.key} label={t('apiKeys.created.key')} copyLabel={t('apiKeys.created.copy')} />
      </div>
      <dl className="secret-preview">
        <dt>{t('apiKeys.created.preview')}</dt>
        <dd>{created.apiKey.keyPreview}</dd>
      </dl>
    </Dialog>
  );
}
