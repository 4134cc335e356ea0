export {
  apiKeyCreateSchema,
  apiKeyCreatedResponseSchema,
  apiKeyIdParamsSchema,
  apiKeyListResponseSchema,
  ingestEndpointResponseSchema,
} from '@taktwerk/common';

/** Spec part 1 §2: the api-keys screen needs org:manage. */
export const API_KEYS_MANAGE = 'org:manage';

/** Headers of the ingest health check (spec part 1 §7: OPTIONS on the ingest endpoint). */
export const INGEST_PREFLIGHT_HEADERS = {
  Allow: 'OPTIONS, POST',
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'OPTIONS, POST',
  'Access-Control-Allow-Headers': 'Authorization, Content-Type',
  'Access-Control-Max-Age': '600',
};
