import { deliveryJobId, evaluatePoints, INITIAL_EVALUATION_STATE, QUEUES, type EvaluatedRule } from '@taktwerk/common';
import { withPlatform } from '@taktwerk/db';
import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alertsSetUp, TAG, thresholdDraft } from '../../../api/src/features/alerts/test-support';
import { startTestApi, type TestApi } from '../../../testing/api-server';
import { testDatabase, testRedisUrl } from '../../../testing/context';
import { loadEnv } from '../env';
import { startAlertWorker, type AlertWorker } from '../jobs/alert-worker';
import { createWorkerRedis } from '../redis';
import { evaluateBatch, sweepNoData } from './evaluate-rules';

// The whole path with real PostgreSQL and Redis: ingest → the api's listener → alert.evaluate on the alerts queue →
// a worker → events, delivery rows and delivery jobs. Queues live under the test api's own prefix.

let api: TestApi;
let connection: Redis;
let notifications: Queue;
let prefix: string;
const logger = pino({ level: 'silent' });
const env = () => loadEnv({ NODE_ENV: 'test', DATABASE_URL: testDatabase().appUrl, REDIS_URL: testRedisUrl(), QUEUE_PREFIX: prefix, LOG_LEVEL: 'silent' });
const workers: AlertWorker[] = [];

async function startWorker(concurrency = 4): Promise<AlertWorker> {
  const worker = await startAlertWorker({ env: env(), pool: api.deps.pool, logger, connection }, notifications, {
    schedule: false,
    worker: { concurrency },
  });
  workers.push(worker);
  return worker;
}

beforeAll(async () => {
  api = await startTestApi();
  prefix = api.deps.alerts.queue.opts.prefix!;
  connection = createWorkerRedis(testRedisUrl());
  notifications = new Queue(QUEUES.notifications, { connection, prefix });
});
afterAll(async () => {
  for (const w of workers) await w.close();
  await api.deps.alerts.queue.obliterate({ force: true });
  await notifications.obliterate({ force: true });
  await notifications.close();
  await api.close();
  await connection.quit();
});

const sql = <T extends object>(text: string, values: unknown[] = []) =>
  withPlatform(api.deps.pool, async (db) => (await db.query<T & Record<string, unknown>>(text, values)).rows);

interface EventRow {
  id: string;
  state: string;
  ts: Date;
  dedupe_key: string;
  payload: { message: string; value: number | null };
}
const eventsOf = (ruleId: string) =>
  sql<EventRow>('SELECT id, state, ts, dedupe_key, payload FROM alert_events WHERE alert_id = $1 ORDER BY ts, state DESC', [ruleId]);
const deliveriesOf = (ruleId: string) =>
  sql<{ event_id: string; channel_index: number; channel_type: string; status: string }>(
    `SELECT d.event_id, d.channel_index, d.channel_type, d.status FROM notification_deliveries d
       JOIN alert_events e ON e.id = d.event_id WHERE e.alert_id = $1 ORDER BY e.ts, d.channel_index`,
    [ruleId],
  );
const summary = (events: EventRow[]) => events.map((e) => `${e.state}@${e.ts.getTime()}`);

/** Waits until the rule has evaluated every value up to `ts` (its state's last evaluated value), then for a quiet queue. */
async function evaluatedThrough(ruleId: string, ts: number) {
  await expect
    .poll(async () => (await sql<{ t: Date | null }>('SELECT last_point_ts AS t FROM alert_rule_states WHERE rule_id = $1', [ruleId]))[0]?.t?.getTime() ?? 0, {
      timeout: 15_000,
      interval: 50,
    })
    .toBeGreaterThanOrEqual(ts);
  await expect
    .poll(async () => Object.values(await api.deps.alerts.queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized')).reduce((a, b) => a + b, 0), {
      timeout: 15_000,
      interval: 50,
    })
    .toBe(0);
}

async function deliveryJobIds(eventIds: string[]) {
  const jobs = await notifications.getJobs(['waiting', 'delayed', 'active', 'completed', 'failed']);
  const wanted = new Set(eventIds);
  return jobs
    .filter((j) => wanted.has(j.data.eventId))
    .map((j) => j.id!)
    .sort();
}

const channels = (email: string) => [
  { type: 'email', target: email, enabled: true },
  { type: 'webhook', target: 'https://hooks.example.com/alerts', enabled: true },
  { type: 'slack', target: 'https://hooks.slack.com/services/off', enabled: false },
];

describe('alert evaluation end to end', () => {
  it('a threshold crossed through ingest records one event, one delivery row and job per enabled channel; resolves; honours the cooldown', async () => {
    await startWorker();
    const s = await alertsSetUp(api);
    const { rule } = (await s.owner('POST', '/alerts/rules', thresholdDraft(s.machineId, { channels: channels(s.org.owner.email) }))).json;
    const t0 = Date.now() - 30 * 60_000;
    await s.ingest([
      [t0, 50],
      [t0 + 1000, 85],
    ]);
    await s.ingest([[t0 + 2000, 90]]);
    await evaluatedThrough(rule.id, t0 + 2000);
    const [triggered, ...rest] = await eventsOf(rule.id);
    expect(rest).toEqual([]);
    expect(triggered).toMatchObject({ state: 'triggered', dedupe_key: `triggered:${new Date(t0 + 1000).toISOString()}` });
    expect(triggered!.ts.getTime()).toBe(t0 + 1000);
    expect(triggered!.payload).toMatchObject({ message: 'Press 1: spindle.temp is 85, threshold > 80', value: 85, machineName: 'Press 1', tag: TAG });
    expect(await deliveriesOf(rule.id)).toEqual([
      { event_id: triggered!.id, channel_index: 0, channel_type: 'email', status: 'pending' },
      { event_id: triggered!.id, channel_index: 1, channel_type: 'webhook', status: 'pending' },
    ]);
    expect(await deliveryJobIds([triggered!.id])).toEqual([deliveryJobId(triggered!.id, 0), deliveryJobId(triggered!.id, 1)]);

    await s.ingest([[t0 + 3000, 70]]);
    await s.ingest([[t0 + 60_000, 95]]); // within the 5 minute cooldown: stays pending
    await evaluatedThrough(rule.id, t0 + 60_000);
    expect(summary(await eventsOf(rule.id))).toEqual([`triggered@${t0 + 1000}`, `resolved@${t0 + 3000}`]);
    expect((await s.owner('GET', `/alerts/rules/${rule.id}`)).json.rule.state).toBe('pending');
    await s.ingest([[t0 + 6 * 60_000, 96]]);
    await evaluatedThrough(rule.id, t0 + 6 * 60_000);
    const events = await eventsOf(rule.id);
    expect(summary(events)).toEqual([`triggered@${t0 + 1000}`, `resolved@${t0 + 3000}`, `triggered@${t0 + 6 * 60_000}`]);
    expect(events[1]!.payload.message).toBe('Press 1: spindle.temp is back at 70, threshold > 80');
    expect(await deliveriesOf(rule.id)).toHaveLength(6);
    expect(await deliveryJobIds(events.map((e) => e.id))).toHaveLength(6);

    const bell = await s.owner('GET', '/alert-events/notifications');
    expect(bell.json.unreadCount).toBe(3);
    expect(bell.json.events[0]).toMatchObject({ state: 'triggered', deliveries: [{ channelType: 'email', status: 'pending' }, { channelType: 'webhook' }] });
  });

  it('two workers racing over the same batches, each job enqueued three times, record every transition exactly once', async () => {
    const s = await alertsSetUp(api);
    const draft = thresholdDraft(s.machineId, { cooldownMinutes: 0, channels: channels(s.org.owner.email) });
    const { rule } = (await s.owner('POST', '/alerts/rules', draft)).json;
    // Workers are stopped while the jobs pile up, so that they then race for them.
    for (const w of workers) await w.worker.pause();
    const t0 = Date.now() - 20 * 60_000;
    const values: [number, number][] = Array.from({ length: 24 }, (_, i) => [t0 + i * 1000, i % 6 < 3 ? 90 : 10]);
    for (let i = 0; i < values.length; i += 3) await s.ingest(values.slice(i, i + 3));
    const queue = api.deps.alerts.queue;
    await expect.poll(async () => (await queue.getJobs(['waiting'])).filter((j) => j.data.machineId === s.machineId).length).toBe(8);
    for (const job of await queue.getJobs(['waiting'])) {
      await queue.add(job.name, job.data);
      await queue.add(job.name, job.data);
    }
    const second = await startWorker(4);
    const completed = new Map<AlertWorker, number>();
    for (const w of workers) w.worker.on('completed', () => completed.set(w, (completed.get(w) ?? 0) + 1));
    for (const w of workers) w.worker.resume();
    await evaluatedThrough(rule.id, values.at(-1)![0]);

    const reference = evaluatePoints(rule as EvaluatedRule, INITIAL_EVALUATION_STATE, values.map(([ts, value]) => ({ ts, value })));
    const events = await eventsOf(rule.id);
    expect(events.map((e) => [e.state, e.ts.getTime(), e.dedupe_key])).toEqual(reference.transitions.map((t) => [t.kind, t.at, t.dedupeKey]));
    expect(events).toHaveLength(8);
    expect(await deliveriesOf(rule.id)).toHaveLength(16);
    expect(await deliveryJobIds(events.map((e) => e.id))).toHaveLength(16);
    expect([...completed.values()].every((n) => n > 0)).toBe(true);
    expect(completed.get(second)).toBeGreaterThan(0);
  });

  it('the same evaluation run ten times at once in one process records one event', async () => {
    const s = await alertsSetUp(api);
    const { rule } = (await s.owner('POST', '/alerts/rules', thresholdDraft(s.machineId, { channels: channels(s.org.owner.email) }))).json;
    for (const w of workers) await w.worker.pause();
    const t0 = Date.now() - 10 * 60_000;
    await s.ingest(Array.from({ length: 50 }, (_, i): [number, number] => [t0 + i * 1000, 81 + i]));
    const payload = { orgId: s.org.org.id, machineId: s.machineId, tags: [TAG], fromMs: t0, toMs: t0 + 49_000 };
    const outcomes = await Promise.all(Array.from({ length: 10 }, () => evaluateBatch({ pool: api.deps.pool, logger }, payload)));
    expect(outcomes.flatMap((o) => o.deliveries)).toHaveLength(2);
    expect(summary(await eventsOf(rule.id))).toEqual([`triggered@${t0}`]);
    for (const w of workers) w.worker.resume();
  });

  it('the backtest finds exactly the firings live evaluation recorded over the same values (threshold and deviation)', async () => {
    const s = await alertsSetUp(api);
    const thresholdRule = thresholdDraft(s.machineId, { name: 'Threshold', expression: { tag: TAG, operator: '>=', threshold: 60, duration: 20 }, cooldownMinutes: 2 });
    const deviationRule = thresholdDraft(s.machineId, { name: 'Deviation', ruleType: 'deviation', expression: { tag: TAG, deviationSigma: 2 }, cooldownMinutes: 1 });
    const threshold = (await s.owner('POST', '/alerts/rules', thresholdRule)).json.rule;
    const deviation = (await s.owner('POST', '/alerts/rules', deviationRule)).json.rule;
    // 40 minutes at one value per 5 s: a slow wave, with 30 s bursts now and then.
    const t0 = Date.now() - 50 * 60_000;
    const burst = (i: number) => (i % 97 >= 40 && i % 97 < 46 ? 30 : 0);
    const values = Array.from({ length: 480 }, (_, i): [number, number] => [t0 + i * 5000, 50 + 8 * Math.sin(i / 15) + burst(i) + (i % 13) / 10]);
    for (let i = 0; i < values.length; i += 40) await s.ingest(values.slice(i, i + 40));
    await evaluatedThrough(threshold.id, values.at(-1)![0]);
    await evaluatedThrough(deviation.id, values.at(-1)![0]);

    for (const [rule, draft] of [
      [threshold, thresholdRule],
      [deviation, deviationRule],
    ] as const) {
      const live = (await eventsOf(rule.id)).filter((e) => e.state === 'triggered');
      expect(live.length, rule.name).toBeGreaterThan(1);
      const backtest = await s.owner('POST', '/alerts/backtest', { rule: draft, range: '24h' });
      expect(backtest.status).toBe(200);
      expect(backtest.json).toMatchObject({ range: '24h', count: live.length, truncated: false, evaluatedPoints: 480 });
      expect(backtest.json.firings).toEqual(live.map((e) => ({ at: e.ts.toISOString(), value: e.payload.value })));
    }
  });

  it('no_data: a check with a controllable clock fires once at the moment the silence reached its limit; the next value resolves it', async () => {
    const s = await alertsSetUp(api);
    const draft = thresholdDraft(s.machineId, { ruleType: 'no_data', expression: { tag: TAG, noDataMinutes: 1 }, channels: channels(s.org.owner.email) });
    const { rule } = (await s.owner('POST', '/alerts/rules', draft)).json;
    // As if the rule had been armed ten minutes ago; the checks' clock is set around that.
    const now = Date.now() - 10 * 60_000;
    await sql('UPDATE alert_rule_states SET armed_at = $2 WHERE rule_id = $1', [rule.id, new Date(now)]);
    const deps = { pool: api.deps.pool, logger };
    expect((await sweepNoData(deps, now + 59_000)).deliveries.filter((d) => d.orgId === s.org.org.id)).toEqual([]);
    const fired = await sweepNoData(deps, now + 5 * 60_000);
    expect(fired.deliveries.filter((d) => d.orgId === s.org.org.id)).toHaveLength(2);
    await sweepNoData(deps, now + 5 * 60_000);
    await sweepNoData(deps, now + 6 * 60_000);
    const [event, ...none] = await eventsOf(rule.id);
    expect(none).toEqual([]);
    expect(event).toMatchObject({ state: 'triggered', payload: { message: 'Press 1: spindle.temp has sent no value for 1 minutes', value: null } });
    expect(event!.ts.getTime()).toBe(now + 60_000);

    const back = Date.now();
    await s.ingest([[back, 42]]);
    await evaluatedThrough(rule.id, back);
    expect(summary(await eventsOf(rule.id))).toEqual([`triggered@${now + 60_000}`, `resolved@${back}`]);
    expect(await deliveriesOf(rule.id)).toHaveLength(4);
  });
});

describe('when Redis is down', () => {
  it('ingest still answers 200 at once, with rules watching the batch', async () => {
    const downApi = await startTestApi({ REDIS_URL: 'redis://127.0.0.1:1' });
    try {
      const s = await alertsSetUp(downApi);
      expect((await s.owner('POST', '/alerts/rules', thresholdDraft(s.machineId))).status).toBe(201);
      const started = Date.now();
      expect(await s.ingest([[Date.now() - 1000, 99]])).toMatchObject({ accepted: 1 });
      expect(Date.now() - started).toBeLessThan(2000);
    } finally {
      await downApi.close();
    }
  });
});
