import { z } from 'zod';
import { AGGREGATIONS, MACHINE_STATUSES, MIN_SAMPLE_INTERVAL_MS, TAG_DATA_TYPES } from './constants';

/** Optional free text: trimmed; empty text becomes null (clears the field), an absent field stays undefined. */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullable()
    .optional()
    .transform((text) => (text === '' ? null : text));

export const machineIdParamsSchema = z.strictObject({ machineId: z.uuid() });
export const tagIdParamsSchema = z.strictObject({ machineId: z.uuid(), tagId: z.uuid() });

export const machineCreateSchema = z.strictObject({
  name: z.string().trim().min(1, 'Machine name is required.').max(120),
  description: optionalText(500),
  location: optionalText(200),
});
export type MachineCreate = z.infer<typeof machineCreateSchema>;

export const machineUpdateSchema = machineCreateSchema.partial();
export type MachineUpdate = z.infer<typeof machineUpdateSchema>;

/** Latest reading of one of the enabled tags shown on a machine card. */
export const tagReadingSchema = z.object({
  id: z.uuid(),
  alias: z.string(),
  dataType: z.enum(TAG_DATA_TYPES),
  unit: z.string().nullable(),
  value: z.union([z.number(), z.string(), z.boolean()]).nullable(),
  timestamp: z.string().nullable(),
});
export type TagReading = z.infer<typeof tagReadingSchema>;

export const machineSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string().nullable(),
  location: z.string().nullable(),
  /** The stored status; displayStatus applies the 5-minute online rule of spec part 1 §4. */
  status: z.enum(MACHINE_STATUSES),
  displayStatus: z.enum(MACHINE_STATUSES),
  tokenPreview: z.string().nullable(),
  lastDataReceived: z.string().nullable(),
  lastHeartbeat: z.string().nullable(),
  /** The later of last data and last heartbeat; null shows as 'never'. */
  lastUpdate: z.string().nullable(),
  tagCount: z.number().int(),
  enabledTagCount: z.number().int(),
  previewTags: z.array(tagReadingSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Machine = z.infer<typeof machineSchema>;

export const machineListResponseSchema = z.object({ machines: z.array(machineSchema) });
export type MachineListResponse = z.infer<typeof machineListResponseSchema>;
export const machineResponseSchema = z.object({ machine: machineSchema });
export type MachineResponse = z.infer<typeof machineResponseSchema>;
/** Create and rotate answers: the token in full, this one time only. */
export const machineWithTokenResponseSchema = z.object({ machine: machineSchema, token: z.string() });
export type MachineWithTokenResponse = z.infer<typeof machineWithTokenResponseSchema>;

const tagFields = {
  path: z.string().trim().max(500),
  alias: z.string().trim().min(1, 'Alias is required.').max(100),
  enabled: z.boolean(),
  sampleIntervalMs: z.number().int().min(MIN_SAMPLE_INTERVAL_MS).max(86_400_000),
  sendIntervalMs: z.number().int().min(MIN_SAMPLE_INTERVAL_MS).max(86_400_000),
  aggregation: z.enum(AGGREGATIONS),
  dataType: z.enum(TAG_DATA_TYPES),
  unit: optionalText(40),
  description: optionalText(500),
};

export const tagConfigCreateSchema = z.strictObject(tagFields).partial().required({ alias: true });
export type TagConfigCreate = z.infer<typeof tagConfigCreateSchema>;
export const tagConfigUpdateSchema = z.strictObject(tagFields).partial();
export type TagConfigUpdate = z.infer<typeof tagConfigUpdateSchema>;

export const tagConfigSchema = z.object({
  id: z.uuid(),
  machineId: z.uuid(),
  path: z.string(),
  alias: z.string(),
  enabled: z.boolean(),
  sampleIntervalMs: z.number().int(),
  sendIntervalMs: z.number().int(),
  aggregation: z.enum(AGGREGATIONS),
  dataType: z.enum(TAG_DATA_TYPES),
  unit: z.string().nullable(),
  description: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TagConfig = z.infer<typeof tagConfigSchema>;

export const tagConfigListResponseSchema = z.object({ tags: z.array(tagConfigSchema) });
export type TagConfigListResponse = z.infer<typeof tagConfigListResponseSchema>;
export const tagConfigResponseSchema = z.object({ tag: tagConfigSchema });
export type TagConfigResponse = z.infer<typeof tagConfigResponseSchema>;
