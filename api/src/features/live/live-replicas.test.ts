import { createPool, type Pool } from '@taktwerk/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabase, testRedisUrl } from '../../../../testing/context';
import { LiveTestSocket, createLiveTenant, ingest, type LiveTenant } from './live-test-kit';
import { startApiProcess, type ChildServer } from './live-test-processes';

// Two real api processes sharing PostgreSQL and Redis, as replicas behind a load balancer would.
let pool: Pool;
let a: ChildServer;
let b: ChildServer;
let tenant: LiveTenant;
beforeAll(async () => {
  const db = testDatabase();
  const env = { DATABASE_URL: db.appUrl, DATABASE_OWNER_URL: db.ownerUrl, DATABASE_ADMIN_URL: db.adminUrl, REDIS_URL: testRedisUrl() };
  pool = createPool(db.appUrl, { max: 2 });
  [a, b] = await Promise.all([startApiProcess(env), startApiProcess(env)]);
  tenant = await createLiveTenant(pool, b.url);
});
afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await pool?.end();
});

describe('live fan-out across api processes', () => {
  it('delivers points ingested through one process to a socket on the other, and closes it with 1001 on shutdown', async () => {
    const socket = await LiveTestSocket.signedIn(a.url, tenant.accessToken);
    await socket.subscribe([tenant.machineId]);
    const at = Date.now() - 2000;
    expect(await ingest(b.url, tenant.ingestKey, tenant.machineId, [{ tag: 'via.b', timestamp: at, value: 1 }])).toBe(200);
    await socket.waitForPoints(1);
    expect(await ingest(a.url, tenant.ingestKey, tenant.machineId, [{ tag: 'via.a', timestamp: at, value: 2 }])).toBe(200);
    await socket.waitForPoints(2);
    expect(socket.points()).toEqual([
      [tenant.machineId, 'via.b', at, 1],
      [tenant.machineId, 'via.a', at, 2],
    ]);

    expect(await a.stop()).toBe(0);
    expect(await socket.closed).toEqual({ code: 1001, reason: 'server shutting down' });
  });
});
