import { z } from 'zod';
import { AGENT_CONNECTION_STATUSES, AGENT_PROTOCOLS, MIN_SAMPLE_INTERVAL_MS, TAG_DATA_TYPES } from './constants';

/** A tag as the agent screen edits it; `id` names an existing tag config, without it the tag is new. */
export const agentTagInputSchema = z.strictObject({
  id: z.uuid().optional(),
  nodeId: z.string().trim().min(1, 'Node id is required.').max(500),
  alias: z.string().trim().min(1, 'Alias is required.').max(100),
  enabled: z.boolean(),
  sampleIntervalMs: z.number().int().min(MIN_SAMPLE_INTERVAL_MS).max(86_400_000),
  dataType: z.enum(TAG_DATA_TYPES),
});
export type AgentTagInput = z.infer<typeof agentTagInputSchema>;

export const agentConfigInputSchema = z.strictObject({
  protocol: z.enum(AGENT_PROTOCOLS),
  endpoint: z.string().trim().min(1, 'Endpoint is required.').max(500),
  sendIntervalMs: z.number().int().min(100).max(3_600_000),
  bufferSize: z.number().int().min(1).max(100_000),
  tags: z
    .array(agentTagInputSchema)
    .max(1000)
    .refine((tags) => new Set(tags.map((t) => t.alias.toLowerCase())).size === tags.length, 'Tag aliases must be unique.'),
});
export type AgentConfigInput = z.infer<typeof agentConfigInputSchema>;

export const agentTagSchema = z.object({
  id: z.uuid(),
  nodeId: z.string(),
  alias: z.string(),
  enabled: z.boolean(),
  sampleIntervalMs: z.number().int(),
  dataType: z.enum(TAG_DATA_TYPES),
});
export type AgentTag = z.infer<typeof agentTagSchema>;

export const agentConfigSchema = z.object({
  machineId: z.uuid(),
  machineName: z.string(),
  protocol: z.enum(AGENT_PROTOCOLS),
  endpoint: z.string(),
  sendIntervalMs: z.number().int(),
  bufferSize: z.number().int(),
  tags: z.array(agentTagSchema),
  /** false while the machine still has the defaults (nothing saved yet). */
  saved: z.boolean(),
  updatedAt: z.string().nullable(),
  connectionStatus: z.enum(AGENT_CONNECTION_STATUSES),
});
export type AgentConfig = z.infer<typeof agentConfigSchema>;

export const agentConfigResponseSchema = z.object({ config: agentConfigSchema });
export type AgentConfigResponse = z.infer<typeof agentConfigResponseSchema>;

/** The caller's origin: where the agent sends data when the deployment sets no public URL. */
export const agentConfigYamlQuerySchema = z.strictObject({
  origin: z.url({ protocol: /^https?$/ }).max(300).optional(),
});
export type AgentConfigYamlQuery = z.infer<typeof agentConfigYamlQuerySchema>;

export const agentConfigYamlResponseSchema = z.object({ fileName: z.string(), yaml: z.string() });
export type AgentConfigYamlResponse = z.infer<typeof agentConfigYamlResponseSchema>;

/** Statistics reach back at most this far: local midnight is never more than a day (plus a DST hour) ago. */
export const AGENT_STATS_MAX_LOOKBACK_MS = 48 * 3600 * 1000;

export const agentStatsQuerySchema = z.strictObject({
  since: z.iso
    .datetime({ offset: true })
    .refine((value) => Date.now() - Date.parse(value) <= AGENT_STATS_MAX_LOOKBACK_MS, 'since must be within the last 48 hours.'),
});
export type AgentStatsQuery = z.infer<typeof agentStatsQuerySchema>;

export const agentStatsResponseSchema = z.object({ machineId: z.uuid(), since: z.string(), points: z.number().int() });
export type AgentStatsResponse = z.infer<typeof agentStatsResponseSchema>;
