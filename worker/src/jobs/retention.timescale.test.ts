// Retention on TimescaleDB through PGlite's WASM build (tests only): chunk drops, deletes in compressed chunks,
// continuous aggregates kept equal to the remaining points, and the owner-only functions' guards.
import { createPool, runMigrations, withPlatform, type Pool } from '@taktwerk/db';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTimescale, type TimescaleServer } from '../../../testing/timescale';
import { runRetention } from './retention';
import { countRollupRows, countSince, pointsByMachine, rollupDifferences, seedRetentionScenario, type RetentionScenario } from './retention-fixtures';

const DAY_MS = 86_400_000;
const logger = pino({ level: 'silent' });

let server: TimescaleServer;
let pool: Pool;

beforeAll(async () => {
  server = await startTimescale();
  await runMigrations(server.url);
  // PGlite serves one connection at a time.
  pool = createPool(server.url, { max: 1, connectionTimeoutMs: 20_000 });
});

afterAll(async () => {
  await pool?.end();
  await server?.close();
});

describe('retention job on TimescaleDB (PGlite)', () => {
  const now = new Date();
  let s: RetentionScenario;
  let machines: string[];

  beforeAll(async () => {
    s = await seedRetentionScenario(pool, now, 60);
    machines = [s.shortA, s.shortB, s.long, s.orphan];
    // Materialize the aggregates over everything and compress what is older than 2 days, as the policies would:
    // retention must then delete from compressed chunks and from materialized buckets.
    await pool.query("CALL refresh_continuous_aggregate('ingested_values_1m', NULL, NULL)");
    await pool.query("CALL refresh_continuous_aggregate('ingested_values_1h', NULL, NULL)");
    await pool.query("SELECT compress_chunk(c) FROM show_chunks('ingested_values', older_than => now() - INTERVAL '2 days') c");
  });

  it('drops whole chunks past the longest retention, deletes the rest per organization, keeps the aggregates equal to the points', async () => {
    const chunksBefore = await chunkCount();
    const report = await runRetention(pool, logger, {}, { batchRows: 100, now });

    // Chunks are whole UTC days: every chunk ending at or before the 10-day cutoff goes.
    const firstKeptDay = Math.floor(s.longCutoff.getTime() / DAY_MS) * DAY_MS;
    const firstPointDay = Math.floor(Math.min(...s.points.map((p) => p.ts.getTime())) / DAY_MS) * DAY_MS;
    expect(report.chunksDropped).toBe((firstKeptDay - firstPointDay) / DAY_MS);
    expect(await chunkCount()).toBe(chunksBefore - report.chunksDropped);

    const stored = await pointsByMachine(pool, machines);
    expect(stored[s.shortA]!.n).toBe(countSince(s.points, s.shortA, s.shortCutoff));
    expect(stored[s.shortB]!.n).toBe(countSince(s.points, s.shortB, s.shortCutoff));
    expect(stored[s.long]!.n).toBe(countSince(s.points, s.long, s.longCutoff));
    // A deleted machine's points go with their chunk: the day holding the cutoff stays until tomorrow's sweep.
    expect(stored[s.orphan]!.n).toBe(countSince(s.points, s.orphan, new Date(firstKeptDay)));

    expect(report.largestStatement).toBeLessThanOrEqual(100);
    expect(report.statements).toBeGreaterThanOrEqual(Math.ceil((report.points + report.rollupRows) / 100));
    const owned = [s.shortA, s.shortB, s.long];
    expect(await rollupDifferences(pool, owned)).toEqual({ ingested_values_1m: [], ingested_values_1h: [] });
    // Re-materializing from the remaining points changes nothing either.
    await pool.query("CALL refresh_continuous_aggregate('ingested_values_1m', NULL, NULL)");
    await pool.query("CALL refresh_continuous_aggregate('ingested_values_1h', NULL, NULL)");
    expect(await rollupDifferences(pool, owned)).toEqual({ ingested_values_1m: [], ingested_values_1h: [] });

    const rollups = await countRollupRows(pool, owned);
    const again = await runRetention(pool, logger, {}, { batchRows: 100, now });
    expect(again).toMatchObject({ chunksDropped: 0, points: 0, rollupRows: 0 });
    expect(await pointsByMachine(pool, machines)).toEqual(stored);
    expect(await countRollupRows(pool, owned)).toBe(rollups);
  });

  it('owner-only retention functions run only on the platform path and never touch the last day', async () => {
    await expect(pool.query('SELECT retention_drop_chunks($1)', [new Date(Date.now() - 30 * DAY_MS)])).rejects.toThrow(/platform path/);
    await expect(withPlatform(pool, (db) => db.query('SELECT retention_drop_chunks($1)', [new Date(Date.now() - 3_600_000)]))).rejects.toThrow(
      /at least one day/,
    );
    await expect(
      withPlatform(pool, (db) => db.query("SELECT retention_delete_rollups('machines', '{}', $1, 10)", [new Date(Date.now() - 30 * DAY_MS)])),
    ).rejects.toThrow(/not a rollup/);
  });
});

async function chunkCount(): Promise<number> {
  const { rows } = await pool.query<{ n: number }>("SELECT count(*)::int AS n FROM show_chunks('ingested_values')");
  return rows[0]!.n;
}
