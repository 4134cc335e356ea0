import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Redis } from 'ioredis';
import { pino } from 'pino';
import { expect } from 'vitest';
import { startTestApi, type TestApi } from '../../testing/api-server';
import { testDatabase, testRedisUrl } from '../../testing/context';
import { createTestAdmin, createTestOrganization, type TestLogin } from '../../testing/fixtures';
import { startTestReceiver, type TestReceiver } from '../../testing/http-receiver';
import { startTestSmtp, type TestSmtp } from '../../testing/smtp';
import { loadEnv } from '../../worker/src/env';
import { startAlertWorker, type AlertWorker } from '../../worker/src/jobs/alert-worker';
import { startNotificationWorker, type NotificationWorker } from '../../worker/src/jobs/notification-worker';
import { createWorkerRedis } from '../../worker/src/redis';

const WEB_DIST = fileURLToPath(new URL('../dist', import.meta.url));

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;
export type Call = (method: string, path: string, body?: unknown) => Promise<{ status: number; json: Json }>;

/**
 * The alerts browser tests' platform: the api serving the built web app, with the worker's alert and notification
 * queues running in-process on queues of their own (so ingest really evaluates rules and sends), a real SMTP server
 * for email channels and an HTTP receiver that refuses webhooks (a failed delivery to show).
 */
export interface AlertsScene {
  api: TestApi;
  baseUrl: string;
  orgId: string;
  owner: TestLogin;
  member: TestLogin;
  admin: TestLogin;
  smtp: TestSmtp;
  webhook: TestReceiver;
  /** The owner's api calls (`/api/v1` prefixed). */
  call: Call;
  close(): Promise<void>;
}

export async function startAlertsScene(): Promise<AlertsScene> {
  if (!existsSync(`${WEB_DIST}/index.html`)) throw new Error('web/dist is missing: run `npm run build -w @taktwerk/web` first');
  const api = await startTestApi({ WEB_DIST_DIR: WEB_DIST });
  const { org, owner, member } = await createTestOrganization(api.deps.pool, { usageLimits: { machines: 3, alerts: 5 } });
  const admin = await createTestAdmin(api.deps.pool);
  const smtp = await startTestSmtp();
  const webhook = await startTestReceiver({ respond: () => ({ status: 400, body: 'unknown hook' }) });
  const logger = pino({ level: 'silent' });
  const env = loadEnv({
    NODE_ENV: 'test',
    DATABASE_URL: testDatabase().appUrl,
    REDIS_URL: testRedisUrl(),
    QUEUE_PREFIX: api.deps.alerts.queue.opts.prefix!,
    LOG_LEVEL: 'silent',
    SMTP_URL: smtp.url,
  });
  const connection: Redis = createWorkerRedis(testRedisUrl());
  const notifications: NotificationWorker = await startNotificationWorker(
    { env, pool: api.deps.pool, logger, connection },
    { queueName: `alerts-ui-${randomBytes(4).toString('hex')}`, schedule: false },
  );
  const alerts: AlertWorker = await startAlertWorker({ env, pool: api.deps.pool, logger, connection }, notifications.queue, { schedule: false });

  const request = async (method: string, path: string, body?: unknown, token?: string) => {
    const headers = { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) };
    const res = await fetch(`${api.baseUrl}/api/v1${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    return { status: res.status, json: res.status === 204 ? null : await res.json() };
  };
  const login = await request('POST', '/auth/login', { email: owner.email, password: owner.password });
  expect(login.status).toBe(200);
  const call: Call = (method, path, body) => request(method, path, body, login.json.accessToken);

  return {
    api,
    baseUrl: api.baseUrl,
    orgId: org.id,
    owner,
    member,
    admin,
    smtp,
    webhook,
    call,
    async close() {
      await alerts.close();
      await notifications.queue.obliterate({ force: true }).catch(() => undefined);
      await notifications.close();
      await connection.quit();
      await Promise.allSettled([smtp.close(), webhook.close()]);
      await api.close();
    },
  };
}

export interface SeededMachine {
  machineId: string;
  /** Pushes values through the real ingest endpoint with the machine token, as [epoch ms, value] pairs. */
  ingest(values: [number, number][]): Promise<void>;
}

/** A machine with `tag` and a history of values (epoch ms, value) pushed before any rule watches it. */
export async function seedMachine(scene: AlertsScene, name: string, tag: string, history: [number, number][]): Promise<SeededMachine> {
  const machine = await scene.call('POST', '/machines', { name, location: 'Halle 2' });
  expect(machine.status).toBe(201);
  const machineId: string = machine.json.machine.id;
  const token: string = machine.json.token;
  const ingest = async (values: [number, number][]) => {
    const res = await fetch(`${scene.baseUrl}/api/v1/ingest`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ machineId, values: values.map(([ts, value]) => ({ tag, timestamp: new Date(ts).toISOString(), value })) }),
    });
    expect(res.status).toBe(200);
  };
  await ingest(history);
  return { machineId, ingest };
}
