import { randomBytes } from 'node:crypto';
import { createPool, verifyWebhookSignature, webhookSecretFor, withPlatform, type Pool } from '@taktwerk/db';
import type { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { testDatabase, testRedisUrl } from '../../../testing/context';
import { startTestReceiver, type TestReceiver } from '../../../testing/http-receiver';
import { startTestSmtp, type TestSmtp } from '../../../testing/smtp';
import type { NotifierSettings } from '../notifications/notifier';
import { createWorkerRedis } from '../redis';
import {
  EVENT_MESSAGE,
  TEST_SIGNING_KEY,
  createAlertEvent,
  startDeliveryHarness,
  testNotifierSettings,
  waitForDelivery,
  type AlertEventScenario,
} from './notification-fixtures';

let pool: Pool;
let smtp: TestSmtp;
let connection: Redis;
const cleanups: (() => Promise<unknown>)[] = [];

beforeAll(async () => {
  pool = createPool(testDatabase().appUrl, { max: 6 });
  smtp = await startTestSmtp();
  connection = createWorkerRedis(testRedisUrl());
});
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});
afterAll(async () => {
  await smtp.close();
  await connection.quit();
  await pool.end();
});

async function receiver(options: Parameters<typeof startTestReceiver>[0] = {}): Promise<TestReceiver> {
  const r = await startTestReceiver(options);
  cleanups.push(() => r.close());
  return r;
}

function harness(overrides: Partial<NotifierSettings> = {}) {
  const h = startDeliveryHarness({ pool, connection }, testNotifierSettings({ smtpUrl: smtp.url, ...overrides }));
  cleanups.push(() => h.close());
  return h;
}

const settled = (s: AlertEventScenario, channelIndex: number) => waitForDelivery(pool, s, channelIndex);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('notification delivery: channels', () => {
  it('mails once, in the recipient user’s language, however often the job is enqueued or run', async () => {
    const s = await createAlertEvent(pool, (o) => [{ type: 'email', target: o.owner.email }], { ownerLanguage: 'de' });
    const h = harness();
    await h.enqueue(s, 0);
    await h.enqueue(s, 0); // the same job id: BullMQ keeps one job
    const row = await settled(s, 0);
    expect(row).toMatchObject({ status: 'sent', attempts: 1, last_error: null, next_attempt_at: null });
    expect(row.sent_at).toBeInstanceOf(Date);

    const mail = await smtp.waitForMail(s.owner.email);
    expect(mail.subject).toBe('Taktwerk: Alarm ausgelöst: Temperature high (Presse 7)');
    expect(mail.text).toContain(EVENT_MESSAGE);
    expect(mail.text).toContain('Schweregrad: kritisch');
    expect(mail.text).toContain('Zeit: 2. März 2026, 10:15:00 UTC');
    expect(mail.text).toContain('Alarme in Taktwerk öffnen: https://taktwerk.example.com/#alerts');
    expect(mail.html).toContain('Presse 7: temperature = 93.5 &gt; 90 for 60 s');
    expect(mail.parsed.messageId).toBe(`<notification-${row.id}@taktwerk>`);

    // A run of the same delivery after it was sent (a retried or duplicated job) sends nothing.
    expect(await h.run(h.payload(s, 0))).toEqual({ outcome: 'sent', attempts: 1 });
    await pause(300);
    expect(smtp.mailsTo(s.owner.email)).toHaveLength(1);
  });

  it('mails an address outside the organization in English; an invalid address or an opted-out user fails at once', async () => {
    const outside = `ops.${randomBytes(3).toString('hex')}@example.org`;
    const s = await createAlertEvent(pool, (o) => [
      { type: 'email', target: outside },
      { type: 'email', target: 'not-an-address' },
      { type: 'email', target: o.member.email },
    ]);
    // The member has turned email alerts off.
    await withPlatform(pool, (db) =>
      db.query(`INSERT INTO user_preferences (user_id, org_id, email_alerts) VALUES ($1, $2, false)`, [s.member.id, s.orgId]),
    );
    const h = harness();
    for (const i of [0, 1, 2]) await h.enqueue(s, i);
    const mail = await smtp.waitForMail(outside);
    expect(mail.subject).toBe('Taktwerk: Alert triggered: Temperature high (Presse 7)');
    expect(mail.text).toContain('Severity: critical');
    expect(await settled(s, 1)).toMatchObject({ status: 'failed', attempts: 1, last_error: 'invalid email address' });
    expect(await settled(s, 2)).toMatchObject({ status: 'failed', attempts: 1, last_error: 'the recipient turned email alerts off in their preferences' });
    expect(await (await h.job(s, 1))!.getState()).toBe('failed');
    expect(smtp.mailsTo(s.member.email)).toHaveLength(0);
  });

  it('fails an email delivery for good when the worker has no SMTP_URL, naming the configured provider', async () => {
    const s = await createAlertEvent(pool, (o) => [{ type: 'email', target: o.owner.email }]);
    const h = harness({ smtpUrl: '' });
    await h.enqueue(s, 0);
    expect(await settled(s, 0)).toMatchObject({
      status: 'failed',
      attempts: 1,
      last_error: 'email provider sendgrid: SMTP_URL is not configured for the worker',
    });
  });

  it('posts a signed JSON body to a webhook that the receiver can verify', async () => {
    const hook = await receiver();
    const s = await createAlertEvent(pool, [{ type: 'webhook', target: `${hook.url}/hooks/taktwerk?k=1` }]);
    const h = harness();
    await h.enqueue(s, 0);
    const row = await settled(s, 0);
    expect(row.status).toBe('sent');

    const [request] = await hook.waitForRequests(1);
    expect(request).toMatchObject({ method: 'POST', path: '/hooks/taktwerk?k=1', answered: 200 });
    expect(request!.headers['content-type']).toBe('application/json');
    expect(request!.headers['x-taktwerk-delivery']).toBe(row.id);
    expect(request!.headers['x-taktwerk-event']).toBe('alert.triggered');
    const header = request!.headers['x-taktwerk-signature'] as string;
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    const secret = webhookSecretFor(TEST_SIGNING_KEY, s.orgId);
    expect(verifyWebhookSignature({ secret, header, body: request!.body })).toBe(true);
    expect(verifyWebhookSignature({ secret, header, body: request!.body.replace('93.5', '12.5') })).toBe(false);
    expect(verifyWebhookSignature({ secret: webhookSecretFor(TEST_SIGNING_KEY, s.machineId), header, body: request!.body })).toBe(false);

    expect(JSON.parse(request!.body)).toEqual({
      id: row.id,
      type: 'alert.triggered',
      organizationId: s.orgId,
      event: {
        id: s.eventId,
        state: 'triggered',
        timestamp: '2026-03-02T10:15:00.000Z',
        message: EVENT_MESSAGE,
        tag: 'temperature',
        operator: '>',
        value: 93.5,
        threshold: 90,
      },
      rule: { id: s.ruleId, name: 'Temperature high', type: 'threshold', severity: 'critical' },
      machine: { id: s.machineId, name: 'Presse 7' },
    });
  });

  it('sends Slack incoming-webhook text and Telegram sendMessage requests', async () => {
    const slack = await receiver();
    const telegram = await receiver({ respond: () => ({ status: 200, body: '{"ok":true,"result":{}}' }) });
    const s = await createAlertEvent(pool, [
      { type: 'slack', target: `${slack.url}/services/T000/B000/XXX` },
      { type: 'telegram', target: '123456:ABCdef_ghij-klmnop:-100987654321' },
      { type: 'telegram', target: '@taktwerk_alerts' },
      { type: 'telegram', target: 'no chat here' },
    ]);
    const h = harness({ telegramApiUrl: `${telegram.url}/`, telegramBotToken: '999:PLATFORM_token_xyz' });
    for (const i of [0, 1, 2, 3]) await h.enqueue(s, i);
    for (const i of [0, 1, 2]) expect((await settled(s, i)).status).toBe('sent');
    expect((await settled(s, 3)).last_error).toMatch(/^invalid Telegram target/);

    const [slackRequest] = await slack.waitForRequests(1);
    expect(slackRequest!.path).toBe('/services/T000/B000/XXX');
    expect(JSON.parse(slackRequest!.body)).toEqual({
      text: [
        '*Alert triggered: Temperature high (Presse 7)*',
        'Presse 7: temperature = 93.5 &gt; 90 for 60 s',
        'Machine: Presse 7\nRule: Temperature high\nSeverity: critical\nTime: 2 Mar 2026, 10:15:00 UTC',
        '<https://taktwerk.example.com/#alerts|Open alerts in Taktwerk>',
      ].join('\n'),
    });

    const requests = await telegram.waitForRequests(2);
    expect(requests).toHaveLength(2);
    const byPath = new Map(requests.map((r) => [r.path, JSON.parse(r.body) as { chat_id: string; text: string }]));
    expect(byPath.get('/bot123456:ABCdef_ghij-klmnop/sendMessage')).toMatchObject({ chat_id: '-100987654321' });
    const platformBot = byPath.get('/bot999:PLATFORM_token_xyz/sendMessage')!;
    expect(platformBot.chat_id).toBe('@taktwerk_alerts');
    expect(platformBot.text).toContain(`Alert triggered: Temperature high (Presse 7)\n\n${EVENT_MESSAGE}\n\nMachine: Presse 7`);
  });
});
