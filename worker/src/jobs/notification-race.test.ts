import { JOB_NAMES } from '@taktwerk/common';
import { createPool, type Pool } from '@taktwerk/db';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabase, testRedisUrl } from '../../../testing/context';
import { startTestReceiver } from '../../../testing/http-receiver';
import { createWorkerRedis } from '../redis';
import { QUICK_RETRIES, createAlertEvent, deliveryRow, startDeliveryHarness, testNotifierSettings, waitForDelivery } from './notification-fixtures';

let pool: Pool;
let connection: Redis;

beforeAll(() => {
  pool = createPool(testDatabase().appUrl, { max: 10 });
  connection = createWorkerRedis(testRedisUrl());
});
afterAll(async () => {
  await connection.quit();
  await pool.end();
});

const countBy = (values: unknown[]) => {
  const counts = new Map<unknown, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return counts;
};

describe('notification delivery: sent once under races', () => {
  it('two workers, each delivery enqueued twice and also as a second job of its own: every delivery is sent exactly once', async () => {
    // A slow receiver widens the window in which a second job could start the same delivery.
    const hook = await startTestReceiver({ respond: () => ({ status: 200, delayMs: 150 }) });
    const h = startDeliveryHarness({ pool, connection }, testNotifierSettings(), { workers: 2 });
    try {
      const events = await Promise.all(
        [1, 2, 3].map(() => createAlertEvent(pool, [0, 1, 2, 3].map((i) => ({ type: 'webhook' as const, target: `${hook.url}/hook/${i}` })))),
      );
      for (const s of events) {
        for (const i of [0, 1, 2, 3]) {
          await h.enqueue(s, i);
          await h.enqueue(s, i);
          // The same delivery under another job id (as a sweep racing a live job would make): two BullMQ jobs.
          await h.queue.add(JOB_NAMES.notificationDeliver, h.payload(s, i), { ...QUICK_RETRIES, jobId: `duplicate-${s.eventId}-${i}` });
        }
      }
      for (const s of events) for (const i of [0, 1, 2, 3]) expect(await waitForDelivery(pool, s, i)).toMatchObject({ status: 'sent', attempts: 1 });
      await new Promise((resolve) => setTimeout(resolve, 500)); // any second send would have arrived by now

      const ids = events.flatMap((s) => s.deliveries.map((d) => d.id));
      const counts = countBy(hook.requests.map((r) => r.headers['x-taktwerk-delivery']));
      expect(hook.requests).toHaveLength(12);
      for (const id of ids) expect(counts.get(id)).toBe(1);
    } finally {
      await h.close();
      await hook.close();
    }
  });

  it('six runs of one delivery at the same moment: one claim, one request', async () => {
    const hook = await startTestReceiver({ respond: () => ({ status: 200, delayMs: 100 }) });
    const h = startDeliveryHarness({ pool, connection }, testNotifierSettings(), { workers: 0 });
    try {
      const s = await createAlertEvent(pool, [{ type: 'webhook', target: hook.url }]);
      const results = await Promise.allSettled(Array.from({ length: 6 }, () => h.run(h.payload(s, 0))));
      const sent = results.filter((r) => r.status === 'fulfilled');
      const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
      expect(sent.length).toBeGreaterThanOrEqual(1);
      for (const r of refused) expect((r.reason as Error).message).toBe('the delivery is being sent by another worker');
      expect(await deliveryRow(pool, s, 0)).toMatchObject({ status: 'sent', attempts: 1 });
      expect(hook.requests).toHaveLength(1);
    } finally {
      await h.close();
      await hook.close();
    }
  });
});
