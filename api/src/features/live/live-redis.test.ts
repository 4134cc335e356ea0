import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../../../testing/api-server';
import { LiveTestSocket, createLiveTenant, ingest, sleep, type LiveTenant } from './live-test-kit';
import { freePort, startRedis, type ChildServer } from './live-test-processes';

// A Redis of our own that can be stopped; two in-process api replicas use it.
let port: number;
let redis: ChildServer;
let a: TestApi;
let b: TestApi;
let tenant: LiveTenant;
beforeAll(async () => {
  port = await freePort();
  redis = await startRedis(port);
  [a, b] = await Promise.all([startTestApi({ REDIS_URL: redis.url }), startTestApi({ REDIS_URL: redis.url })]);
  tenant = await createLiveTenant(a.deps.pool, a.baseUrl);
});
afterAll(async () => {
  await Promise.all([a?.close(), b?.close()]);
  await redis?.stop();
});

const value = (tag: string, v: number) => [{ tag, timestamp: Date.now() - 1000, value: v }];

describe('live fan-out without Redis', () => {
  it('still commits ingest and serves sockets of the ingesting replica, and fans out again once Redis is back', async () => {
    const socket = await LiveTestSocket.signedIn(a.baseUrl, tenant.accessToken);
    await socket.subscribe([tenant.machineId]);
    expect(await ingest(b.baseUrl, tenant.ingestKey, tenant.machineId, value('before', 1))).toBe(200);
    await socket.waitForPoints(1);

    expect(await redis.stop()).toBe(0);
    expect(await ingest(a.baseUrl, tenant.ingestKey, tenant.machineId, value('down.local', 2))).toBe(200);
    expect(await ingest(b.baseUrl, tenant.ingestKey, tenant.machineId, value('down.remote', 3))).toBe(200);
    await socket.waitForPoints(2);
    expect(socket.points().map(([, tag]) => tag)).toEqual(['before', 'down.local']);

    redis = await startRedis(port);
    // Both replicas reconnect on their own and the subscriber resubscribes; keep ingesting through b until it shows.
    const deadline = Date.now() + 15_000;
    while (!socket.points().some(([, tag]) => tag === 'after')) {
      expect(Date.now()).toBeLessThan(deadline);
      expect(await ingest(b.baseUrl, tenant.ingestKey, tenant.machineId, value('after', 4))).toBe(200);
      await sleep(200);
    }
    socket.close();
  });
});
