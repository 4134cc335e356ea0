import { JOB_NAMES, deliveryJobId, notificationSweepPayloadSchema, type NotificationDeliverPayload } from '@taktwerk/common';
import { listStaleDeliveries, withPlatform } from '@taktwerk/db';
import type { JobsOptions, Queue } from 'bullmq';
import type { z } from 'zod';
import type { JobDefinition } from './job';
import { enqueueNotificationDelivery } from './notification-deliver';

export const notificationSweepOptions: JobsOptions = { attempts: 1, removeOnComplete: 100, removeOnFail: 1000 };

/**
 * Makes sure the job of a delivery exists. A waiting, delayed or active job will run; a finished one would make
 * BullMQ ignore a new job with the same id, so it is removed first. Returns whether a job was added.
 */
export async function ensureDeliveryJob(queue: Queue, payload: NotificationDeliverPayload): Promise<boolean> {
  const existing = await queue.getJob(deliveryJobId(payload.eventId, payload.channelIndex));
  if (existing) {
    const state = await existing.getState();
    if (state !== 'completed' && state !== 'failed' && state !== 'unknown') return false;
    await existing.remove();
  }
  await enqueueNotificationDelivery(queue, payload);
  return true;
}

/**
 * Picks up deliveries nobody works on: the evaluator committed the row but enqueueing failed, a job was lost, or a
 * sender died holding its claim. Safe to run any number of times: the delivery job itself claims before sending.
 */
export function notificationSweepJob(queue: Queue, options: { graceMs: number; limit: number } = { graceMs: 2 * 60 * 1000, limit: 500 }): JobDefinition<z.infer<typeof notificationSweepPayloadSchema>> {
  return {
    name: JOB_NAMES.notificationSweep,
    payload: notificationSweepPayloadSchema,
    options: notificationSweepOptions,
    async perform({ pool, logger }) {
      const stale = await withPlatform(pool, (db) => listStaleDeliveries(db, options));
      let enqueued = 0;
      for (const d of stale) {
        if (await ensureDeliveryJob(queue, { orgId: d.org_id, eventId: d.event_id, channelIndex: d.channel_index })) enqueued += 1;
      }
      if (enqueued > 0) logger.info({ stale: stale.length, enqueued }, 'notification sweep enqueued stalled deliveries');
      return { stale: stale.length, enqueued };
    },
  };
}
