import { API_KEY_FORMAT, ingestUrlFor, type ApiKey, type ApiKeyCreatedResponse } from '@taktwerk/common';
import { deleteApiKey, insertApiKey, insertAuditEntry, listApiKeys, withTenant } from '@taktwerk/db';
import type { z } from 'zod';
import type { AppDeps } from '../../context';
import { issueSecret } from '../../http/credentials';
import { notFound } from '../../http/errors';
import type { Principal } from '../../http/principal';
import { presentApiKey } from './presenter';
import type { apiKeyCreateSchema } from './schema';

export function listOrgApiKeys(deps: AppDeps, orgId: string): Promise<ApiKey[]> {
  return withTenant(deps.pool, orgId, async (db) => (await listApiKeys(db, orgId)).map(presentApiKey));
}

/** Creates a key; the answer is the only time the key is seen in full (only its SHA-256 is stored). */
export function createOrgApiKey(
  deps: AppDeps,
  principal: Principal,
  input: z.output<typeof apiKeyCreateSchema>,
): Promise<ApiKeyCreatedResponse> {
  const { orgId } = principal;
  return withTenant(deps.pool, orgId, async (db) => {
    const key = issueSecret(API_KEY_FORMAT);
    const row = await insertApiKey(db, {
      orgId,
      label: input.label,
      keyHash: key.hash,
      keyPreview: key.preview,
      scopes: input.scopes,
      createdBy: principal.userId,
      expiresAt: input.expiresAt ? new Date(input.expiresAt) : null,
    });
    await insertAuditEntry(db, {
      orgId, actorId: principal.userId, action: 'api_key.create', targetType: 'api_key', targetId: row.id, details: { scopes: row.scopes },
    });
    return { key: key.secret, apiKey: presentApiKey(row) };
  });
}

export function deleteOrgApiKey(deps: AppDeps, principal: Principal, keyId: string): Promise<void> {
  const { orgId } = principal;
  return withTenant(deps.pool, orgId, async (db) => {
    if (!(await deleteApiKey(db, orgId, keyId))) throw notFound('API key not found.');
    await insertAuditEntry(db, { orgId, actorId: principal.userId, action: 'api_key.delete', targetType: 'api_key', targetId: keyId });
  });
}

/** The configured public URL's ingest endpoint; null lets the browser use its own origin. */
export function configuredIngestUrl(deps: AppDeps): string | null {
  return deps.env.PUBLIC_URL ? ingestUrlFor(deps.env.PUBLIC_URL) : null;
}
