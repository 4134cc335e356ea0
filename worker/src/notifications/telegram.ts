import { parseTelegramTarget } from '@taktwerk/common';
import type { DeliveryContextRow } from '@taktwerk/db';
import type { OutboundGuard } from './address-guard';
import { alertNotice } from './alert-notice';
import { PermanentDeliveryError } from './delivery-error';
import { assertAccepted, postJson } from './http-post';

export interface TelegramSettings {
  guard: OutboundGuard;
  timeoutMs: number;
  publicUrl: string | undefined;
  /** Bot API base URL (https://api.telegram.org; tests point it at a local server). */
  apiUrl: string;
  /** The platform's bot, used for targets that name only a chat; empty: every target must bring its own bot token. */
  botToken: string;
}

/** The bot token and chat of a target (shape checked by the shared contract), falling back to the platform's bot. */
function resolveTarget(target: string, platformToken: string): { token: string; chatId: string } {
  const parsed = parseTelegramTarget(target);
  if (!parsed) throw new PermanentDeliveryError('invalid Telegram target: expected "<bot token>:<chat id>" or "<chat id>"');
  const token = parsed.botToken ?? platformToken;
  if (!token) throw new PermanentDeliveryError('the Telegram target names no bot token and the platform has no bot configured');
  return { token, chatId: parsed.chatId };
}

export function createTelegramChannel(settings: TelegramSettings) {
  return {
    async send(ctx: DeliveryContextRow): Promise<void> {
      const { token, chatId } = resolveTarget(ctx.target, settings.botToken);
      const notice = alertNotice(ctx, settings.publicUrl);
      const text = [notice.title, notice.message, notice.details.join('\n'), ...(notice.link ? [notice.link.url] : [])].join('\n\n');
      const url = new URL(`${settings.apiUrl.replace(/\/+$/, '')}/bot${token}/sendMessage`);
      // Plain text (no parse_mode): nothing in a rule or machine name can break the message's markup.
      const reply = await postJson(url, JSON.stringify({ chat_id: chatId, text, disable_web_page_preview: true }), settings);
      assertAccepted(reply, 'Telegram');
    },
  };
}
