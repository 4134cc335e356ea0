import type { ApiKeyScope } from '@taktwerk/common';
import type { Queryable } from '../pool';

export interface ApiKeyRow {
  id: string;
  org_id: string;
  label: string;
  key_preview: string;
  scopes: ApiKeyScope[];
  created_by: string | null;
  expires_at: Date | null;
  last_used: Date | null;
  created_at: Date;
}

// key_hash is deliberately never selected for presentation: it serves only the credential lookup.
const COLUMNS = 'id, org_id, label, key_preview, scopes, created_by, expires_at, last_used, created_at';

export async function listApiKeys(db: Queryable, orgId: string): Promise<ApiKeyRow[]> {
  const { rows } = await db.query<ApiKeyRow>(`SELECT ${COLUMNS} FROM api_keys WHERE org_id = $1 ORDER BY created_at DESC, id`, [orgId]);
  return rows;
}

export interface NewApiKey {
  orgId: string;
  label: string;
  keyHash: string;
  keyPreview: string;
  scopes: ApiKeyScope[];
  createdBy: string | null;
  expiresAt: Date | null;
}

export async function insertApiKey(db: Queryable, k: NewApiKey): Promise<ApiKeyRow> {
  const { rows } = await db.query<ApiKeyRow>(
    `INSERT INTO api_keys (org_id, label, key_hash, key_preview, scopes, created_by, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ${COLUMNS}`,
    [k.orgId, k.label, k.keyHash, k.keyPreview, k.scopes, k.createdBy, k.expiresAt],
  );
  return rows[0]!;
}

export async function deleteApiKey(db: Queryable, orgId: string, id: string): Promise<boolean> {
  const { rowCount } = await db.query('DELETE FROM api_keys WHERE org_id = $1 AND id = $2', [orgId, id]);
  return (rowCount ?? 0) > 0;
}

/** The key behind a hash, across tenants: only for the credential lookup (platform path). */
export async function findApiKeyByHash(db: Queryable, keyHash: string): Promise<ApiKeyRow | null> {
  const { rows } = await db.query<ApiKeyRow>(`SELECT ${COLUMNS} FROM api_keys WHERE key_hash = $1`, [keyHash]);
  return rows[0] ?? null;
}

/** Records use at most once a minute per key, so busy agents do not turn every request into a write. */
export async function touchApiKeyLastUsed(db: Queryable, orgId: string, id: string): Promise<void> {
  await db.query(
    `UPDATE api_keys SET last_used = now()
      WHERE org_id = $1 AND id = $2 AND (last_used IS NULL OR last_used < now() - interval '1 minute')`,
    [orgId, id],
  );
}
