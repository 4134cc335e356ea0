import type { DeliveryContextRow } from '@taktwerk/db';
import type { OutboundGuard } from './address-guard';
import { alertNotice } from './alert-notice';
import { assertAccepted, postJson } from './http-post';
import { parseTargetUrl } from './webhook';

// Slack's mrkdwn treats these three as control characters in any text.
const escapeMrkdwn = (text: string) => text.replace(/[&<>]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[c]!);

/** The text of a Slack incoming-webhook message (Mattermost and Rocket.Chat take the same format). */
export function slackText(ctx: DeliveryContextRow, publicUrl: string | undefined): string {
  const notice = alertNotice(ctx, publicUrl);
  return [
    `*${escapeMrkdwn(notice.title)}*`,
    escapeMrkdwn(notice.message),
    escapeMrkdwn(notice.details.join('\n')),
    ...(notice.link ? [`<${notice.link.url}|${escapeMrkdwn(notice.link.label)}>`] : []),
  ].join('\n');
}

export function createSlackChannel(settings: { guard: OutboundGuard; timeoutMs: number; publicUrl: string | undefined }) {
  return {
    async send(ctx: DeliveryContextRow): Promise<void> {
      const reply = await postJson(parseTargetUrl(ctx.target), JSON.stringify({ text: slackText(ctx, settings.publicUrl) }), settings);
      assertAccepted(reply, 'Slack');
    },
  };
}
