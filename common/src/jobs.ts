import { z } from 'zod';

// The job contract shared by producers (api) and the worker: queue, job name and payload schema.
// Separate queues so a burst of one kind (alert evaluation after heavy ingest) never delays another (notifications).
export const QUEUES = {
  maintenance: 'taktwerk-maintenance',
  alerts: 'taktwerk-alerts',
  notifications: 'taktwerk-notifications',
} as const;

export const usageRefreshPayloadSchema = z.strictObject({
  /** One organization, or every organization when absent (the scheduled sweep). */
  orgId: z.uuid().optional(),
});
export type UsageRefreshPayload = z.infer<typeof usageRefreshPayloadSchema>;

/** Retention sweep: every organization when absent. */
export const retentionPayloadSchema = z.strictObject({ orgId: z.uuid().optional() });
export type RetentionPayload = z.infer<typeof retentionPayloadSchema>;

/** One job per committed ingest batch (never per point): the tags and time span the batch touched. */
export const alertEvaluatePayloadSchema = z.strictObject({
  orgId: z.uuid(),
  machineId: z.uuid(),
  tags: z.array(z.string().min(1)).min(1),
  /** Epoch ms of the oldest and newest point of the batch. */
  fromMs: z.number().int(),
  toMs: z.number().int(),
});
export type AlertEvaluatePayload = z.infer<typeof alertEvaluatePayloadSchema>;

/** Sends one alert event over one of its rule's channels; job id `deliver-<eventId>-<channelIndex>` makes it unique. */
export const notificationDeliverPayloadSchema = z.strictObject({
  orgId: z.uuid(),
  eventId: z.uuid(),
  channelIndex: z.number().int().min(0),
});
export type NotificationDeliverPayload = z.infer<typeof notificationDeliverPayloadSchema>;

/** Re-enqueues deliveries nobody works on (enqueue failed after commit, sender died); takes no parameters. */
export const notificationSweepPayloadSchema = z.strictObject({});

export const deliveryJobId = (eventId: string, channelIndex: number) => `deliver-${eventId}-${channelIndex}`;

export const JOB_NAMES = {
  usageRefresh: 'usage.refresh',
  retention: 'telemetry.retention',
  alertEvaluate: 'alert.evaluate',
  alertNoDataSweep: 'alert.no-data-sweep',
  machineConnectionWatch: 'machine.connection-watch',
  notificationDeliver: 'notification.deliver',
  notificationSweep: 'notification.sweep',
} as const;
