import { databaseEnvShape } from '@taktwerk/db';
import { z } from 'zod';

const schema = z.object({
  ...databaseEnvShape,
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  REDIS_URL: z.url().default('redis://127.0.0.1:6379'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  /** How often the usage counters are swept for every organization. */
  USAGE_REFRESH_EVERY_MS: z.coerce.number().int().min(1000).default(5 * 60 * 1000),
});

export type WorkerEnv = z.infer<typeof schema>;

export function loadEnv(source: NodeJS.ProcessEnv = process.env): WorkerEnv {
  return schema.parse(source);
}
