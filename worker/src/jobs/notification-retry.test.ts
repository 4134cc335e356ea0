import { lookup } from 'node:dns/promises';
import { createPool, type Pool } from '@taktwerk/db';
import type { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { testDatabase, testRedisUrl } from '../../../testing/context';
import { startTestReceiver, type TestReceiver } from '../../../testing/http-receiver';
import type { Resolve } from '../notifications/address-guard';
import type { NotifierSettings } from '../notifications/notifier';
import { createWorkerRedis } from '../redis';
import { createAlertEvent, deliveryRow, startDeliveryHarness, testNotifierSettings, waitForDelivery, type AlertEventScenario } from './notification-fixtures';

let pool: Pool;
let connection: Redis;
const cleanups: (() => Promise<unknown>)[] = [];

beforeAll(() => {
  pool = createPool(testDatabase().appUrl, { max: 6 });
  connection = createWorkerRedis(testRedisUrl());
});
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});
afterAll(async () => {
  await connection.quit();
  await pool.end();
});

async function receiver(options: Parameters<typeof startTestReceiver>[0] = {}): Promise<TestReceiver> {
  const r = await startTestReceiver(options);
  cleanups.push(() => r.close());
  return r;
}

function harness(overrides: Partial<NotifierSettings> = {}) {
  const h = startDeliveryHarness({ pool, connection }, testNotifierSettings(overrides));
  cleanups.push(() => h.close());
  return h;
}

const settled = (s: AlertEventScenario, channelIndex: number) => waitForDelivery(pool, s, channelIndex);
const gaps = (r: TestReceiver) => r.requests.slice(1).map((req, i) => req.at - r.requests[i]!.at);

describe('notification delivery: retries', () => {
  it('retries a failing webhook (500) with exponential backoff, then marks it failed and keeps the failed job', async () => {
    const hook = await receiver({ respond: () => ({ status: 500, body: 'database on fire' }) });
    const s = await createAlertEvent(pool, [{ type: 'webhook', target: hook.url }]);
    const h = harness();
    await h.enqueue(s, 0); // 3 attempts, 200 ms then 400 ms apart

    // Between attempts the row says when the next one is due.
    await hook.waitForRequests(1);
    const waiting = await waitForDelivery(pool, s, 0, ['pending']);
    expect(waiting.last_error).toBe('the webhook answered 500: database on fire');
    expect(waiting.next_attempt_at!.getTime()).toBeGreaterThan(Date.now() - 1000);

    const row = await settled(s, 0);
    expect(row).toMatchObject({ status: 'failed', attempts: 3, last_error: 'the webhook answered 500: database on fire (no attempts left)' });
    expect(hook.requests).toHaveLength(3);
    const [first, second] = gaps(hook);
    expect(first).toBeGreaterThanOrEqual(190);
    expect(second).toBeGreaterThanOrEqual(390);
    const job = (await h.job(s, 0))!;
    expect(await job.getState()).toBe('failed');
    expect(job.attemptsMade).toBe(3);
    // Every request of the retries carried the same delivery id, for receivers that de-duplicate.
    expect(new Set(hook.requests.map((r) => r.headers['x-taktwerk-delivery'])).size).toBe(1);
  });

  it('stops at once on a 4xx that retrying cannot fix, and on a redirect', async () => {
    const hook = await receiver({ respond: () => ({ status: 400, body: 'unknown hook' }) });
    const moved = await receiver({ respond: () => ({ status: 301, headers: { location: 'http://169.254.169.254/latest/meta-data' } }) });
    const s = await createAlertEvent(pool, [
      { type: 'webhook', target: hook.url },
      { type: 'slack', target: moved.url },
    ]);
    const h = harness();
    await h.enqueue(s, 0);
    await h.enqueue(s, 1);
    expect(await settled(s, 0)).toMatchObject({ status: 'failed', attempts: 1, last_error: 'the webhook answered 400: unknown hook' });
    expect(await settled(s, 1)).toMatchObject({ status: 'failed', attempts: 1, last_error: 'Slack answered 301 (redirects are not followed)' });
    for (const i of [0, 1]) {
      const job = (await h.job(s, i))!;
      expect(await job.getState()).toBe('failed');
      expect(job.attemptsMade).toBe(1);
    }
    expect(hook.requests).toHaveLength(1);
    expect(moved.requests).toHaveLength(1);
  });

  it('retries 408 and a receiver that does not answer within the timeout', async () => {
    const hook = await receiver({ respond: (_r, i) => (i === 0 ? { status: 408 } : i === 1 ? 'hold' : { status: 204 }) });
    const s = await createAlertEvent(pool, [{ type: 'webhook', target: hook.url }]);
    const h = harness({ timeoutMs: 500 });
    await h.enqueue(s, 0);
    expect(await settled(s, 0)).toMatchObject({ status: 'sent', attempts: 3 });
    expect(hook.requests.map((r) => r.answered)).toEqual([408, null, 204]);
  });

  it('honours 429 Retry-After (header) and retry_after (Telegram body) without spending an attempt', async () => {
    const hook = await receiver({ respond: (_r, i) => (i === 0 ? { status: 429, headers: { 'retry-after': '1' } } : { status: 200 }) });
    const telegram = await receiver({
      respond: (_r, i) =>
        i === 0
          ? { status: 429, body: JSON.stringify({ ok: false, error_code: 429, description: 'Too Many Requests: retry after 1', parameters: { retry_after: 1 } }) }
          : { status: 200, body: '{"ok":true}' },
    });
    const s = await createAlertEvent(pool, [
      { type: 'webhook', target: hook.url },
      { type: 'telegram', target: '4242:SECRET_token_abcdef:12345' },
    ]);
    const h = harness({ telegramApiUrl: telegram.url });
    await h.enqueue(s, 0); // its own backoff would retry after 200 ms: the receiver asked for 1 s
    await h.enqueue(s, 1);

    await hook.waitForRequests(1);
    const waiting = await waitForDelivery(pool, s, 0, ['pending']);
    expect(waiting.last_error).toBe('the webhook answered 429');
    expect(await (await h.job(s, 0))!.getState()).toBe('delayed');

    for (const i of [0, 1]) expect(await settled(s, i)).toMatchObject({ status: 'sent', attempts: 2 });
    expect(gaps(hook)[0]).toBeGreaterThanOrEqual(990);
    expect(gaps(telegram)[0]).toBeGreaterThanOrEqual(990);
    // The rate-limited attempt was not counted against the job's retry budget.
    expect((await h.job(s, 0))!.attemptsMade).toBeLessThanOrEqual(1);
  });
});

describe('notification delivery: SSRF guard', () => {
  // A name that resolves to a private address, without depending on the machine's DNS.
  const resolve: Resolve = async (hostname) =>
    hostname === 'intranet.example' ? [{ address: '10.20.30.40', family: 4 }] : lookup(hostname, { all: true, verbatim: true });

  it('in production refuses loopback, private names and plain http at once, before any connection', async () => {
    const v4 = await receiver();
    const v6 = await receiver({ host: '::1' });
    const targets = [
      `https://127.0.0.1:${v4.port}/hook`,
      `https://[::1]:${v6.port}/hook`,
      `https://[::ffff:127.0.0.1]:${v4.port}/hook`,
      `https://localhost:${v4.port}/hook`,
      'https://intranet.example/hook',
      `http://127.0.0.1:${v4.port}/hook`,
    ];
    const s = await createAlertEvent(pool, targets.map((target) => ({ type: 'webhook' as const, target })));
    const h = harness({ production: true, resolve });
    for (const i of targets.keys()) await h.enqueue(s, i);
    const errors = [];
    for (const i of targets.keys()) {
      const row = await settled(s, i);
      expect(row).toMatchObject({ status: 'failed', attempts: 1 });
      errors.push(row.last_error);
    }
    expect(errors).toEqual([
      'refused: 127.0.0.1 is a private, loopback, link-local or reserved address (SSRF guard)',
      'refused: ::1 is a private, loopback, link-local or reserved address (SSRF guard)',
      'refused: ::ffff:7f00:1 is a private, loopback, link-local or reserved address (SSRF guard)',
      'refused: localhost resolves to 127.0.0.1, which is a private, loopback, link-local or reserved address (SSRF guard)',
      'refused: intranet.example resolves to 10.20.30.40, which is a private, loopback, link-local or reserved address (SSRF guard)',
      'refused: only https URLs are allowed',
    ]);
    expect(v4.requests).toHaveLength(0);
    expect(v6.requests).toHaveLength(0);
  });

  it('outside production lets loopback receivers through (how every other test reaches them)', async () => {
    const v4 = await receiver();
    const v6 = await receiver({ host: '::1' });
    const s = await createAlertEvent(pool, [
      { type: 'webhook', target: `${v4.url}/a` },
      { type: 'webhook', target: `${v6.url}/b` },
      { type: 'slack', target: `http://localhost:${v4.port}/c` },
    ]);
    const h = harness({ production: false, resolve });
    for (const i of [0, 1, 2]) await h.enqueue(s, i);
    for (const i of [0, 1, 2]) expect((await settled(s, i)).status).toBe('sent');
    expect(v4.requests.map((r) => r.path).sort()).toEqual(['/a', '/c']);
    expect(v6.requests.map((r) => r.path)).toEqual(['/b']);
    expect((await deliveryRow(pool, s, 0)).attempts).toBe(1);
  });
});
