import { randomBytes } from 'node:crypto';
import { Queue, Worker, type Job } from 'bullmq';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPool, findOrganization, insertMachine, insertTagConfig, withPlatform, type Pool } from '@taktwerk/db';
import { testDatabase, testRedisUrl } from '../../../testing/context';
import { createTestOrganization } from '../../../testing/fixtures';
import { createWorkerRedis } from '../redis';
import { createProcessor } from './registry';
import { usageRefreshJob } from './usage-refresh';

let pool: Pool;
beforeAll(() => {
  pool = createPool(testDatabase().appUrl, { max: 3 });
});
afterAll(async () => pool.end());

async function organizationWithMachines(machines: number, tagsEach: number) {
  const { org } = await createTestOrganization(pool);
  await withPlatform(pool, async (db) => {
    for (let i = 0; i < machines; i += 1) {
      const m = await insertMachine(db, { orgId: org.id, name: `M${i}`, description: null, location: null });
      for (let t = 0; t < tagsEach; t += 1)
        await insertTagConfig(db, { orgId: org.id, machineId: m.id, path: `p${t}`, alias: `tag${t}`, dataType: 'Double', unit: null, description: null });
    }
  });
  return org.id;
}

const usageOf = async (orgId: string) => (await withPlatform(pool, (db) => findOrganization(db, orgId)))!.current_usage;

describe('usage.refresh job', () => {
  it('runs end to end through BullMQ and keeps machine and tag counts exact; a second run changes nothing', async () => {
    const orgId = await organizationWithMachines(2, 3);
    const queueName = `test-usage-${randomBytes(4).toString('hex')}`;
    const connection = createWorkerRedis(testRedisUrl());
    const queue = new Queue(queueName, { connection });
    const results: unknown[] = [];
    const worker = new Worker(queueName, createProcessor({ pool, logger: pino({ level: 'silent' }) }), { connection });
    const done = (n: number) =>
      new Promise<void>((resolve, reject) => {
        worker.on('completed', (_job: Job, result: unknown) => {
          results.push(result);
          if (results.length === n) resolve();
        });
        worker.on('failed', (_job, err) => reject(err));
      });
    try {
      const twoCompleted = done(2);
      await queue.add(usageRefreshJob.name, { orgId }, usageRefreshJob.options);
      await queue.add(usageRefreshJob.name, { orgId }, usageRefreshJob.options);
      await twoCompleted;
      expect(await usageOf(orgId)).toMatchObject({ machines: 2, tags: 6 });
      expect(results).toEqual([{ checked: 1, changed: 1 }, { checked: 1, changed: 0 }]);
    } finally {
      await worker.close();
      await queue.obliterate({ force: true });
      await queue.close();
      await connection.quit();
    }
  });

  it('follows deletions, and refuses a malformed payload without retrying', async () => {
    const orgId = await organizationWithMachines(1, 2);
    const perform = createProcessor({ pool, logger: pino({ level: 'silent' }) });
    await perform({ name: usageRefreshJob.name, data: { orgId } } as Job);
    expect(await usageOf(orgId)).toMatchObject({ machines: 1, tags: 2 });
    await withPlatform(pool, (db) => db.query('DELETE FROM machines WHERE org_id = $1', [orgId]));
    await perform({ name: usageRefreshJob.name, data: { orgId } } as Job);
    expect(await usageOf(orgId)).toMatchObject({ machines: 0, tags: 0 });
    await expect(perform({ name: usageRefreshJob.name, data: { orgId: 'not-a-uuid' } } as Job)).rejects.toThrow(/invalid payload/);
  });
});
