// The time-series queries give the same, exact answers on both storage engines: plain PostgreSQL (this run's
// database) and TimescaleDB (PGlite WASM build), before and after the continuous aggregates materialize.
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aggregateRange, insertPoints, querySeries, runMigrations, type Aggregate } from '@taktwerk/db';
import { testDatabase } from '../../testing/context';
import { startTimescale, type TimescaleServer } from '../../testing/timescale';

const BASE = Date.parse('2026-03-02T08:00:00Z');
const SPAN = 5 * 3600_000;

/** ~5 hours of one tag at irregular 3–17 s steps; values are multiples of 0.25 so every sum is exact. */
function dataset(machineId: string) {
  const rng = fc.sample(fc.integer({ min: 3, max: 17 }), { numRuns: 3000, seed: 42 });
  const timestamps: Date[] = [];
  const values: number[] = [];
  let t = BASE + 1234;
  for (let i = 0; t < BASE + SPAN; i += 1) {
    timestamps.push(new Date(t));
    values.push(((i * 37) % 101) * 0.25 - 10);
    t += rng[i % rng.length]! * 1000;
  }
  const n = timestamps.length;
  return { machineIds: Array(n).fill(machineId), tags: Array(n).fill('temp'), timestamps, values, texts: Array(n).fill(null), qualities: Array(n).fill(192) };
}

/**
 * The WASM build's socket bridge drops statements whose message exceeds ~64 KB (a 1,000-row unnest), so both modes
 * insert in chunks of 500; production writes are not limited this way.
 */
async function insertInChunks(client: pg.Client, data: ReturnType<typeof dataset>): Promise<number> {
  let inserted = 0;
  for (let i = 0; i < data.tags.length; i += 500) {
    const slice = <T>(column: T[]) => column.slice(i, i + 500);
    inserted += await insertPoints(client, {
      machineIds: slice(data.machineIds), tags: slice(data.tags), timestamps: slice(data.timestamps),
      values: slice(data.values), texts: slice(data.texts), qualities: slice(data.qualities),
    });
  }
  return inserted;
}

async function bruteForce(client: pg.Client, machineId: string, from: Date, to: Date): Promise<Aggregate> {
  const { rows } = await client.query(
    `SELECT avg(value) AS avg, sum(value) AS sum, min(value) AS min, max(value) AS max, count(value)::int AS count
       FROM ingested_values WHERE machine_id = $1 AND tag = 'temp' AND ts >= $2 AND ts < $3`,
    [machineId, from, to],
  );
  return rows[0];
}

const range = fc
  .tuple(fc.integer({ min: -600_000, max: SPAN + 600_000 }), fc.integer({ min: 0, max: SPAN }))
  .map(([start, length]) => ({ from: new Date(BASE + start), to: new Date(BASE + start + length) }));

function suite(mode: 'plain' | 'timescale', connect: () => Promise<pg.Client>) {
  const machineId = randomUUID();
  let client: pg.Client;
  let total: number;

  beforeAll(async () => {
    client = await connect();
    const data = dataset(machineId);
    total = data.tags.length;
    // Stored twice: the second pass stores nothing new.
    expect(await insertInChunks(client, data)).toBe(total);
    expect(await insertInChunks(client, data)).toBe(0);
  });
  afterAll(async () => client?.end());

  async function checkAggregates(runs: number) {
    await fc.assert(
      fc.asyncProperty(range, async ({ from, to }) => {
        const exact = await aggregateRange(client, { machineId, tag: 'temp', from, to });
        const brute = await bruteForce(client, machineId, from, to);
        expect(exact.count).toBe(brute.count);
        expect(exact.sum).toBe(brute.sum);
        expect(exact.min).toBe(brute.min);
        expect(exact.max).toBe(brute.max);
        if (brute.count > 0) expect(exact.avg).toBeCloseTo(brute.avg!, 9);
        else expect(exact.avg).toBeNull();
      }),
      { numRuns: runs, seed: 7 },
    );
  }

  it(`${mode}: the exact aggregate equals a scan of the raw points for any range`, async () => {
    await checkAggregates(40);
    if (mode === 'timescale') {
      // Once materialized, the continuous aggregates must still give the same answers.
      await client.query("CALL refresh_continuous_aggregate('ingested_values_1m', NULL, NULL)");
      await client.query("CALL refresh_continuous_aggregate('ingested_values_1h', NULL, NULL)");
      await checkAggregates(20);
    }
  });

  it(`${mode}: series picks raw points, minute or hour buckets to stay within maxPoints`, async () => {
    const from = new Date(BASE);
    const to = new Date(BASE + SPAN);
    const raw = await querySeries(client, { machineId, tag: 'temp', from, to, maxPoints: 100_000 });
    expect(raw.resolution).toBe('raw');
    expect(raw.t).toHaveLength(total);

    const minutes = await querySeries(client, { machineId, tag: 'temp', from, to, maxPoints: 100 });
    expect(minutes.resolution).toBe('1m');
    expect(minutes.bucketSeconds).toBe(180); // 5 h / 100 points → 3-minute buckets
    expect(minutes.t.length).toBeLessThanOrEqual(100);
    expect(minutes.count.reduce((a, b) => a + b, 0)).toBe(total);

    const hours = await querySeries(client, { machineId, tag: 'temp', from, to, maxPoints: 4 });
    expect(hours.resolution).toBe('1h');
    expect(hours.bucketSeconds).toBe(7200);
    expect(hours.count.reduce((a, b) => a + b, 0)).toBe(total);

    const seconds = await querySeries(client, { machineId, tag: 'temp', from, to: new Date(BASE + 600_000), maxPoints: 20 });
    expect(seconds.resolution).toBe('raw');
    expect(seconds.bucketSeconds).toBe(30);
    expect(seconds.t.length).toBeLessThanOrEqual(20);
    // Bucket statistics agree with the exact aggregate over the same span.
    const agg = await aggregateRange(client, { machineId, tag: 'temp', from: new Date(BASE), to: new Date(BASE + 600_000) });
    expect(seconds.count.reduce((a, b) => a + b, 0)).toBe(agg.count);
    expect(Math.min(...(seconds.min as number[]))).toBe(agg.min);
  });

  it(`${mode}: an empty range gives no points and a zero count`, async () => {
    const from = new Date(BASE - 86_400_000);
    const series = await querySeries(client, { machineId, tag: 'temp', from, to: new Date(BASE - 3600_000), maxPoints: 50 });
    expect(series.t).toEqual([]);
    expect(await aggregateRange(client, { machineId, tag: 'nope', from, to: new Date(BASE + SPAN) })).toEqual({
      avg: null, sum: null, min: null, max: null, count: 0,
    });
  });
}

describe('telemetry queries on plain PostgreSQL', () => {
  suite('plain', async () => {
    const client = new pg.Client({ connectionString: testDatabase().ownerUrl });
    await client.connect();
    return client;
  });
});

describe('telemetry queries on TimescaleDB', () => {
  let server: TimescaleServer;
  beforeAll(async () => {
    server = await startTimescale();
    await runMigrations(server.url);
  });
  afterAll(async () => server?.close());
  suite('timescale', async () => {
    const client = new pg.Client({ connectionString: server.url });
    await client.connect();
    return client;
  });
});
