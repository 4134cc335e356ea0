import { hostname } from 'node:os';
import { QUEUES } from '@taktwerk/common';
import { createPool } from '@taktwerk/db';
import { Queue, Worker } from 'bullmq';
import { pino } from 'pino';
import { loadEnv } from './env';
import { startNotificationWorker } from './jobs/notification-worker';
import { startAlertWorker } from './jobs/alert-worker';
import { createProcessor } from './jobs/registry';
import { createWorkerRedis, warnUnlessNoEviction } from './redis';
import { upsertSchedules } from './scheduler';

const env = loadEnv();
const logger = pino({ level: env.LOG_LEVEL, base: { service: 'worker' } });
const pool = createPool(env.DATABASE_URL, { max: env.DATABASE_POOL_MAX, applicationName: 'taktwerk-worker' });
const connection = createWorkerRedis(env.REDIS_URL);
await warnUnlessNoEviction(connection, logger);

// BullMQ records the name on every job a worker takes (job.processedBy): which process ran what.
const name = `${hostname()}:${process.pid}`;
const queue = new Queue(QUEUES.maintenance, { connection, prefix: env.QUEUE_PREFIX });
await upsertSchedules(queue, { usageRefresh: env.USAGE_REFRESH_EVERY_MS, retention: env.RETENTION_EVERY_MS });

const worker = new Worker(QUEUES.maintenance, createProcessor({ pool, logger }), {
  connection,
  prefix: env.QUEUE_PREFIX,
  name,
  concurrency: env.WORKER_CONCURRENCY,
});
worker.on('failed', (job, err) => logger.warn({ job: job?.name, id: job?.id, attempts: job?.attemptsMade, err: err.message }, 'job failed'));
worker.on('error', (err) => logger.error({ err: err.message }, 'worker error'));
logger.info({ name, prefix: env.QUEUE_PREFIX, concurrency: env.WORKER_CONCURRENCY }, 'worker started');
const notifications = await startNotificationWorker({ env, pool, logger, connection }, { worker: { name } });
const alerts = await startAlertWorker({ env, pool, logger, connection }, notifications.queue, { worker: { name } });

let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'worker shutting down: finishing active jobs');
  // close() waits for active jobs; a job interrupted by a harder kill is retried, and every job is idempotent.
  await worker.close();
  await alerts.close();
  await notifications.close();
  await queue.close();
  await Promise.allSettled([pool.end(), connection.quit()]);
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
