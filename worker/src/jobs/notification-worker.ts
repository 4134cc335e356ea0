import { QUEUES } from '@taktwerk/common';
import type { Pool } from '@taktwerk/db';
import { Queue, Worker, type WorkerOptions } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { WorkerEnv } from '../env';
import { createNotifier, notifierSettings, type NotifierSettings } from '../notifications/notifier';
import { upsertNotificationSchedules } from '../scheduler';
import type { JobDefinition } from './job';
import { DELIVERY_LEASE_MS, notificationDeliverJob } from './notification-deliver';
import { notificationSweepJob } from './notification-sweep';
import { createProcessor } from './registry';

export interface NotificationWorker {
  worker: Worker;
  queue: Queue;
  /** Waits for active sends to finish (SIGTERM), then lets go of the queue and the mail transport. */
  close(): Promise<void>;
}

/**
 * The worker of the notifications queue: delivery jobs and the sweep, on their own queue so an alert burst never
 * waits behind maintenance work. `overrides` carry the process's worker name, and for tests: queue name, short
 * leases, quick stall detection.
 */
export async function startNotificationWorker(
  deps: { env: WorkerEnv; pool: Pool; logger: Logger; connection: Redis },
  overrides: { queueName?: string; leaseMs?: number; schedule?: boolean; notifier?: Partial<NotifierSettings>; worker?: Partial<WorkerOptions> } = {},
): Promise<NotificationWorker> {
  const { env, pool, logger, connection } = deps;
  const queueName = overrides.queueName ?? QUEUES.notifications;
  const queue = new Queue(queueName, { connection, prefix: env.QUEUE_PREFIX });
  if (overrides.schedule ?? true) await upsertNotificationSchedules(queue, { notificationSweep: env.NOTIFICATION_SWEEP_EVERY_MS });
  const notifier = createNotifier({ ...notifierSettings(env), ...overrides.notifier }, { pool });
  const jobs = [notificationDeliverJob(notifier, { leaseMs: overrides.leaseMs ?? DELIVERY_LEASE_MS }), notificationSweepJob(queue)];
  const worker = new Worker(queueName, createProcessor({ pool, logger }, jobs as JobDefinition<never>[]), {
    connection,
    prefix: env.QUEUE_PREFIX,
    concurrency: env.WORKER_CONCURRENCY,
    ...overrides.worker,
  });
  worker.on('failed', (job, err) => logger.warn({ job: job?.name, id: job?.id, attempts: job?.attemptsMade, err: err.message }, 'job failed'));
  worker.on('error', (err) => logger.error({ err: err.message }, 'notification worker error'));
  return {
    worker,
    queue,
    async close() {
      await worker.close();
      await queue.close();
      notifier.close();
    },
  };
}
