// Fault: Redis stops (issue 5 acceptance, SECURITY.md item 15). Ingest must still commit while rate limiting and
// live fan-out degrade, /readyz must say what degraded, and everything recovers when Redis is back.
// The test runs its own redis-server, so stopping it disturbs nobody else.
import { createPool, withPlatform, type Pool } from '@taktwerk/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../../testing/api-server';
import { testDatabase } from '../../../testing/context';
import { createIngestTarget, postBatch, type IngestTarget } from './ingest-client';
import { waitFor } from './processes';
import { createRedisServer, type RedisServer } from './redis-server';

interface Readiness {
  status: string;
  checks: { database: string; redis: string };
  degraded: string[];
}

let redis: RedisServer | undefined;
let pool: Pool | undefined;
let api: TestApi | undefined;
let target: IngestTarget;

beforeAll(async () => {
  redis = await createRedisServer();
  pool = createPool(testDatabase().appUrl, { max: 2 });
  api = await startTestApi({ REDIS_URL: redis.url });
  target = await createIngestTarget(pool);
});

afterAll(async () => {
  await api?.close().catch(() => undefined);
  await pool?.end().catch(() => undefined);
  await redis?.stop();
});

async function readiness(): Promise<{ status: number; body: Readiness }> {
  const response = await fetch(`${api!.baseUrl}/readyz`);
  return { status: response.status, body: (await response.json()) as Readiness };
}

async function storedCount(): Promise<number> {
  const { rows } = await withPlatform(pool!, (db) =>
    db.query<{ n: number }>('SELECT count(*)::int AS n FROM ingested_values WHERE machine_id = $1', [target.machineId]),
  );
  return rows[0]!.n;
}

describe('Redis stopped', () => {
  it('ingest still commits, /readyz reports the degradation with 200, and both recover when Redis returns', async () => {
    const start = Date.now() - 60_000;
    const batch = (offset: number) => Array.from({ length: 50 }, (_, i) => start + offset + i);

    expect((await postBatch(api!.baseUrl, target, batch(0))).status).toBe(200);
    expect(await readiness()).toMatchObject({ status: 200, body: { status: 'ok', checks: { database: 'ok', redis: 'ok' }, degraded: [] } });

    await redis!.stop();
    await waitFor('/readyz to notice Redis is gone', async () => (await readiness()).body.checks.redis === 'down', 10_000);

    // Still routable: ingest and every PostgreSQL-backed route work, so a load balancer keeps sending traffic.
    expect(await readiness()).toEqual({
      status: 200,
      body: { status: 'degraded', checks: { database: 'ok', redis: 'down' }, storage: 'plain', degraded: ['live_streaming', 'rate_limiting', 'job_queue'] },
    });
    const startedAt = Date.now();
    const during = await postBatch(api!.baseUrl, target, batch(1000));
    expect(during.status).toBe(200);
    expect(await during.json()).toEqual({ accepted: 50, duplicates: 0, rejected: [] });
    // Degraded means answered at once, not after waiting for Redis.
    expect(Date.now() - startedAt).toBeLessThan(2000);
    expect(await storedCount()).toBe(100);

    await redis!.start();
    await waitFor('/readyz to report Redis ok again', async () => (await readiness()).body.checks.redis === 'ok', 15_000);
    expect(await readiness()).toMatchObject({ status: 200, body: { status: 'ok', degraded: [] } });
    expect((await postBatch(api!.baseUrl, target, batch(2000))).status).toBe(200);
    expect(await storedCount()).toBe(150);
  });
});
