// Issue 7, "the same with two worker processes": the production entry point (worker/src/main.ts) runs twice as real
// processes that race for the evaluation jobs of ingested batches and for the deliveries they produce.
// A database of its own: each process starts the schedules (no-data sweep, connection watch, notification sweep,
// retention, usage), which run at once over every organization and would reach other test files' rows in the shared
// one. The queues live under a prefix of the test's own (QUEUE_PREFIX) on the shared Redis.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { fileURLToPath } from 'node:url';
import { JOB_NAMES, QUEUES } from '@taktwerk/common';
import { seedDefaults, withPlatform } from '@taktwerk/db';
import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alertsSetUp, thresholdDraft } from '../../../api/src/features/alerts/test-support';
import { startTestApi, type TestApi } from '../../../testing/api-server';
import { testRedisUrl } from '../../../testing/context';
import { startTestReceiver, type TestReceiver } from '../../../testing/http-receiver';
import { createScratchDatabase, type ScratchDatabase } from '../../../testing/scratch-database';
import { startTestSmtp, type TestSmtp } from '../../../testing/smtp';
import { createWorkerRedis } from '../redis';

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const STOP_GRACE_MS = 5000;

interface WorkerProcess {
  /** The name its BullMQ workers record on every job they take (worker/src/main.ts). */
  name: string;
  exited: boolean;
  output(): string;
  /** SIGTERM, then SIGKILL after STOP_GRACE_MS; resolves with the exit code (null when killed). */
  stop(): Promise<number | null>;
}

function startWorkerProcess(env: Record<string, string>): WorkerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'worker/src/main.ts'], { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const running = () => child.exitCode === null && child.signalCode === null;
  return {
    name: `${hostname()}:${child.pid}`,
    get exited() {
      return !running();
    },
    output: () => output,
    async stop() {
      if (!running()) return child.exitCode;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
  };
}

let scratch: ScratchDatabase;
let api: TestApi;
let smtp: TestSmtp;
let hook: TestReceiver;
let redis: Redis;
let alertsQueue: Queue;
let notificationsQueue: Queue;
const prefix = `test-procs-${randomBytes(4).toString('hex')}`;
const workers: WorkerProcess[] = [];

/** Polls `check`, failing early with the processes' output when one of them died. */
async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    const dead = workers.find((w) => w.exited);
    if (dead) throw new Error(`worker process ${dead.name} exited while waiting for ${what}:\n${dead.output()}`);
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms\n${workers.map((w) => w.output()).join('\n')}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function deleteKeys(pattern: string): Promise<void> {
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
    if (keys.length > 0) await redis.unlink(...keys);
    cursor = next;
  } while (cursor !== '0');
}

beforeAll(async () => {
  scratch = await createScratchDatabase('taktwerk_alert_procs');
  api = await startTestApi({ DATABASE_URL: scratch.appUrl, QUEUE_PREFIX: prefix });
  await seedDefaults(api.deps.pool);
  [smtp, hook] = await Promise.all([startTestSmtp(), startTestReceiver()]);
  redis = createWorkerRedis(testRedisUrl());
  alertsQueue = new Queue(QUEUES.alerts, { connection: redis, prefix });
  notificationsQueue = new Queue(QUEUES.notifications, { connection: redis, prefix });
  // Paused (for every worker) until the jobs have piled up, so that the two processes then race for them.
  await alertsQueue.pause();
  const env = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    DATABASE_URL: scratch.appUrl,
    DATABASE_POOL_MAX: '3',
    REDIS_URL: testRedisUrl(),
    QUEUE_PREFIX: prefix,
    SMTP_URL: smtp.url,
  };
  workers.push(startWorkerProcess(env), startWorkerProcess(env));
  const listening = async (queue: Queue) => (await queue.getWorkersCount()) === workers.length;
  await waitFor('both processes listening on the alerts and notifications queues', async () => (await listening(alertsQueue)) && (await listening(notificationsQueue)));
}, 40_000);

afterAll(async () => {
  await Promise.all(workers.map((w) => w.stop()));
  await api?.close();
  if (redis) {
    await Promise.all([alertsQueue.close(), notificationsQueue.close()]);
    await deleteKeys(`${prefix}:*`);
    await redis.quit();
  }
  await Promise.allSettled([smtp?.close(), hook?.close()]);
  await scratch?.drop();
}, 30_000);

const sql = <T extends object>(text: string, values: unknown[]) =>
  withPlatform(api.deps.pool, async (db) => (await db.query<T & Record<string, unknown>>(text, values)).rows);

/** Jobs of one name for one machine in the given states. */
async function jobsOf(queue: Queue, name: string, states: Parameters<Queue['getJobs']>[0], machineId?: string) {
  const jobs = await queue.getJobs(states);
  return jobs.filter((j) => j.name === name && (machineId === undefined || j.data.machineId === machineId));
}

describe('alert evaluation with two worker processes', () => {
  it('ingest crossing a threshold, batches sent twice and every job enqueued three times: one event, one mail, one webhook', async () => {
    const s = await alertsSetUp(api);
    const channels = [
      { type: 'email', target: s.org.owner.email, enabled: true },
      { type: 'webhook', target: `${hook.url}/alerts`, enabled: true },
      { type: 'slack', target: 'https://hooks.slack.com/services/off', enabled: false },
    ];
    const created = await s.owner('POST', '/alerts/rules', thresholdDraft(s.machineId, { channels }));
    expect(created.status).toBe(201);
    const ruleId: string = created.json.rule.id;

    // Values a second apart, below the threshold (> 80) for 6 s and above it from then on, in eight batches of
    // three; every other batch is sent again (stored once, evaluated again).
    const t0 = Date.now() - 10 * 60_000;
    const values = Array.from({ length: 24 }, (_, i): [number, number] => [t0 + i * 1000, i < 6 ? 50 + i : 85 + i]);
    for (let batch = 0; batch < 8; batch += 1) {
      const slice = values.slice(batch * 3, batch * 3 + 3);
      expect(await s.ingest(slice)).toMatchObject({ accepted: 3 });
      if (batch % 2 === 1) expect(await s.ingest(slice)).toMatchObject({ accepted: 0 });
    }
    await waitFor('12 evaluation jobs enqueued', async () => (await jobsOf(alertsQueue, JOB_NAMES.alertEvaluate, ['waiting'], s.machineId)).length === 12);
    for (const job of await jobsOf(alertsQueue, JOB_NAMES.alertEvaluate, ['waiting'], s.machineId)) {
      await alertsQueue.add(job.name, job.data);
      await alertsQueue.add(job.name, job.data);
    }
    await alertsQueue.resume();

    const lastTs = values.at(-1)![0];
    await waitFor('every value evaluated', async () => {
      const [state] = await sql<{ t: Date | null }>('SELECT last_point_ts AS t FROM alert_rule_states WHERE rule_id = $1', [ruleId]);
      return (state?.t?.getTime() ?? 0) >= lastTs;
    });
    const pending = ['waiting', 'active', 'delayed', 'prioritized'] as const;
    await waitFor('the evaluation and delivery jobs done', async () => {
      const open = await Promise.all([
        jobsOf(alertsQueue, JOB_NAMES.alertEvaluate, [...pending], s.machineId),
        jobsOf(notificationsQueue, JOB_NAMES.notificationDeliver, [...pending]),
      ]);
      return open.every((jobs) => jobs.length === 0);
    });

    const events = await sql<{ id: string; state: string; ts: Date }>('SELECT id, state, ts FROM alert_events WHERE alert_id = $1', [ruleId]);
    expect(events).toEqual([{ id: expect.any(String), state: 'triggered', ts: new Date(t0 + 6000) }]);
    const eventId = events[0]!.id;
    const deliveries = await sql('SELECT channel_index, channel_type, status FROM notification_deliveries WHERE event_id = $1 ORDER BY channel_index', [eventId]);
    expect(deliveries).toEqual([
      { channel_index: 0, channel_type: 'email', status: 'sent' },
      { channel_index: 1, channel_type: 'webhook', status: 'sent' },
    ]);

    expect(smtp.mails).toHaveLength(1);
    expect(smtp.mails[0]!.to).toEqual([s.org.owner.email.toLowerCase()]);
    expect(smtp.mails[0]!.text).toContain('Press 1: spindle.temp is 91, threshold > 80');
    expect(hook.requests).toHaveLength(1);
    expect(hook.requests[0]).toMatchObject({ path: '/alerts', answered: 200 });
    expect(JSON.parse(hook.requests[0]!.body)).toMatchObject({ type: 'alert.triggered', event: { id: eventId, value: 91 } });

    // Both processes took evaluation jobs: the race really happened between them.
    const evaluated = await jobsOf(alertsQueue, JOB_NAMES.alertEvaluate, ['completed'], s.machineId);
    expect(evaluated).toHaveLength(36);
    expect(new Set(evaluated.map((j) => j.processedBy))).toEqual(new Set(workers.map((w) => w.name)));

    // SIGTERM lets each process finish its jobs and exit cleanly.
    expect(await Promise.all(workers.map((w) => w.stop()))).toEqual([0, 0]);
  }, 40_000);
});
