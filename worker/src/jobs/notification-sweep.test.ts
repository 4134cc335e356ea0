import { randomUUID } from 'node:crypto';
import { JOB_NAMES, deliveryJobId, notificationSweepPayloadSchema } from '@taktwerk/common';
import { createPool, withPlatform, type Pool } from '@taktwerk/db';
import { Queue, Worker, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabase, testRedisUrl } from '../../../testing/context';
import { startTestReceiver } from '../../../testing/http-receiver';
import { createWorkerRedis } from '../redis';
import { upsertNotificationSchedules } from '../scheduler';
import { enqueueNotificationDelivery } from './notification-deliver';
import { createAlertEvent, deliveryRow, startDeliveryHarness, testNotifierSettings, testQueueName } from './notification-fixtures';
import { notificationSweepJob } from './notification-sweep';

let pool: Pool;
let connection: Redis;

beforeAll(() => {
  pool = createPool(testDatabase().appUrl, { max: 4 });
  connection = createWorkerRedis(testRedisUrl());
});
afterAll(async () => {
  await connection.quit();
  await pool.end();
});

const HOUR_MS = 3600_000;
/** Rows are aged by hand past a one-hour grace, which nothing else in a test run comes near. */
const sweep = (queue: Queue) => notificationSweepJob(queue, { graceMs: HOUR_MS, limit: 10_000 });
const deps = () => ({ pool, logger: pino({ level: 'silent' }) });
const age = (eventId: string, sql: string) => withPlatform(pool, (db) => db.query(`UPDATE notification_deliveries SET ${sql} WHERE event_id = $1`, [eventId]));

/** Takes the next job by hand (BullMQ's manual processing) and fails it, as BullMQ does with a job stalled too often. */
async function failNextJob(queue: Queue, reason: string): Promise<void> {
  const worker = new Worker(queue.name, null, { connection, autorun: false });
  try {
    const token = randomUUID();
    const job = (await worker.getNextJob(token)) as Job;
    await job.moveToFailed(new Error(reason), token, false);
  } finally {
    await worker.close();
  }
}

describe('notification sweep', () => {
  it('re-enqueues deliveries nobody works on, leaves the others alone, and the re-enqueued ones are sent once', async () => {
    const hook = await startTestReceiver();
    const queue = new Queue(testQueueName(), { connection });
    try {
      const lost = await createAlertEvent(pool, [{ type: 'webhook', target: `${hook.url}/lost` }]);
      const crashed = await createAlertEvent(pool, [{ type: 'webhook', target: `${hook.url}/crashed` }]);
      const fresh = await createAlertEvent(pool, [{ type: 'webhook', target: `${hook.url}/fresh` }]);
      const queued = await createAlertEvent(pool, [{ type: 'webhook', target: `${hook.url}/queued` }]);
      const done = await createAlertEvent(pool, [{ type: 'webhook', target: `${hook.url}/done` }]);
      // Committed but never enqueued, two hours ago.
      await age(lost.eventId, `created_at = now() - interval '2 hours'`);
      // Its sender died holding the claim; BullMQ gave its job up ("stalled more than allowable limit").
      await age(crashed.eventId, `created_at = now() - interval '2 hours', status = 'sending', attempts = 1, next_attempt_at = now() - interval '1 minute'`);
      await enqueueNotificationDelivery(queue, { orgId: crashed.orgId, eventId: crashed.eventId, channelIndex: 0 }, { attempts: 1 });
      await failNextJob(queue, 'job stalled more than allowable limit');
      expect(await (await queue.getJob(deliveryJobId(crashed.eventId, 0)))!.getState()).toBe('failed');
      // Old and pending, but its job is waiting in the queue: it will run.
      await age(queued.eventId, `created_at = now() - interval '2 hours'`);
      const queuedJob = await enqueueNotificationDelivery(queue, { orgId: queued.orgId, eventId: queued.eventId, channelIndex: 0 });
      await age(done.eventId, `created_at = now() - interval '2 hours', status = 'sent', sent_at = now()`);

      const result = (await sweep(queue).perform(deps(), {})) as { stale: number; enqueued: number };
      expect(result.enqueued).toBeGreaterThanOrEqual(2);
      const state = async (eventId: string) => (await queue.getJob(deliveryJobId(eventId, 0)))?.getState();
      expect(await state(lost.eventId)).toBe('waiting');
      const requeued = (await queue.getJob(deliveryJobId(crashed.eventId, 0)))!;
      expect(await requeued.getState()).toBe('waiting');
      expect(requeued.attemptsMade).toBe(0);
      expect(await state(fresh.eventId)).toBeUndefined();
      expect(await state(done.eventId)).toBeUndefined();
      expect((await queue.getJob(deliveryJobId(queued.eventId, 0)))!.timestamp).toBe(queuedJob.timestamp);

      // Run exactly the jobs of these events (other tests' rows never reach a worker from this queue).
      const h = startDeliveryHarness({ pool, connection }, testNotifierSettings(), { workers: 0 });
      try {
        for (const s of [lost, crashed, queued]) await h.run(h.payload(s, 0));
        for (const s of [lost, crashed, queued]) expect(await deliveryRow(pool, s, 0)).toMatchObject({ status: 'sent' });
        expect((await deliveryRow(pool, crashed, 0)).attempts).toBe(2);
      } finally {
        await h.close();
      }
      expect(hook.requests.map((r) => r.path).sort()).toEqual(['/crashed', '/lost', '/queued']);

      // Once sent, a delivery is no longer stale: a second sweep adds nothing of these.
      await queue.obliterate({ force: true });
      await sweep(queue).perform(deps(), {});
      for (const s of [lost, crashed, queued, fresh, done]) expect(await state(s.eventId)).toBeUndefined();
    } finally {
      await queue.obliterate({ force: true });
      await queue.close();
      await hook.close();
    }
  });

  it('is scheduled on the notifications queue, and its payload takes nothing', async () => {
    const queue = new Queue(testQueueName(), { connection });
    try {
      await upsertNotificationSchedules(queue, { notificationSweep: 60_000 });
      await upsertNotificationSchedules(queue, { notificationSweep: 60_000 }); // every replica does this at start-up
      const schedulers = await queue.getJobSchedulers();
      expect(schedulers).toHaveLength(1);
      expect(schedulers[0]).toMatchObject({ key: 'notification-sweep', name: JOB_NAMES.notificationSweep, every: 60_000 });
      expect(notificationSweepPayloadSchema.safeParse({ orgId: 'x' }).success).toBe(false);
      const jobs: Job[] = await queue.getJobs(['delayed', 'waiting']);
      expect(jobs.every((j) => j.name === JOB_NAMES.notificationSweep)).toBe(true);
    } finally {
      await queue.obliterate({ force: true });
      await queue.close();
    }
  });
});
