import type { ApiKeyCreatedResponse, ApiKeyListResponse, IngestEndpointResponse } from '@taktwerk/common';
import type { ApiRouter } from '../../http/route';
import { signedIn } from '../../http/route';
import {
  API_KEYS_MANAGE,
  INGEST_PREFLIGHT_HEADERS,
  apiKeyCreateSchema,
  apiKeyCreatedResponseSchema,
  apiKeyIdParamsSchema,
  apiKeyListResponseSchema,
  ingestEndpointResponseSchema,
} from './schema';
import { configuredIngestUrl, createOrgApiKey, deleteOrgApiKey, listOrgApiKeys } from './service';

export function registerApiKeyRoutes(api: ApiRouter): void {
  api.add({
    method: 'get',
    path: '/api-keys',
    summary: "The organization's API keys (previews only, never the keys)",
    tag: 'api-keys',
    auth: signedIn(API_KEYS_MANAGE),
    responses: { 200: apiKeyListResponseSchema },
    async handler({ principal, deps }): Promise<ApiKeyListResponse> {
      return { apiKeys: await listOrgApiKeys(deps, principal.orgId) };
    },
  });

  api.add({
    method: 'post',
    path: '/api-keys',
    summary: 'Create an API key; the answer is the only time the key is shown',
    tag: 'api-keys',
    auth: signedIn(API_KEYS_MANAGE),
    body: apiKeyCreateSchema,
    responses: { 201: apiKeyCreatedResponseSchema },
    async handler({ principal, body, deps }): Promise<ApiKeyCreatedResponse> {
      return createOrgApiKey(deps, principal, body);
    },
  });

  api.add({
    method: 'delete',
    path: '/api-keys/:keyId',
    summary: 'Delete an API key; it stops working at once',
    tag: 'api-keys',
    auth: signedIn(API_KEYS_MANAGE),
    params: apiKeyIdParamsSchema,
    responses: { 204: null },
    async handler({ principal, params, deps }) {
      await deleteOrgApiKey(deps, principal, params.keyId);
    },
  });

  api.add({
    method: 'get',
    path: '/api-keys/quickstart',
    summary: "The ingest URL of this deployment for the quickstart samples (null: use the browser's origin)",
    tag: 'api-keys',
    auth: signedIn(API_KEYS_MANAGE),
    responses: { 200: ingestEndpointResponseSchema },
    async handler({ deps }): Promise<IngestEndpointResponse> {
      return { ingestUrl: configuredIngestUrl(deps) };
    },
  });

  // OPTIONS /api/v1/ingest: the health check of the quickstart's endpoint-check button. ApiRouter documents
  // GET/POST/PUT/PATCH/DELETE only, so this public, input-free answer is mounted on its router directly.
  api.router.options('/ingest', (_req, res) => {
    res.set(INGEST_PREFLIGHT_HEADERS).status(204).end();
  });
}
