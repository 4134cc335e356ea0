import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { createPool } from '@taktwerk/db';
import { Redis } from 'ioredis';
import { pino } from 'pino';
import { testDatabase, testRedisUrl } from './context';
import { createApp } from '../api/src/app';
import type { AppDeps } from '../api/src/context';
import { loadEnv } from '../api/src/env';
import { attachLive, type LiveHandle } from '../api/src/features/live/attach';
import { createAlertTrigger } from '../api/src/features/alerts/trigger';
import { createMetrics } from '../api/src/metrics';
import { RateLimiter } from '../api/src/http/rate-limit';
import { AccessTokens } from '../api/src/http/tokens';

export interface TestApi {
  baseUrl: string;
  deps: AppDeps;
  live: LiveHandle;
  close(): Promise<void>;
}

/** The real api, in-process on a free loopback port, against this run's database and the local Redis. */
export async function startTestApi(overrides: Record<string, string> = {}): Promise<TestApi> {
  const testDb = testDatabase();
  const env = loadEnv({
    NODE_ENV: 'test',
    DATABASE_URL: testDb.appUrl,
    DATABASE_OWNER_URL: testDb.ownerUrl,
    DATABASE_ADMIN_URL: testDb.adminUrl,
    REDIS_URL: testRedisUrl(),
    // A queue prefix of its own: tests never touch the real queues' keys.
    QUEUE_PREFIX: `test-${randomBytes(4).toString('hex')}`,
    LOG_LEVEL: 'silent',
    PORT: '0',
    HOST: '127.0.0.1',
    ...overrides,
  });
  const logger = pino({ level: env.LOG_LEVEL });
  const pool = createPool(env.DATABASE_URL, { max: 5 });
  const redis = new Redis(env.REDIS_URL, { maxRetriesPerRequest: 1, enableOfflineQueue: false });
  redis.on('error', () => undefined);
  const deps: AppDeps = {
    env,
    pool,
    redis,
    logger,
    tokens: new AccessTokens(env.JWT_SECRET, env.ACCESS_TOKEN_TTL_SECONDS),
    rateLimiter: new RateLimiter(redis, logger),
    ingestListeners: [],
    alerts: createAlertTrigger({ redisUrl: env.REDIS_URL, pool, logger, prefix: env.QUEUE_PREFIX }),
  };
  deps.ingestListeners.push(deps.alerts.onIngest);
  const metrics = createMetrics();
  const server = createApp(deps, metrics).listen(0, '127.0.0.1');
  const live = attachLive(server, deps, metrics);
  deps.ingestListeners.push(live.onIngested);
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    deps,
    live,
    async close() {
      await live.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      // The test queue goes too (BullMQ writes its keys as soon as it connects).
      if (deps.alerts.connected) await deps.alerts.queue.obliterate({ force: true }).catch(() => undefined);
      await Promise.allSettled([pool.end(), redis.quit(), deps.alerts.close()]);
    },
  };
}
