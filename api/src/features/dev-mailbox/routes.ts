import { devMailboxSchema } from '@taktwerk/common';
import { notFound } from '../../http/errors';
import { PUBLIC, type ApiRouter } from '../../http/route';
import { mailerFor } from '../../mail/mailer';

export function registerDevMailboxRoutes(api: ApiRouter): void {
  api.add({
    method: 'get',
    path: '/dev/mailbox',
    summary: 'Development only (NODE_ENV=development without SMTP_URL): the mails the api sent, newest first',
    tag: 'development',
    auth: PUBLIC,
    responses: { 200: devMailboxSchema, 404: null },
    async handler({ deps }) {
      const mailbox = mailerFor(deps).mailbox;
      // Anywhere else the endpoint does not exist, and answers exactly like an unknown path.
      if (!mailbox) throw notFound('No such endpoint.');
      return {
        mails: mailbox.list().map((m) => ({ id: m.id, to: m.to, subject: m.subject, text: m.text, sentAt: m.sentAt.toISOString() })),
      };
    },
  });
}
