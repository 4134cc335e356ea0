import type { ApiKey } from '@taktwerk/common';
import type { ApiKeyRow } from '@taktwerk/db';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function presentApiKey(row: ApiKeyRow): ApiKey {
  return {
    id: row.id,
    label: row.label,
    keyPreview: row.key_preview,
    scopes: row.scopes,
    lastUsed: iso(row.last_used),
    expiresAt: iso(row.expires_at),
    createdAt: row.created_at.toISOString(),
    createdBy: row.created_by,
  };
}
