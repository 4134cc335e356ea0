import { composeMail } from '@taktwerk/common';
import type { DeliveryContextRow } from '@taktwerk/db';
import nodemailer from 'nodemailer';
import { alertNotice } from './alert-notice';
import { PermanentDeliveryError, RetryableDeliveryError } from './delivery-error';

const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;
// nodemailer's own defaults wait minutes; a delivery's lease must outlast the slowest send.
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };
/** Codes of mistakes in the address or the configuration, which no retry fixes. */
const PERMANENT_CODES = new Set(['EENVELOPE', 'EAUTH', 'ENOAUTH', 'ECONFIG']);

export interface EmailSettings {
  /** smtp:// or smtps:// URL of the provider's relay (SendGrid, SES, Mailgun … all take SMTP); empty: not configured. */
  smtpUrl: string;
  from: string;
  publicUrl: string | undefined;
  /** The provider named in system config integrations, for messages that say what is missing. */
  providerName: () => Promise<string>;
}

export function createEmailChannel(settings: EmailSettings) {
  const transport = settings.smtpUrl ? nodemailer.createTransport({ url: settings.smtpUrl, ...TIMEOUTS }) : null;
  return {
    async send(ctx: DeliveryContextRow): Promise<void> {
      if (!EMAIL.test(ctx.target)) throw new PermanentDeliveryError('invalid email address');
      if (!ctx.recipient_wants_email) throw new PermanentDeliveryError('the recipient turned email alerts off in their preferences');
      if (!transport) throw new PermanentDeliveryError(`email provider ${await settings.providerName()}: SMTP_URL is not configured for the worker`);
      const notice = alertNotice(ctx, settings.publicUrl);
      const mail = composeMail(ctx.target, `Taktwerk: ${notice.title}`, [notice.message, notice.details.join('\n')], notice.link, notice.closing);
      try {
        // The same Message-ID on every attempt lets mail systems drop a copy sent again after a crash.
        await transport.sendMail({ from: settings.from, ...mail, messageId: `<notification-${ctx.id}@taktwerk>` });
      } catch (error) {
        const e = error as { code?: string; permanent?: boolean; message: string };
        const message = `mail not accepted: ${e.message}`;
        throw e.permanent === true || (e.code !== undefined && PERMANENT_CODES.has(e.code))
          ? new PermanentDeliveryError(message)
          : new RetryableDeliveryError(message);
      }
    },
    close: () => transport?.close(),
  };
}
