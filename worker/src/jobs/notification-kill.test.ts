import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createPool, type Pool } from '@taktwerk/db';
import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabase, testRedisUrl } from '../../../testing/context';
import { startTestReceiver } from '../../../testing/http-receiver';
import { createWorkerRedis } from '../redis';
import { enqueueNotificationDelivery } from './notification-deliver';
import {
  QUICK_RETRIES,
  createAlertEvent,
  deliveryRow,
  startDeliveryHarness,
  testNotifierSettings,
  testQueueName,
  waitForDelivery,
} from './notification-fixtures';

const LEASE_MS = 2500;
const CHILD = fileURLToPath(new URL('./notification-worker.child.ts', import.meta.url));

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

/** The notification worker in a child process (worker/src/jobs/notification-worker.child.ts), ready to take jobs. */
async function startChildWorker(queueName: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD, JSON.stringify({ queueName, leaseMs: LEASE_MS, lockDurationMs: 1000 })], {
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: testDatabase().appUrl, REDIS_URL: testRedisUrl() },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`child worker exited with ${code} before it was ready`)));
  });
  return child;
}

describe('notification delivery: a worker killed mid-send', () => {
  it('is retried by another worker after its lease, and the receiver accepts exactly one delivery', async () => {
    // The receiver holds the first request open (the killed worker never gets an answer) and accepts later ones.
    const hook = await startTestReceiver({ respond: (_r, i) => (i === 0 ? 'hold' : { status: 200 }) });
    const queueName = testQueueName();
    const child = await startChildWorker(queueName);
    const exited = new Promise((resolve) => child.once('exit', resolve));
    const queue = new Queue(queueName, { connection });
    let replacement: ReturnType<typeof startDeliveryHarness> | undefined;
    try {
      const s = await createAlertEvent(pool, [{ type: 'webhook', target: hook.url }]);
      await enqueueNotificationDelivery(queue, { orgId: s.orgId, eventId: s.eventId, channelIndex: 0 }, QUICK_RETRIES);

      await hook.waitForRequests(1);
      child.kill('SIGKILL');
      await exited;
      const interrupted = await deliveryRow(pool, s, 0);
      expect(interrupted).toMatchObject({ status: 'sending', attempts: 1 });

      // Another worker on the same queue: BullMQ finds the job stalled (its lock ran out with the dead process),
      // and the job waits for the dead sender's lease before it claims the delivery again.
      replacement = startDeliveryHarness({ pool, connection }, testNotifierSettings(), {
        queueName,
        leaseMs: LEASE_MS,
        worker: { stalledInterval: 300, lockDuration: 1000 },
      });
      expect(await waitForDelivery(pool, s, 0, ['sent', 'failed'], 20_000)).toMatchObject({ status: 'sent', attempts: 2 });

      const [killed, retried] = hook.requests;
      expect(killed).toMatchObject({ answered: null, aborted: true });
      expect(retried).toMatchObject({ answered: 200, aborted: false });
      expect(retried!.at - killed!.at).toBeGreaterThanOrEqual(LEASE_MS);
      expect(retried!.headers['x-taktwerk-delivery']).toBe(killed!.headers['x-taktwerk-delivery']);

      // Nothing more arrives, however often the job runs again.
      await replacement.run(replacement.payload(s, 0));
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(hook.requests).toHaveLength(2);
      expect(hook.requests.filter((r) => r.answered === 200)).toHaveLength(1);
    } finally {
      child.kill('SIGKILL');
      await replacement?.close();
      await queue.obliterate({ force: true });
      await queue.close();
      await hook.close();
    }
  }, 60_000);
});
