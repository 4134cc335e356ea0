import { databaseEnvShape } from '@taktwerk/db';
import { z } from 'zod';

const schema = z.object({
  ...databaseEnvShape,
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  REDIS_URL: z.url().default('redis://127.0.0.1:6379'),
  /** Key prefix of the job queues the api feeds (BullMQ's own default); the worker must use the same one. */
  QUEUE_PREFIX: z.string().regex(/^[\w.-]+$/).default('bull'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** HMAC key of access tokens. The development default must never reach production (checked below). */
  JWT_SECRET: z.string().min(32).default('development-only-secret-change-me-0123456789'),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(30).max(86400).default(900),
  /** 32 bytes as 64 hex characters; encrypts TOTP secrets at rest. */
  APP_ENCRYPTION_KEY: z.string().regex(/^[0-9a-f]{64}$/i).default('0'.repeat(64)),
  /** Exact number of reverse-proxy hops in front of the api; the client address is taken from there. */
  TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
  /** Public base URL of this deployment (links in mails, ingest URL in samples). */
  PUBLIC_URL: z.url().optional(),
  /** Built web app to serve; empty disables it. */
  WEB_DIST_DIR: z.string().default(''),
  JSON_BODY_LIMIT: z.string().default('1mb'),
  /** Request body cap of POST /api/v1/ingest, after gzip inflation. */
  INGEST_BODY_LIMIT: z.string().default('16mb'),
  /** Outgoing mail, e.g. smtps://user:password@smtp.example.com:465. Empty: development keeps mails in memory. */
  SMTP_URL: z.union([z.literal(''), z.url()]).default(''),
  MAIL_FROM: z.string().min(3).default('Taktwerk <no-reply@localhost>'),
  /** Live sockets: ping interval (a peer that missed one pong is dropped), coalescing window, send-buffer bound. */
  LIVE_HEARTBEAT_MS: z.coerce.number().int().min(50).max(300_000).default(30_000),
  LIVE_COALESCE_MS: z.coerce.number().int().min(0).max(100).default(50),
  LIVE_MAX_BUFFERED_BYTES: z.coerce.number().int().min(1024).default(1024 * 1024),
  /** How long a new live socket may take to send its auth message. */
  LIVE_AUTH_TIMEOUT_MS: z.coerce.number().int().min(50).max(60_000).default(5000),
});

export type Env = z.infer<typeof schema>;

export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const env = schema.parse(source);
  if (env.NODE_ENV === 'production') {
    if (env.JWT_SECRET === schema.shape.JWT_SECRET.parse(undefined)) throw new Error('JWT_SECRET must be set in production');
    if (/^0+$/.test(env.APP_ENCRYPTION_KEY)) throw new Error('APP_ENCRYPTION_KEY must be set in production');
  }
  return env;
}
