import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  parsed: ParsedMail;
}

export interface TestSmtp {
  /** For the api's SMTP_URL. */
  url: string;
  readonly mails: readonly ReceivedMail[];
  /** The first mail to an address (case-insensitive) arriving after `after` mails to it, within the timeout. */
  waitForMail(to: string, options?: { after?: number; timeoutMs?: number }): Promise<ReceivedMail>;
  mailsTo(to: string): ReceivedMail[];
  close(): Promise<void>;
}

function recipients(mail: ParsedMail): string[] {
  const groups = mail.to === undefined ? [] : Array.isArray(mail.to) ? mail.to : [mail.to];
  return groups.flatMap((group) => group.value.map((entry) => (entry.address ?? '').toLowerCase()));
}

/** A real SMTP server on a free loopback port that keeps and parses whatever it receives (no TLS, no auth). */
export async function startTestSmtp(): Promise<TestSmtp> {
  const mails: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          mails.push({ to: recipients(parsed), subject: parsed.subject ?? '', text: parsed.text ?? '', html: parsed.html || '', parsed });
          for (const wake of waiters) wake();
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as AddressInfo;

  const mailsTo = (to: string) => mails.filter((m) => m.to.includes(to.toLowerCase()));

  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    mailsTo,
    waitForMail(to, { after = 0, timeoutMs = 10_000 } = {}) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = mailsTo(to)[after];
          if (!found) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(found);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no mail to ${to} within ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
