// Fault: PostgreSQL restarts while an agent ingests with retries (issue 5 acceptance, SECURITY.md items 14, 15, 20).
// The test runs its own PostgreSQL cluster, so stopping it disturbs nobody else.
import { createPool, seedDefaults, withPlatform, type Pool } from '@taktwerk/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../../testing/api-server';
import { createScratchDatabase } from '../../../testing/scratch-database';
import { createIngestTarget, postBatch, sendUntilAcknowledged, type IngestTarget, type RetryLog } from './ingest-client';
import { createPostgresCluster, type PostgresCluster } from './postgres-cluster';
import { waitFor } from './processes';

const BATCH = 200;
const AGENTS = 3;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let cluster: PostgresCluster | undefined;
let pool: Pool | undefined;
let api: TestApi | undefined;
let target: IngestTarget;

beforeAll(async () => {
  cluster = await createPostgresCluster();
  const database = await createScratchDatabase('taktwerk_fault', cluster.adminUrl);
  pool = createPool(database.appUrl, { max: 2 });
  await seedDefaults(pool);
  api = await startTestApi({ DATABASE_URL: database.appUrl, LOG_LEVEL: 'error' });
  target = await createIngestTarget(pool);
});

afterAll(async () => {
  // Each step runs even when an earlier one fails: no server process or data directory outlives the file.
  await api?.close().catch(() => undefined);
  await pool?.end().catch(() => undefined);
  await cluster?.destroy();
});

async function storedTimestamps(machineId: string): Promise<{ ts: number[]; rolledUp: number }> {
  return withPlatform(pool!, async (db) => {
    const raw = await db.query<{ t: number }>(
      'SELECT (extract(epoch FROM ts) * 1000)::float8 AS t FROM ingested_values WHERE machine_id = $1 ORDER BY ts',
      [machineId],
    );
    const rollup = await db.query<{ n: number }>('SELECT coalesce(sum(count), 0)::int AS n FROM ingested_values_1m WHERE machine_id = $1', [machineId]);
    return { ts: raw.rows.map((r) => Math.round(r.t)), rolledUp: rollup.rows[0]!.n };
  });
}

describe('PostgreSQL restarted under ingest', () => {
  it('stores every acknowledged point exactly once, answers 503 with Retry-After meanwhile, and recovers', async () => {
    const baseUrl = api!.baseUrl;
    const log: RetryLog = { failures: [] };
    const acknowledged: number[] = [];
    let accepted = 0;
    let duplicates = 0;
    let batchesAfterRestart = -1;
    let stopSending = false;
    const start = Date.now() - 3_600_000;

    // Agents in parallel (so the restart catches connections mid-transaction): unique timestamps per batch; each
    // agent sends its next batch only after the previous one was acknowledged.
    const agent = async (index: number) => {
      for (let batch = 0; !stopSending; batch += 1) {
        const first = start + (batch * AGENTS + index) * BATCH;
        const timestamps = Array.from({ length: BATCH }, (_, i) => first + i);
        const result = await sendUntilAcknowledged(baseUrl, target, timestamps, log);
        expect(result.rejected).toEqual([]);
        accepted += result.accepted;
        duplicates += result.duplicates;
        acknowledged.push(...timestamps);
        if (batchesAfterRestart >= 0) batchesAfterRestart += 1;
        await sleep(20); // stays below the default ingestPerMinute
      }
    };
    const agents = Promise.all(Array.from({ length: AGENTS }, (_, i) => agent(i)));

    try {
      await sleep(1000);
      expect(acknowledged.length).toBeGreaterThan(0);
      await cluster!.stop();
      await sleep(2000);
      await cluster!.start();
      batchesAfterRestart = 0;
      await waitFor('batches acknowledged after the restart', async () => batchesAfterRestart >= 10 * AGENTS, 15_000);
    } finally {
      stopSending = true;
      await agents;
    }

    // The outage reached the agent as 503 with Retry-After, never as a 500 or a dropped connection.
    expect(log.failures.length).toBeGreaterThan(0);
    expect(log.failures.filter((f) => f.status !== 503 || !f.retryAfter)).toEqual([]);

    const stored = await storedTimestamps(target.machineId);
    expect(stored.ts).toEqual([...acknowledged].sort((a, b) => a - b));
    expect(accepted).toBe(stored.ts.length);
    // A batch committed while its answer was lost comes back as duplicates on the retry, never stored twice.
    expect(accepted + duplicates).toBe(acknowledged.length);
    expect(stored.rolledUp).toBe(stored.ts.length);

    // The api process lives on and is ready again.
    expect((await fetch(`${baseUrl}/healthz`)).status).toBe(200);
    await waitFor('/readyz to report the database ok', async () => (await fetch(`${baseUrl}/readyz`)).status === 200, 10_000);
    const readiness = (await (await fetch(`${baseUrl}/readyz`)).json()) as { checks: { database: string } };
    expect(readiness.checks.database).toBe('ok');
    const after = await postBatch(baseUrl, target, [start - 1]);
    expect(after.status).toBe(200);
    expect(await after.json()).toMatchObject({ accepted: 1, duplicates: 0 });
  });
});
