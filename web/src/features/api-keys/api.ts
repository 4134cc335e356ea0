import useSWR from 'swr';
import {
  apiKeyCreatedResponseSchema,
  apiKeyListResponseSchema,
  ingestEndpointResponseSchema,
  ingestUrlFor,
  type ApiKeyCreate,
} from '@taktwerk/common';
import { apiFetch, apiFetcher, type ApiKey } from '../../app/api-client';
import { noContent } from '../machines/api';

export const API_KEYS_KEY: ApiKey = ['/api-keys'];
const QUICKSTART_KEY: ApiKey = ['/api-keys/quickstart'];
const fetchApiKeys = apiFetcher(apiKeyListResponseSchema);
const fetchQuickstart = apiFetcher(ingestEndpointResponseSchema);

export function useApiKeys() {
  return useSWR(API_KEYS_KEY, fetchApiKeys);
}

/** The deployment's ingest URL: its configured public URL, else this page's origin. */
export function useIngestUrl(): string {
  const { data } = useSWR(QUICKSTART_KEY, fetchQuickstart);
  return data?.ingestUrl ?? ingestUrlFor(window.location.origin);
}

export const createApiKey = (input: ApiKeyCreate) => apiFetch('/api-keys', apiKeyCreatedResponseSchema, { method: 'POST', body: input });

export const deleteApiKey = (id: string) => apiFetch(`/api-keys/${id}`, noContent, { method: 'DELETE' });
