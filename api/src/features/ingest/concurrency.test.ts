// Concurrent batches of one organization: none waits on a shared counter row, and the counts stay exact; the same
// new points sent at once are stored once (the losing transaction runs again and finds them stored).
import { insertPoints, withPlatform } from '@taktwerk/db';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../../../testing/api-server';
import { testDatabase } from '../../../../testing/context';
import { createTestOrganization } from '../../../../testing/fixtures';
import { TestClient } from '../../../../testing/http';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => api.close());

async function setUp(limits: Record<string, number> = {}) {
  const org = await createTestOrganization(api.deps.pool, { usageLimits: { machines: 10, ...limits } });
  const owner = new TestClient(api.baseUrl);
  const { json: session } = await owner.request('POST', '/api/v1/auth/login', { body: { email: org.owner.email, password: org.owner.password } });
  const token = session.accessToken as string;
  const key = await owner.request('POST', '/api/v1/api-keys', { token, body: { label: 'agent', scopes: ['ingest:write'] } });
  const machines: string[] = [];
  for (let i = 0; i < 4; i += 1) machines.push((await owner.request('POST', '/api/v1/machines', { token, body: { name: `M${i}` } })).json.machine.id);
  return { orgId: org.org.id, key: key.json.key as string, machines };
}

const send = (key: string, body: unknown) =>
  new TestClient(api.baseUrl).request('POST', '/api/v1/ingest', { body, headers: { authorization: `Bearer ${key}` } });

const values = (from: number, n: number) => Array.from({ length: n }, (_, i) => ({ tag: 'temp', timestamp: from + i * 1000, value: i }));

/** Until a statement of the runtime role waits on a lock while inserting points (seen as superuser). */
async function waitForLockWait(): Promise<void> {
  const observer = new pg.Client({ connectionString: testDatabase().adminUrl });
  await observer.connect();
  try {
    for (let i = 0; i < 200; i += 1) {
      const { rows } = await observer.query(
        "SELECT 1 FROM pg_stat_activity WHERE datname = $1 AND wait_event_type = 'Lock' AND query LIKE 'INSERT INTO ingested_values%'",
        [testDatabase().database],
      );
      if (rows.length > 0) return;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error('the batch never waited on the concurrent points');
  } finally {
    await observer.end();
  }
}

async function usage(orgId: string) {
  const { rows } = await withPlatform(api.deps.pool, (db) =>
    db.query<{ points: number; slots: number }>('SELECT sum(points)::int AS points, count(*)::int AS slots FROM org_usage_daily WHERE org_id = $1', [orgId]),
  );
  return rows[0]!;
}

describe('concurrent ingest of one organization', () => {
  it('counts every point of parallel batches exactly, spread over several counter slots', async () => {
    const s = await setUp();
    const start = Date.now() - 3600_000;
    const batches = Array.from({ length: 12 }, (_, i) => ({ machineId: s.machines[i % 4], values: values(start + i * 100_000, 50) }));
    const answers = await Promise.all(batches.map((b) => send(s.key, b)));
    expect(answers.map((a) => a.status)).toEqual(batches.map(() => 200));
    expect(answers.reduce((sum, a) => sum + (a.json.accepted as number), 0)).toBe(600);
    const counted = await usage(s.orgId);
    expect(counted.points).toBe(600);
    // The test api's pool has several connections; parallel batches land on several of them, so several slots.
    expect(counted.slots).toBeGreaterThan(1);
  });

  it('stores the same new points sent several times at once exactly once', async () => {
    const s = await setUp();
    const batch = { machineId: s.machines[0], values: values(Date.now() - 86_400_000, 1000) };
    const answers = await Promise.all(Array.from({ length: 6 }, () => send(s.key, batch)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(answers.reduce((sum, a) => sum + (a.json.accepted as number), 0)).toBe(1000);
    expect(answers.reduce((sum, a) => sum + (a.json.duplicates as number), 0)).toBe(5000);
    const { rows } = await withPlatform(api.deps.pool, (db) =>
      db.query<{ n: number }>('SELECT count(*)::int AS n FROM ingested_values WHERE machine_id = $1', [s.machines[0]]),
    );
    expect(rows[0]!.n).toBe(1000);
    expect((await usage(s.orgId)).points).toBe(1000);
  });

  it('runs a batch again when a concurrent transaction stores the same new points first', async () => {
    const s = await setUp();
    const sent = values(Date.now() - 7200_000, 100);
    const other = new pg.Client({ connectionString: testDatabase().ownerUrl });
    await other.connect();
    try {
      await other.query('BEGIN');
      await insertPoints(other, {
        machineIds: sent.map(() => s.machines[0]!),
        tags: sent.map((v) => v.tag),
        timestamps: sent.map((v) => new Date(v.timestamp)),
        values: sent.map((v) => v.value),
        texts: sent.map(() => null),
        qualities: sent.map(() => null),
      });
      // The batch cannot see those uncommitted points: its plain insert waits on them, then fails once they commit.
      const answer = send(s.key, { machineId: s.machines[0], values: sent });
      await waitForLockWait();
      await other.query('COMMIT');
      expect((await answer).json).toEqual({ accepted: 0, duplicates: 100, rejected: [] });
    } finally {
      await other.end();
    }
    expect((await usage(s.orgId)).points ?? 0).toBe(0);
  });

  it('never admits a batch once the committed usage of the day has reached the quota', async () => {
    const s = await setUp({ ingestPointsPerDay: 120 });
    const start = Date.now() - 3600_000;
    const first = await Promise.all([0, 1].map((i) => send(s.key, { machineId: s.machines[i], values: values(start, 50) })));
    expect(first.map((a) => a.json.accepted)).toEqual([50, 50]);
    const next = await send(s.key, { machineId: s.machines[2], values: values(start, 50) });
    expect(next.json.accepted).toBe(20);
    expect((await send(s.key, { machineId: s.machines[3], values: values(start, 1) })).status).toBe(429);
    expect((await usage(s.orgId)).points).toBe(120);
  });
});
