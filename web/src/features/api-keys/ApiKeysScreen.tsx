import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasPermission, type ApiKey, type ApiKeyCreatedResponse } from '@taktwerk/common';
import { useAccount } from '../../app/auth/use-account';
import { errorMessage } from '../../app/error-message';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { useConfirm } from '../../ui/ConfirmDialog';
import { EmptyState } from '../../ui/EmptyState';
import { LoadingState } from '../../ui/Spinner';
import { useToast } from '../../ui/Toast';
import { deleteApiKey, useApiKeys } from './api';
import { ApiKeyTable } from './ApiKeyTable';
import { CreateKeyDialog } from './CreateKeyDialog';
import { NewKeyDialog } from './NewKeyDialog';
import { QuickstartPanel } from './QuickstartPanel';
import './api-keys.css';

/** #api-keys (spec part 1 §2): quickstart panel, key list, create dialog, one-time display of a new key. */
export function ApiKeysScreen() {
  const { t } = useTranslation();
  const { user } = useAccount();
  if (!hasPermission(user.role, user.permissions, 'org:manage'))
    return <EmptyState icon="key" title={t('apiKeys.page.accessDenied')} description={t('apiKeys.page.accessDeniedHint')} />;
  return <ApiKeysContent />;
}

function ApiKeysContent() {
  const { t } = useTranslation();
  const keys = useApiKeys();
  const confirm = useConfirm();
  const { showToast } = useToast();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<ApiKeyCreatedResponse | null>(null);
  // Kept while the page is open so the quickstart samples can be pasted with the real key.
  const [newKey, setNewKey] = useState<string | null>(null);
  // The create dialog is gone when the new key's dialog closes: focus returns to the button that started it all.
  const createButton = useRef<HTMLButtonElement>(null);

  function handleCreated(response: ApiKeyCreatedResponse) {
    setCreating(false);
    setCreated(response);
    setNewKey(response.key);
    void keys.mutate();
  }

  function handleNewKeyClosed() {
    setCreated(null);
    createButton.current?.focus();
  }

  async function handleDelete(apiKey: ApiKey) {
    const confirmed = await confirm({ title: t('apiKeys.delete.title'), message: t('apiKeys.delete.message', { label: apiKey.label }) });
    if (!confirmed) return;
    try {
      await deleteApiKey(apiKey.id);
      await keys.mutate();
      showToast({ type: 'success', title: t('apiKeys.delete.deleted') });
    } catch (error) {
      showToast({ type: 'error', title: t('apiKeys.delete.failed'), message: errorMessage(error, t) });
    }
  }

  return (
    <div className="api-keys-page">
      <QuickstartPanel newKey={newKey} />
      <Card
        title={t('apiKeys.list.title')}
        description={t('apiKeys.list.description')}
        actions={
          <Button ref={createButton} variant="primary" onClick={() => setCreating(true)}>
            {t('apiKeys.list.create')}
          </Button>
        }
      >
        {keys.data ? (
          <ApiKeyTable apiKeys={keys.data.apiKeys} onDelete={handleDelete} />
        ) : keys.error ? (
          <EmptyState
            icon="error"
            title={t('apiKeys.list.loadError')}
            description={t('apiKeys.list.loadErrorMessage')}
            action={<Button onClick={() => void keys.mutate()}>{t('apiKeys.list.retry')}</Button>}
          />
        ) : (
          <LoadingState />
        )}
      </Card>
      {creating && <CreateKeyDialog onClose={() => setCreating(false)} onCreated={handleCreated} />}
      {created && <NewKeyDialog created={created} onClose={handleNewKeyClosed} />}
    </div>
  );
}
