import type { DeliveryContextRow } from '@taktwerk/db';
import { WEBHOOK_DELIVERY_HEADER, WEBHOOK_EVENT_HEADER, WEBHOOK_SIGNATURE_HEADER, signWebhook, webhookSecretFor } from '@taktwerk/db';
import type { OutboundGuard } from './address-guard';
import { eventMessage } from './alert-notice';
import { PermanentDeliveryError } from './delivery-error';
import { assertAccepted, postJson } from './http-post';

export interface WebhookSettings {
  guard: OutboundGuard;
  timeoutMs: number;
  /** WEBHOOK_SIGNING_KEY: each organization's secret is derived from it (db/src/webhook-signature.ts). */
  signingKey: string;
}

export function parseTargetUrl(target: string): URL {
  try {
    return new URL(target);
  } catch {
    throw new PermanentDeliveryError('invalid target URL');
  }
}

// The evaluator's fields beside its message (worker/src/alerts/message.ts), by rule type.
const DETAIL_FIELDS = ['tag', 'value', 'operator', 'threshold', 'deviationSigma', 'mean', 'standardDeviation', 'noDataMinutes'] as const;

/** The JSON a webhook receives: picked fields only, the same on every retry of one delivery. */
export function webhookBody(ctx: DeliveryContextRow) {
  const details: Record<string, string | number | boolean> = {};
  for (const field of DETAIL_FIELDS) {
    const value = ctx.event_payload[field];
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') details[field] = value;
  }
  return {
    /** Stable across retries: receivers de-duplicate on it. */
    id: ctx.id,
    type: `alert.${ctx.event_state}`,
    organizationId: ctx.org_id,
    event: { id: ctx.event_id, state: ctx.event_state, timestamp: ctx.event_ts.toISOString(), message: eventMessage(ctx), ...details },
    rule: { id: ctx.rule_id, name: ctx.rule_name, type: ctx.rule_type, severity: ctx.severity },
    machine: { id: ctx.machine_id, name: ctx.machine_name },
  };
}

export function createWebhookChannel(settings: WebhookSettings) {
  return {
    async send(ctx: DeliveryContextRow): Promise<void> {
      const url = parseTargetUrl(ctx.target);
      const body = JSON.stringify(webhookBody(ctx));
      const signature = signWebhook(webhookSecretFor(settings.signingKey, ctx.org_id), body, Math.floor(Date.now() / 1000));
      const reply = await postJson(url, body, {
        guard: settings.guard,
        timeoutMs: settings.timeoutMs,
        headers: { [WEBHOOK_SIGNATURE_HEADER]: signature, [WEBHOOK_DELIVERY_HEADER]: ctx.id, [WEBHOOK_EVENT_HEADER]: `alert.${ctx.event_state}` },
      });
      assertAccepted(reply, 'the webhook');
    },
  };
}
