import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signatures of outgoing alert webhooks (SECURITY.md item 18), shared by the worker (signs) and the api (shows an
 * organization its secret).
 *
 * Every webhook request carries `X-Taktwerk-Signature: t=<unix seconds>,v1=<hex>` where
 * `v1 = hex(HMAC-SHA256(key = <the organization's webhook secret, as UTF-8>, message = "<t>.<raw request body>"))`.
 * A receiver verifies it over the raw body bytes (before any JSON parsing), compares in constant time, and
 * refuses a timestamp older than a few minutes so a captured request cannot be replayed later. The request also
 * carries `X-Taktwerk-Delivery: <id>`, the same on every retry of one notification, for de-duplication.
 *
 * The secret of an organization is derived from the deployment's WEBHOOK_SIGNING_KEY, so nothing secret is stored
 * per organization and one organization's secret reveals nothing about another's. Changing the key changes every
 * organization's secret.
 */
export const WEBHOOK_SIGNATURE_HEADER = 'X-Taktwerk-Signature';
export const WEBHOOK_DELIVERY_HEADER = 'X-Taktwerk-Delivery';
export const WEBHOOK_EVENT_HEADER = 'X-Taktwerk-Event';

/** Seconds a receiver should accept between the signed timestamp and its own clock. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export function webhookSecretFor(signingKey: string, orgId: string): string {
  return `whsec_${createHmac('sha256', signingKey).update(`taktwerk-webhook-secret:v1:${orgId}`).digest('base64url')}`;
}

const hmacHex = (secret: string, timestamp: number, body: string | Buffer) =>
  createHmac('sha256', secret).update(`${timestamp}.`).update(body).digest('hex');

/** The header value for a body sent at `timestamp` (unix seconds). */
export function signWebhook(secret: string, body: string | Buffer, timestamp: number): string {
  return `t=${timestamp},v1=${hmacHex(secret, timestamp, body)}`;
}

/**
 * Checks a received signature header against the raw body. Several v1 entries are accepted (one must match), so a
 * sender may sign with an old and a new secret while receivers switch over.
 */
export function verifyWebhookSignature(input: {
  secret: string;
  header: string | undefined;
  body: string | Buffer;
  toleranceSeconds?: number;
  nowSeconds?: number;
}): boolean {
  if (!input.header) return false;
  const parts = input.header.split(',').map((part) => part.trim().split('='));
  const timestamps = parts.filter(([k]) => k === 't').map(([, v]) => v ?? '');
  if (timestamps.length !== 1 || !/^\d{1,12}$/.test(timestamps[0]!)) return false;
  const timestamp = Number(timestamps[0]);
  const now = input.nowSeconds ?? Math.floor(Date.now() / 1000);
  if (Math.abs(now - timestamp) > (input.toleranceSeconds ?? WEBHOOK_TOLERANCE_SECONDS)) return false;
  const expected = Buffer.from(hmacHex(input.secret, timestamp, input.body), 'hex');
  return parts
    .filter(([k, v]) => k === 'v1' && v !== undefined && /^[0-9a-f]{64}$/i.test(v))
    .some(([, v]) => timingSafeEqual(Buffer.from(v!, 'hex'), expected));
}
