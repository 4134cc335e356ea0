import { z } from 'zod';

// The job contract shared by producers (api) and the worker: queue, job name and payload schema.
export const QUEUES = { maintenance: 'taktwerk-maintenance' } as const;

export const usageRefreshPayloadSchema = z.strictObject({
  /** One organization, or every organization when absent (the scheduled sweep). */
  orgId: z.uuid().optional(),
});
export type UsageRefreshPayload = z.infer<typeof usageRefreshPayloadSchema>;

export const JOB_NAMES = { usageRefresh: 'usage.refresh' } as const;
