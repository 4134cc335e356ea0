import { createPool } from '@taktwerk/db';
import { Redis } from 'ioredis';
import { pino } from 'pino';
import { createApp } from './app';
import { attachLive } from './features/live/attach';
import { createAlertTrigger } from './features/alerts/trigger';
import { createMetrics } from './metrics';
import type { AppDeps } from './context';
import { loadEnv } from './env';
import { RateLimiter } from './http/rate-limit';
import { AccessTokens } from './http/tokens';

const env = loadEnv();
const logger = pino({ level: env.LOG_LEVEL, base: { service: 'api' } });
const pool = createPool(env.DATABASE_URL, { max: env.DATABASE_POOL_MAX, applicationName: 'taktwerk-api' });
// No offline queue: while Redis is down calls fail at once and the callers degrade instead of hanging.
const redis = new Redis(env.REDIS_URL, { maxRetriesPerRequest: 1, enableOfflineQueue: false });
redis.on('error', (err) => logger.warn({ err: err.message }, 'redis unavailable'));

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
const server = createApp(deps, metrics).listen(env.PORT, env.HOST, () => {
  logger.info({ port: env.PORT }, 'api listening');
});
const live = attachLive(server, deps, metrics);
deps.ingestListeners.push(live.onIngested);

let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'api shutting down');
  server.close();
  const liveClosed = live.close();
  server.closeIdleConnections();
  const force = setTimeout(() => server.closeAllConnections(), 10_000);
  force.unref();
  await new Promise<void>((resolve) => server.once('close', () => resolve()));
  await liveClosed;
  await Promise.allSettled([pool.end(), redis.quit(), deps.alerts.close()]);
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
