import { databaseEnvShape } from '@taktwerk/db';
import { z } from 'zod';

const schema = z.object({
  ...databaseEnvShape,
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  REDIS_URL: z.url().default('redis://127.0.0.1:6379'),
  /** Key prefix of every BullMQ queue (BullMQ's own default); the api must use the same one (api/src/env.ts). */
  QUEUE_PREFIX: z.string().regex(/^[\w.-]+$/).default('bull'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  /** How often the usage counters are swept for every organization. */
  USAGE_REFRESH_EVERY_MS: z.coerce.number().int().min(1000).default(5 * 60 * 1000),
  /** Outgoing mail of email notifications (smtp:// or smtps://user:pass@host:port); empty: email deliveries fail, saying so. */
  SMTP_URL: z.union([z.literal(''), z.url()]).default(''),
  MAIL_FROM: z.string().min(3).default('Taktwerk <no-reply@localhost>'),
  /** Public base URL of the web app, for the link in notifications. */
  PUBLIC_URL: z.url().optional(),
  /** Key every organization's webhook signing secret is derived from (db/src/webhook-signature.ts); required in production. */
  WEBHOOK_SIGNING_KEY: z.string().min(32).default('development-only-webhook-signing-key-0123456789'),
  TELEGRAM_API_URL: z.url().default('https://api.telegram.org'),
  /** The platform's Telegram bot, for channel targets that name only a chat id. */
  TELEGRAM_BOT_TOKEN: z.string().default(''),
  /** How often deliveries nobody works on (enqueue lost, sender died) are enqueued again. */
  NOTIFICATION_SWEEP_EVERY_MS: z.coerce.number().int().min(1000).default(60 * 1000),
  /** How often no_data alert rules are checked against the clock. */
  ALERT_NO_DATA_SWEEP_EVERY_MS: z.coerce.number().int().min(1000).default(30 * 1000),
  /** How often machines are marked offline (5 minutes without data or heartbeat) or online again. */
  CONNECTION_WATCH_EVERY_MS: z.coerce.number().int().min(1000).default(30 * 1000),
  /** How often expired points are deleted (plan retentionDays). */
  RETENTION_EVERY_MS: z.coerce.number().int().min(60_000).default(60 * 60 * 1000),
});

export type WorkerEnv = z.infer<typeof schema>;

export function loadEnv(source: NodeJS.ProcessEnv = process.env): WorkerEnv {
  const env = schema.parse(source);
  if (env.NODE_ENV === 'production' && env.WEBHOOK_SIGNING_KEY === schema.shape.WEBHOOK_SIGNING_KEY.parse(undefined))
    throw new Error('WEBHOOK_SIGNING_KEY must be set in production');
  return env;
}
