import { QUEUES, type NotificationDeliverPayload } from '@taktwerk/common';
import type { Pool } from '@taktwerk/db';
import { Queue, Worker, type WorkerOptions } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { DeliveryEnqueuer } from '../alerts/record';
import type { WorkerEnv } from '../env';
import { upsertAlertSchedules } from '../scheduler';
import { enqueueNotificationDelivery } from './notification-deliver';
import { alertJobs, createProcessor } from './registry';

/** Deliveries go to the notifications queue as one job each, job id unique per (event, channel). */
export const deliveryEnqueuer =
  (notifications: Queue): DeliveryEnqueuer =>
  async (deliveries: NotificationDeliverPayload[]) => {
    await Promise.all(deliveries.map((d) => enqueueNotificationDelivery(notifications, d)));
  };

export interface AlertWorker {
  worker: Worker;
  queue: Queue;
  close(): Promise<void>;
}

/**
 * The worker of the alerts queue: batch evaluations, the no-data sweep and the connection watch, on their own queue so
 * an ingest burst never delays notifications or maintenance. `overrides` carry the process's worker name, and for
 * tests: no schedules, other worker options.
 */
export async function startAlertWorker(
  deps: { env: WorkerEnv; pool: Pool; logger: Logger; connection: Redis },
  notifications: Queue,
  overrides: { schedule?: boolean; worker?: Partial<WorkerOptions> } = {},
): Promise<AlertWorker> {
  const { env, pool, logger, connection } = deps;
  const queue = new Queue(QUEUES.alerts, { connection, prefix: env.QUEUE_PREFIX });
  if (overrides.schedule ?? true)
    await upsertAlertSchedules(queue, { noDataSweep: env.ALERT_NO_DATA_SWEEP_EVERY_MS, connectionWatch: env.CONNECTION_WATCH_EVERY_MS });
  const worker = new Worker(QUEUES.alerts, createProcessor({ pool, logger }, alertJobs(deliveryEnqueuer(notifications))), {
    connection,
    concurrency: env.WORKER_CONCURRENCY,
    prefix: env.QUEUE_PREFIX,
    ...overrides.worker,
  });
  worker.on('failed', (job, err) => logger.warn({ job: job?.name, id: job?.id, attempts: job?.attemptsMade, err: err.message }, 'job failed'));
  worker.on('error', (err) => logger.error({ err: err.message }, 'alert worker error'));
  return {
    worker,
    queue,
    async close() {
      await worker.close();
      await queue.close();
    },
  };
}
