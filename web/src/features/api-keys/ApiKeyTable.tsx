import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiKey } from '@taktwerk/common';
import { useDateFormat } from '../../app/preferences/use-date-display';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { Table, type TableColumn } from '../../ui/Table';

interface ApiKeyTableProps {
  apiKeys: ApiKey[];
  onDelete: (apiKey: ApiKey) => void;
}

export function ApiKeyTable({ apiKeys, onDelete }: ApiKeyTableProps) {
  const { t } = useTranslation();
  const { date, dateTime } = useDateFormat();
  // When the list was first shown: expiry badges need a clock, and render must stay pure.
  const [now] = useState(() => Date.now());
  const columns: TableColumn<ApiKey>[] = [
    {
      id: 'label',
      header: t('apiKeys.list.label'),
      cell: (key) => (
        <span className="api-key-name">
          <span className="api-key-label">{key.label}</span>
          <code className="api-key-preview" aria-label={t('apiKeys.list.key')}>
            {key.keyPreview}
          </code>
        </span>
      ),
    },
    {
      id: 'scopes',
      header: t('apiKeys.list.scopes'),
      hideOnMobile: true,
      cell: (key) => (
        <span className="api-key-scopes">
          {key.scopes.map((scope) => (
            <Badge key={scope}>{scope}</Badge>
          ))}
        </span>
      ),
    },
    {
      id: 'lastUsed',
      header: t('apiKeys.list.lastUsed'),
      cell: (key) => (key.lastUsed ? dateTime(key.lastUsed) : t('apiKeys.list.never')),
    },
    { id: 'created', header: t('apiKeys.list.created'), hideOnMobile: true, cell: (key) => date(key.createdAt) },
    {
      id: 'expires',
      header: t('apiKeys.list.expires'),
      hideOnMobile: true,
      cell: (key) => {
        if (!key.expiresAt) return t('apiKeys.list.noExpiry');
        if (Date.parse(key.expiresAt) <= now) return <Badge tone="danger">{t('apiKeys.list.expired')}</Badge>;
        return date(key.expiresAt);
      },
    },
    {
      id: 'actions',
      header: <span className="visually-hidden">{t('apiKeys.list.actions')}</span>,
      align: 'end',
      cell: (key) => (
        <Button size="sm" variant="ghost" className="api-key-delete" aria-label={t('apiKeys.list.deleteLabel', { label: key.label })} onClick={() => onDelete(key)}>
          {t('apiKeys.list.delete')}
        </Button>
      ),
    },
  ];
  return (
    <Table
      columns={columns}
      rows={apiKeys}
      rowKey={(key) => key.id}
      caption={t('apiKeys.list.title')}
      empty={<EmptyState icon="key" title={t('apiKeys.list.empty')} description={t('apiKeys.list.emptyHint')} />}
    />
  );
}
