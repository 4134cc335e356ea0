import type { Pool } from '@taktwerk/db';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { Env } from './env';
import type { AccessTokens } from './http/tokens';
import type { RateLimiter } from './http/rate-limit';
import type { IngestListener } from './features/ingest/listeners';
import type { AlertTrigger } from './features/alerts/trigger';

/** What route handlers and services get: built once in main.ts (or a test harness), never from globals. */
export interface AppDeps {
  env: Env;
  pool: Pool;
  redis: Redis;
  logger: Logger;
  tokens: AccessTokens;
  rateLimiter: RateLimiter;
  /** Called after every committed ingest batch. */
  ingestListeners: IngestListener[];
  /** Producer of alert evaluation jobs (the alerts queue) and its cache of watched tags. */
  alerts: AlertTrigger;
}
