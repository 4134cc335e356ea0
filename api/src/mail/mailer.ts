import { randomUUID } from 'node:crypto';
import type { OutgoingMail } from '@taktwerk/common';
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';
import type { AppDeps } from '../context';
import type { Env } from '../env';

export type { OutgoingMail };

export interface StoredMail extends OutgoingMail {
  id: string;
  sentAt: Date;
}

const MAILBOX_SIZE = 50;

/** Development without SMTP_URL: sent mails stay here, newest first, for the #dev-mailbox screen. */
export class DevMailbox {
  private readonly mails: StoredMail[] = [];

  add(mail: OutgoingMail): void {
    this.mails.unshift({ ...mail, id: randomUUID(), sentAt: new Date() });
    this.mails.length = Math.min(this.mails.length, MAILBOX_SIZE);
  }

  list(): readonly StoredMail[] {
    return this.mails;
  }
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
  /** Only in development without SMTP_URL. */
  readonly mailbox: DevMailbox | null;
}

function createMailer(env: Env, logger: Logger): Mailer {
  if (env.SMTP_URL) {
    const transport = nodemailer.createTransport(env.SMTP_URL);
    return {
      mailbox: null,
      async send(mail) {
        await transport.sendMail({ from: env.MAIL_FROM, ...mail });
      },
    };
  }
  if (env.NODE_ENV === 'development') {
    const mailbox = new DevMailbox();
    return {
      mailbox,
      async send(mail) {
        mailbox.add(mail);
        logger.info({ to: mail.to, subject: mail.subject }, 'mail kept in the development mailbox (#dev-mailbox)');
      },
    };
  }
  return {
    mailbox: null,
    async send(mail) {
      logger.error({ to: mail.to, subject: mail.subject }, 'mail not sent: SMTP_URL is not configured');
    },
  };
}

// One mailer per api instance, made on first use from its env: AppDeps stays as it is for every other feature.
const mailers = new WeakMap<Env, Mailer>();

export function mailerFor(deps: Pick<AppDeps, 'env' | 'logger'>): Mailer {
  let mailer = mailers.get(deps.env);
  if (!mailer) {
    mailer = createMailer(deps.env, deps.logger);
    mailers.set(deps.env, mailer);
  }
  return mailer;
}

/** An absolute link into the web app (hash route), from the configured public URL, never from request headers. */
export function appLink(env: Env, hash: string): string {
  const base = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
  return `${base}/#${hash}`;
}
