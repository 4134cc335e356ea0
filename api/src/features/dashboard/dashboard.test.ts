import { dashboardSummarySchema, type DashboardSummary } from '@taktwerk/common';
import { withPlatform, type Queryable } from '@taktwerk/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../../../testing/api-server';
import { createTestOrganization } from '../../../../testing/fixtures';
import { TestClient } from '../../../../testing/http';
import { signedInCaller } from '../machines/test-support';
import { readDashboardSummary } from './service';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => api.close());

const HOUR = 3600_000;
const NOW = new Date('2026-03-10T06:00:00Z');
const before = (ms: number) => new Date(NOW.getTime() - ms);

async function insertMachine(db: Queryable, orgId: string, name: string, lastData: Date | null, description: string | null = null) {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO machines (org_id, name, description, last_data_received, status, created_at) VALUES ($1, $2, $3, $4, 'offline', $5) RETURNING id`,
    [orgId, name, description, lastData, before(72 * HOUR)],
  );
  return rows[0]!.id;
}

async function insertTag(db: Queryable, orgId: string, machineId: string, alias: string, createdAt: Date, enabled = true) {
  await db.query('INSERT INTO tag_configs (org_id, machine_id, path, alias, enabled, created_at) VALUES ($1, $2, $3, $3, $4, $5)', [
    orgId,
    machineId,
    alias,
    enabled,
    createdAt,
  ]);
}

async function insertRule(db: Queryable, orgId: string, machineId: string, name: string, severity: string) {
  const { rows } = await db.query<{ id: string }>(
    'INSERT INTO alert_rules (org_id, machine_id, name, severity, expression) VALUES ($1, $2, $3, $4, $5) RETURNING id',
    [orgId, machineId, name, severity, JSON.stringify({ tag: 'temp', operator: '>', threshold: 80 })],
  );
  return rows[0]!.id;
}

async function insertEvent(db: Queryable, orgId: string, ruleId: string, e: { key: string; state?: string; ts: Date; acknowledgedAt?: Date }) {
  await db.query(
    `INSERT INTO alert_events (org_id, alert_id, state, payload, ts, acknowledged, acknowledged_at, dedupe_key)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [orgId, ruleId, e.state ?? 'triggered', JSON.stringify({ message: `event ${e.key}` }), e.ts, e.acknowledgedAt !== undefined, e.acknowledgedAt ?? null, e.key],
  );
}

/**
 * The known dataset at NOW (06:00 UTC, a quarter of the day gone):
 * - machines: Alpha online (data a minute ago), Beta offline (data 10 minutes ago), Gamma never heard from;
 *   24 h earlier Alpha and Beta were online by their connection events;
 * - tags: 4 enabled (2 of them older than a day) and 1 disabled, of a limit of 5;
 * - points: today 1500 in two usage slots, yesterday 4000 (a quarter of it: 1000), tomorrow's row never counts;
 * - alert events: two unacknowledged triggered ones now (one of severity high), two 24 h earlier.
 */
async function knownDataset() {
  const org = await createTestOrganization(api.deps.pool, { usageLimits: { machines: 5, tags: 5, ingestPointsPerDay: 10_000 } });
  const orgId = org.org.id;
  const ids = await withPlatform(api.deps.pool, async (db) => {
    const alpha = await insertMachine(db, orgId, 'Alpha', before(60_000), 'Press line 1');
    const beta = await insertMachine(db, orgId, 'Beta', before(10 * 60_000));
    const gamma = await insertMachine(db, orgId, 'Gamma', null);
    for (const [machine, state, at] of [
      [alpha, 'online', before(31 * HOUR)],
      [beta, 'online', before(32 * HOUR)],
      [beta, 'offline', before(20 * HOUR)],
    ] as const)
      await db.query('INSERT INTO machine_connection_events (org_id, machine_id, state, at) VALUES ($1, $2, $3, $4)', [orgId, machine, state, at]);

    await insertTag(db, orgId, alpha, 'temp', before(48 * HOUR));
    await insertTag(db, orgId, alpha, 'rpm', before(48 * HOUR));
    await insertTag(db, orgId, alpha, 'pressure', before(HOUR));
    await insertTag(db, orgId, alpha, 'old', before(48 * HOUR), false);
    await insertTag(db, orgId, beta, 'temp', before(HOUR));

    for (const [day, slot, points] of [
      ['2026-03-10', 3, 1000],
      ['2026-03-10', 11, 500],
      ['2026-03-09', 0, 4000],
      ['2026-03-11', 0, 777],
    ] as const)
      await db.query('INSERT INTO org_usage_daily (org_id, day, slot, points) VALUES ($1, $2, $3, $4)', [orgId, day, slot, points]);

    const heat = await insertRule(db, orgId, alpha, 'Overheat', 'medium');
    const jam = await insertRule(db, orgId, beta, 'Jam', 'high');
    await insertEvent(db, orgId, heat, { key: 'e1', ts: before(30 * HOUR) });
    await insertEvent(db, orgId, jam, { key: 'e2', ts: before(2 * HOUR) });
    await insertEvent(db, orgId, jam, { key: 'e3', ts: before(40 * HOUR), acknowledgedAt: before(26 * HOUR) });
    await insertEvent(db, orgId, heat, { key: 'e4', ts: before(29 * HOUR), acknowledgedAt: before(HOUR) });
    await insertEvent(db, orgId, heat, { key: 'e5', state: 'resolved', ts: before(HOUR) });

    for (const [title, visibleDashboard, position] of [
      ['Hidden from dashboard', false, 0],
      ['Alpha temperature', true, 1],
    ] as const)
      await db.query(
        `INSERT INTO analytics_widgets (org_id, title, machine_id, tag_alias, tag_unit, visible_dashboard, position) VALUES ($1, $2, $3, 'temp', '°C', $4, $5)`,
        [orgId, title, alpha, visibleDashboard, position],
      );
    return { alpha, beta, gamma };
  });
  return { org, ...ids };
}

describe('dashboard summary', () => {
  it('computes every KPI, its change and status from a known dataset', async () => {
    const { org } = await knownDataset();
    const summary = dashboardSummarySchema.parse(await readDashboardSummary(api.deps, org.org.id, NOW));
    expect(summary.day).toBe('2026-03-10');
    expect(summary.kpis).toEqual({
      // 1 of 3 online; 2 were online 24 h earlier.
      onlineMachines: { value: 1, total: 3, unit: 'machines', baseline: 2, change: -50, trend: 'down', status: 'critical' },
      // 4 enabled of a limit of 5 (80 %: warning); 2 existed a day ago.
      activeTags: { value: 4, total: 5, unit: 'tags', baseline: 2, change: 100, trend: 'up', status: 'warning' },
      // Both slots of today since UTC midnight, not tomorrow's; yesterday's 4000 at a quarter of the day is 1000.
      pointsToday: { value: 1500, total: 10_000, unit: 'points', baseline: 1000, change: 50, trend: 'up', status: 'normal' },
      // e1 and e2 now; e1 and e4 a day ago; e2 is of severity high.
      activeAlerts: { value: 2, total: null, unit: 'alerts', baseline: 2, change: 0, trend: 'flat', status: 'critical' },
    });
  });

  it('lists the machine status grid, Recent Activity (5, newest first) and the dashboard widgets', async () => {
    const { org, alpha, beta, gamma } = await knownDataset();
    const summary = await readDashboardSummary(api.deps, org.org.id, NOW);
    expect(summary.machines).toEqual([
      { id: alpha, name: 'Alpha', description: 'Press line 1', status: 'online', tagCount: 4, lastUpdate: before(60_000).toISOString(), openAlerts: 1 },
      { id: beta, name: 'Beta', description: null, status: 'offline', tagCount: 1, lastUpdate: before(10 * 60_000).toISOString(), openAlerts: 1 },
      { id: gamma, name: 'Gamma', description: null, status: 'offline', tagCount: 0, lastUpdate: null, openAlerts: 0 },
    ]);
    expect(summary.recentActivity.map((a) => [a.kind, a.state, a.machineName, a.at])).toEqual([
      ['alert', 'resolved', 'Alpha', before(HOUR).toISOString()],
      ['alert', 'triggered', 'Beta', before(2 * HOUR).toISOString()],
      ['connection', 'offline', 'Beta', before(20 * HOUR).toISOString()],
      ['alert', 'triggered', 'Alpha', before(29 * HOUR).toISOString()],
      ['alert', 'triggered', 'Alpha', before(30 * HOUR).toISOString()],
    ]);
    expect(summary.recentActivity[1]).toMatchObject({ ruleName: 'Jam', severity: 'high', message: 'event e2' });
    expect(summary.widgets.map((w) => [w.title, w.machineName, w.tagAlias, w.tagUnit])).toEqual([['Alpha temperature', 'Alpha', 'temp', '°C']]);
  });

  it('has no change to report for an empty organization', async () => {
    const org = await createTestOrganization(api.deps.pool);
    const summary = await readDashboardSummary(api.deps, org.org.id, NOW);
    expect(summary.kpis.onlineMachines).toEqual({ value: 0, total: 0, unit: 'machines', baseline: 0, change: null, trend: 'flat', status: 'normal' });
    expect(summary.kpis.pointsToday.change).toBeNull();
    expect(summary.machines).toEqual([]);
    expect(summary.recentActivity).toEqual([]);
  });
});

describe('GET /api/v1/dashboard/summary', () => {
  it('counts points ingested today through the ingest api, compared with yesterday at the same share of the day', async () => {
    const org = await createTestOrganization(api.deps.pool, { usageLimits: { machines: 2, ingestPointsPerDay: 1_000_000 } });
    const owner = await signedInCaller(api, org.owner);
    const machine = await owner('POST', '/machines', { name: 'Press 1' });
    const key = await owner('POST', '/api-keys', { label: 'agent', scopes: ['ingest:write'] });
    const machineId = machine.json.machine.id as string;
    const midnight = new Date(new Date().toISOString().slice(0, 10) + 'T00:00:00Z');
    const yesterday = new Date(midnight.getTime() - 24 * HOUR).toISOString().slice(0, 10);
    await withPlatform(api.deps.pool, (db) =>
      db.query('INSERT INTO org_usage_daily (org_id, day, slot, points) VALUES ($1, $2, 0, 86400)', [org.org.id, yesterday]),
    );

    const values = Array.from({ length: 120 }, (_, i) => ({ tag: 'spindle.temp', timestamp: Date.now() - (120 - i) * 1000, value: 40 + i / 10 }));
    const ingest = await new TestClient(api.baseUrl).request('POST', '/api/v1/ingest', {
      headers: { authorization: `Bearer ${key.json.key as string}` },
      body: { machineId, values },
    });
    expect(ingest.json).toEqual({ accepted: 120, duplicates: 0, rejected: [] });

    const res = await owner('GET', '/dashboard/summary');
    expect(res.status).toBe(200);
    const summary: DashboardSummary = dashboardSummarySchema.parse(res.json);
    // 86400 points yesterday is one a second: its pace at this time is the seconds since midnight.
    const baseline = Math.round((Date.parse(summary.generatedAt) - midnight.getTime()) / 1000);
    expect(summary.kpis.pointsToday).toMatchObject({ value: 120, baseline });
    if (baseline > 0) expect(summary.kpis.pointsToday.change).toBeCloseTo(((120 - baseline) / baseline) * 100, 1);
    else expect(summary.kpis.pointsToday.change).toBeNull();
    expect(summary.kpis.onlineMachines).toMatchObject({ value: 1, total: 1, status: 'normal' });
    expect(summary.kpis.activeTags).toMatchObject({ value: 1, baseline: 0, change: null, trend: 'up' });
    expect(summary.machines).toEqual([expect.objectContaining({ id: machineId, status: 'online', tagCount: 1, openAlerts: 0 })]);
  });

  it("needs org:read and shows only the caller's organization", async () => {
    const mine = await knownDataset();
    const other = await createTestOrganization(api.deps.pool);
    const otherOwner = await signedInCaller(api, other.owner);
    const res = await otherOwner('GET', '/dashboard/summary');
    expect(res.status).toBe(200);
    expect(res.json.machines).toEqual([]);
    expect(res.json.widgets).toEqual([]);
    expect(JSON.stringify(res.json)).not.toContain(mine.alpha);

    // Members have machine:read but not org:read, the dashboard's permission (spec part 1 §2).
    const member = await signedInCaller(api, mine.org.member);
    expect((await member('GET', '/dashboard/summary')).status).toBe(403);
    expect((await new TestClient(api.baseUrl).request('GET', '/api/v1/dashboard/summary')).status).toBe(401);
  });
});
