import { getSystemConfig, withPlatform, type DeliveryContextRow, type Pool } from '@taktwerk/db';
import type { WorkerEnv } from '../env';
import { createOutboundGuard, type Resolve } from './address-guard';
import { createEmailChannel } from './email';
import { createSlackChannel } from './slack';
import { createTelegramChannel } from './telegram';
import { createWebhookChannel } from './webhook';

export interface NotifierSettings {
  /** Production: https only and public addresses only for outbound calls (address-guard.ts). */
  production: boolean;
  smtpUrl: string;
  mailFrom: string;
  publicUrl: string | undefined;
  webhookSigningKey: string;
  telegramApiUrl: string;
  telegramBotToken: string;
  /** Whole-request timeout of one webhook, Slack or Telegram call. */
  timeoutMs: number;
  /** Name resolution of outbound calls; tests inject one. */
  resolve?: Resolve;
}

export function notifierSettings(env: WorkerEnv): NotifierSettings {
  return {
    production: env.NODE_ENV === 'production',
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    publicUrl: env.PUBLIC_URL,
    webhookSigningKey: env.WEBHOOK_SIGNING_KEY,
    telegramApiUrl: env.TELEGRAM_API_URL,
    telegramBotToken: env.TELEGRAM_BOT_TOKEN,
    timeoutMs: 10_000,
  };
}

/** Sends one delivery over its channel; throws PermanentDeliveryError or RetryableDeliveryError when it cannot. */
export interface Notifier {
  send(ctx: DeliveryContextRow): Promise<void>;
  close(): void;
}

export function createNotifier(settings: NotifierSettings, deps: { pool: Pool }): Notifier {
  const guard = createOutboundGuard({ production: settings.production, resolve: settings.resolve });
  const http = { guard, timeoutMs: settings.timeoutMs, publicUrl: settings.publicUrl };
  const email = createEmailChannel({
    smtpUrl: settings.smtpUrl,
    from: settings.mailFrom,
    publicUrl: settings.publicUrl,
    providerName: async () => (await withPlatform(deps.pool, getSystemConfig)).integrations.emailProvider,
  });
  const channels = {
    email,
    webhook: createWebhookChannel({ ...http, signingKey: settings.webhookSigningKey }),
    slack: createSlackChannel(http),
    telegram: createTelegramChannel({ ...http, apiUrl: settings.telegramApiUrl, botToken: settings.telegramBotToken }),
  };
  return {
    send: (ctx) => channels[ctx.channel_type].send(ctx),
    close: () => email.close(),
  };
}
