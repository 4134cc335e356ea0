import { z } from 'zod';
import { API_KEY_SCOPES } from './constants';

export const apiKeyIdParamsSchema = z.strictObject({ keyId: z.uuid() });

/** Spec part 1 §5: trimmed label non-empty and at least one scope; an expiry, when given, lies ahead. */
export const apiKeyCreateSchema = z.strictObject({
  label: z.string().trim().min(1, 'Label is required.').max(100),
  scopes: z
    .array(z.enum(API_KEY_SCOPES))
    .min(1, 'Select at least one scope.')
    .max(API_KEY_SCOPES.length)
    .transform((scopes) => [...new Set(scopes)]),
  expiresAt: z.iso
    .datetime({ offset: true })
    .refine((value) => Date.parse(value) > Date.now(), 'The expiry date must lie in the future.')
    .nullable()
    .optional(),
});
export type ApiKeyCreate = z.input<typeof apiKeyCreateSchema>;

export const apiKeySchema = z.object({
  id: z.uuid(),
  label: z.string(),
  keyPreview: z.string(),
  scopes: z.array(z.enum(API_KEY_SCOPES)),
  lastUsed: z.string().nullable(),
  expiresAt: z.string().nullable(),
  createdAt: z.string(),
  createdBy: z.uuid().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

export const apiKeyListResponseSchema = z.object({ apiKeys: z.array(apiKeySchema) });
export type ApiKeyListResponse = z.infer<typeof apiKeyListResponseSchema>;

/** The one time the key is shown in full. */
export const apiKeyCreatedResponseSchema = z.object({ key: z.string(), apiKey: apiKeySchema });
export type ApiKeyCreatedResponse = z.infer<typeof apiKeyCreatedResponseSchema>;

/** The ingest URL when the deployment configures its public URL; null means the browser's origin. */
export const ingestEndpointResponseSchema = z.object({ ingestUrl: z.string().nullable() });
export type IngestEndpointResponse = z.infer<typeof ingestEndpointResponseSchema>;
