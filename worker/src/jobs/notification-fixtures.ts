// Test data and a BullMQ harness for the notification tests. Events are written directly (the rules API lives
// elsewhere) so a test controls every field.
import { randomBytes } from 'node:crypto';
import { deliveryJobId, type Language, type NotificationDeliverPayload } from '@taktwerk/common';
import {
  insertDefaultPreferences,
  insertDeliveries,
  insertMachine,
  listDeliveriesForEvents,
  withPlatform,
  withTenant,
  type DeliveryRow,
  type NotificationChannelType,
  type Pool,
} from '@taktwerk/db';
import { Queue, Worker, type Job, type JobsOptions, type WorkerOptions } from 'bullmq';
import type { Redis } from 'ioredis';
import { pino } from 'pino';
import { createTestOrganization, type TestOrganization } from '../../../testing/fixtures';
import { createNotifier, type NotifierSettings } from '../notifications/notifier';
import type { JobDefinition } from './job';
import { enqueueNotificationDelivery, notificationDeliverJob, notificationDeliverOptions } from './notification-deliver';
import { createProcessor } from './registry';

export interface AlertEventScenario extends TestOrganization {
  orgId: string;
  machineId: string;
  ruleId: string;
  eventId: string;
  deliveries: DeliveryRow[];
}

export const EVENT_MESSAGE = 'Presse 7: temperature = 93.5 > 90 for 60 s';
export const TEST_SIGNING_KEY = 'test-webhook-signing-key-0123456789abcdef';

type Channels = { type: NotificationChannelType; target: string }[];

/** One triggered event of a critical threshold rule, with one delivery per channel given (index = position). */
export async function createAlertEvent(
  pool: Pool,
  channels: Channels | ((organization: TestOrganization) => Channels),
  options: { ownerLanguage?: Language } = {},
): Promise<AlertEventScenario> {
  const organization = await createTestOrganization(pool);
  const orgId = organization.org.id;
  const list = typeof channels === 'function' ? channels(organization) : channels;
  if (options.ownerLanguage) {
    await withPlatform(pool, (db) =>
      insertDefaultPreferences(db, { userId: organization.owner.id, orgId, sessionTimeoutMinutes: 30, language: options.ownerLanguage }),
    );
  }
  return withTenant(pool, orgId, async (db) => {
    const machine = await insertMachine(db, { orgId, name: 'Presse 7', description: null, location: null });
    const rule = await db.query<{ id: string }>(
      `INSERT INTO alert_rules (org_id, machine_id, name, rule_type, expression, severity, channels, created_by)
       VALUES ($1, $2, 'Temperature high', 'threshold', $3, 'critical', $4, $5) RETURNING id`,
      [
        orgId,
        machine.id,
        JSON.stringify({ tag: 'temperature', operator: '>', threshold: 90, duration: 60 }),
        JSON.stringify(list.map((c) => ({ ...c, enabled: true }))),
        organization.owner.id,
      ],
    );
    const ruleId = rule.rows[0]!.id;
    const payload = { message: EVENT_MESSAGE, tag: 'temperature', operator: '>', value: 93.5, threshold: 90 };
    const event = await db.query<{ id: string }>(
      `INSERT INTO alert_events (org_id, alert_id, state, payload, ts, dedupe_key)
       VALUES ($1, $2, 'triggered', $3, '2026-03-02T10:15:00Z', $4) RETURNING id`,
      [orgId, ruleId, JSON.stringify(payload), randomBytes(6).toString('hex')],
    );
    const eventId = event.rows[0]!.id;
    const deliveries = await insertDeliveries(db, orgId, eventId, list.map((c, index) => ({ index, ...c })));
    return { ...organization, orgId, machineId: machine.id, ruleId, eventId, deliveries };
  });
}

export async function deliveryRow(pool: Pool, s: AlertEventScenario, channelIndex: number): Promise<DeliveryRow> {
  const rows = await withTenant(pool, s.orgId, (db) => listDeliveriesForEvents(db, s.orgId, [s.eventId]));
  return rows.find((d) => d.channel_index === channelIndex)!;
}

/** Polls a delivery row until it reaches one of `statuses`. */
export async function waitForDelivery(
  pool: Pool,
  s: AlertEventScenario,
  channelIndex: number,
  statuses: DeliveryRow['status'][] = ['sent', 'failed'],
  timeoutMs = 15_000,
): Promise<DeliveryRow> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const row = await deliveryRow(pool, s, channelIndex);
    if (statuses.includes(row.status)) return row;
    if (Date.now() > until) throw new Error(`delivery ${channelIndex} still ${row.status} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export function testNotifierSettings(overrides: Partial<NotifierSettings> = {}): NotifierSettings {
  return {
    production: false,
    smtpUrl: '',
    mailFrom: 'Taktwerk <alerts@test.taktwerk.local>',
    publicUrl: 'https://taktwerk.example.com',
    webhookSigningKey: TEST_SIGNING_KEY,
    telegramApiUrl: 'http://127.0.0.1:9',
    telegramBotToken: '',
    timeoutMs: 3000,
    ...overrides,
  };
}

/** Retries within a test: 3 attempts, 200 ms then 400 ms apart (no jitter). */
export const QUICK_RETRIES: JobsOptions = { ...notificationDeliverOptions, attempts: 3, backoff: { type: 'exponential', delay: 200 } };

export interface DeliveryHarness {
  queue: Queue;
  workers: Worker[];
  /** The processor the workers run, to run a job by hand as a duplicate would. */
  run(payload: NotificationDeliverPayload): Promise<unknown>;
  payload(s: AlertEventScenario, channelIndex: number): NotificationDeliverPayload;
  enqueue(s: AlertEventScenario, channelIndex: number, options?: JobsOptions): Promise<Job>;
  job(s: AlertEventScenario, channelIndex: number): Promise<Job | undefined>;
  close(): Promise<void>;
}

export const testQueueName = () => `test-notify-${randomBytes(4).toString('hex')}`;

/** A queue (random unless named) with real BullMQ workers running the delivery job with the given channel settings. */
export function startDeliveryHarness(
  deps: { pool: Pool; connection: Redis },
  settings: NotifierSettings,
  options: { queueName?: string; workers?: number; leaseMs?: number; worker?: Partial<WorkerOptions> } = {},
): DeliveryHarness {
  const queueName = options.queueName ?? testQueueName();
  const queue = new Queue(queueName, { connection: deps.connection });
  const notifier = createNotifier(settings, { pool: deps.pool });
  const job = notificationDeliverJob(notifier, { leaseMs: options.leaseMs ?? 30_000 });
  const processor = createProcessor({ pool: deps.pool, logger: pino({ level: 'silent' }) }, [job as JobDefinition<never>]);
  const workers = Array.from(
    { length: options.workers ?? 1 },
    () => new Worker(queueName, processor, { connection: deps.connection, concurrency: 4, ...options.worker }),
  );
  const payload = (s: AlertEventScenario, channelIndex: number) => ({ orgId: s.orgId, eventId: s.eventId, channelIndex });
  return {
    queue,
    workers,
    run: (data) => processor({ name: job.name, data, opts: {}, attemptsMade: 0 } as unknown as Job),
    payload,
    enqueue: (s, channelIndex, jobOptions = QUICK_RETRIES) => enqueueNotificationDelivery(queue, payload(s, channelIndex), jobOptions),
    job: (s, channelIndex) => queue.getJob(deliveryJobId(s.eventId, channelIndex)),
    async close() {
      await Promise.all(workers.map((w) => w.close()));
      await queue.obliterate({ force: true });
      await queue.close();
      notifier.close();
    },
  };
}
