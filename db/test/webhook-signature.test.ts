import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signWebhook, verifyWebhookSignature, webhookSecretFor } from '../src/webhook-signature';

const KEY = 'a-deployment-signing-key-of-some-length';
const ORG = '0b9a5c36-4f0e-4a57-9a43-1f1f7f6a2b11';
const BODY = '{"id":"d1","type":"alert.triggered"}';
const NOW = 1_790_000_000;

describe('webhook signatures', () => {
  it('signs HMAC-SHA256 over "<timestamp>.<body>" with the organization’s secret, as documented for receivers', () => {
    const secret = webhookSecretFor(KEY, ORG);
    const expected = createHmac('sha256', secret).update(`${NOW}.${BODY}`).digest('hex');
    expect(signWebhook(secret, BODY, NOW)).toBe(`t=${NOW},v1=${expected}`);
    expect(verifyWebhookSignature({ secret, header: signWebhook(secret, BODY, NOW), body: BODY, nowSeconds: NOW + 10 })).toBe(true);
    expect(verifyWebhookSignature({ secret, header: signWebhook(secret, BODY, NOW), body: Buffer.from(BODY), nowSeconds: NOW })).toBe(true);
  });

  it('gives each organization its own stable secret, changing with the deployment key', () => {
    const secret = webhookSecretFor(KEY, ORG);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(webhookSecretFor(KEY, ORG)).toBe(secret);
    expect(webhookSecretFor(KEY, '5d7e1b8c-0000-4000-8000-000000000000')).not.toBe(secret);
    expect(webhookSecretFor(`${KEY}-rotated`, ORG)).not.toBe(secret);
  });

  it('refuses a tampered body, another secret, a stale or future timestamp, and malformed headers', () => {
    const secret = webhookSecretFor(KEY, ORG);
    const header = signWebhook(secret, BODY, NOW);
    const verify = (input: { header?: string | undefined; body?: string; secret?: string; nowSeconds?: number }) =>
      verifyWebhookSignature({ secret, header, body: BODY, nowSeconds: NOW, ...input });
    expect(verify({ body: BODY.replace('d1', 'd2') })).toBe(false);
    expect(verify({ secret: webhookSecretFor(KEY, '5d7e1b8c-0000-4000-8000-000000000000') })).toBe(false);
    expect(verify({ nowSeconds: NOW + 301 })).toBe(false);
    expect(verify({ nowSeconds: NOW - 301 })).toBe(false);
    expect(verify({ nowSeconds: NOW + 300 })).toBe(true);
    for (const bad of [undefined, '', `v1=${header.split('v1=')[1]}`, `t=${NOW}`, `t=${NOW},v1=zz`, `t=${NOW},t=${NOW},v1=${header.split('v1=')[1]}`, `t=abc,v1=00`]) {
      expect(verify({ header: bad })).toBe(false);
    }
  });

  it('accepts a header signed with an old and a new secret while receivers switch over', () => {
    const oldSecret = webhookSecretFor(KEY, ORG);
    const newSecret = webhookSecretFor(`${KEY}-rotated`, ORG);
    const both = `${signWebhook(oldSecret, BODY, NOW)},v1=${signWebhook(newSecret, BODY, NOW).split('v1=')[1]}`;
    expect(verifyWebhookSignature({ secret: oldSecret, header: both, body: BODY, nowSeconds: NOW })).toBe(true);
    expect(verifyWebhookSignature({ secret: newSecret, header: both, body: BODY, nowSeconds: NOW })).toBe(true);
  });
});
