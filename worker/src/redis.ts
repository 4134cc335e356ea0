import { Redis } from 'ioredis';
import type { Logger } from 'pino';

/** BullMQ's connection: blocking commands must wait for Redis forever (SECURITY.md item 17). */
export function createWorkerRedis(url: string): Redis {
  return new Redis(url, { maxRetriesPerRequest: null, enableReadyCheck: true });
}

/** BullMQ loses jobs if Redis evicts keys; say so loudly at start-up. */
export async function warnUnlessNoEviction(redis: Redis, logger: Logger): Promise<void> {
  const reply = (await redis.config('GET', 'maxmemory-policy').catch(() => null)) as string[] | null;
  const policy = reply?.[1];
  if (policy && policy !== 'noeviction') logger.error({ policy }, 'Redis maxmemory-policy must be noeviction for BullMQ');
}
