// Retention on plain PostgreSQL. A database of its own: the full sweep deletes points of machines that no longer
// exist, which in the shared test database would include other test files' points.
import { randomUUID } from 'node:crypto';
import { JOB_NAMES } from '@taktwerk/common';
import { createPool, insertOrganization, insertPoints, withPlatform, type Pool } from '@taktwerk/db';
import type { Job } from 'bullmq';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchDatabase, type ScratchDatabase } from '../../../testing/scratch-database';
import { createProcessor } from './registry';
import { retentionCutoff, runRetention } from './retention';
import { countRollupRows, countSince, pointsByMachine, rollupDifferences, seedRetentionScenario, type RetentionScenario } from './retention-fixtures';

const logger = pino({ level: 'silent' });
let scratch: ScratchDatabase;
let pool: Pool;

beforeAll(async () => {
  scratch = await createScratchDatabase('taktwerk_retention');
  pool = createPool(scratch.appUrl, { max: 2 });
});

afterAll(async () => {
  await pool?.end();
  await scratch?.drop();
});

describe('retention job on plain PostgreSQL', () => {
  const now = new Date();
  let s: RetentionScenario;
  let machines: string[];

  beforeAll(async () => {
    s = await seedRetentionScenario(pool, now, 20);
    machines = [s.shortA, s.shortB, s.long, s.orphan];
  });

  it('for one organization deletes only its expired points and their rollups, in statements of at most the batch size', async () => {
    const rollupsBefore = await countRollupRows(pool, machines);
    const report = await runRetention(pool, logger, { orgId: s.shortOrgId }, { batchRows: 250, now });

    const stored = await pointsByMachine(pool, machines);
    for (const id of [s.shortA, s.shortB]) {
      expect(stored[id]!.n).toBe(countSince(s.points, id, s.shortCutoff));
      expect(stored[id]!.oldest!.getTime()).toBeGreaterThanOrEqual(s.shortCutoff.getTime());
    }
    // The other organization and the machine-less points are not this job's business.
    expect(stored[s.long]!.n).toBe(countSince(s.points, s.long, new Date(0)));
    expect(stored[s.orphan]!.n).toBe(countSince(s.points, s.orphan, new Date(0)));

    const expectedDeleted = [s.shortA, s.shortB].reduce((n, id) => n + countSince(s.points, id, new Date(0)) - countSince(s.points, id, s.shortCutoff), 0);
    expect(report).toMatchObject({ organizations: 1, chunksDropped: 0, points: expectedDeleted, largestStatement: 250 });
    expect(report.rollupRows).toBe(rollupsBefore - (await countRollupRows(pool, machines)));
    expect(report.rollupRows).toBeGreaterThan(0);
    // One statement per full batch plus the one that found fewer, for raw points and each rollup relation.
    expect(report.statements).toBeGreaterThanOrEqual(Math.ceil(report.points / 250) + Math.ceil(report.rollupRows / 250));
    expect(await rollupDifferences(pool, machines)).toEqual({ ingested_values_1m: [], ingested_values_1h: [] });
  });

  it('sweeping every organization follows each plan, drops points of deleted machines after the longest retention, and is idempotent', async () => {
    const report = await runRetention(pool, logger, {}, { batchRows: 250, now });
    expect(report.organizations).toBe(3);
    const stored = await pointsByMachine(pool, machines);
    expect(stored[s.shortA]!.n).toBe(countSince(s.points, s.shortA, s.shortCutoff));
    expect(stored[s.long]!.n).toBe(countSince(s.points, s.long, s.longCutoff));
    expect(stored[s.long]!.oldest!.getTime()).toBeGreaterThanOrEqual(s.longCutoff.getTime());
    expect(stored[s.long]!.oldest!.getTime()).toBeLessThan(s.longCutoff.getTime() + 20 * 60_000);
    expect(stored[s.orphan]!.n).toBe(countSince(s.points, s.orphan, s.longCutoff));
    expect(await rollupDifferences(pool, machines)).toEqual({ ingested_values_1m: [], ingested_values_1h: [] });

    const rollups = await countRollupRows(pool, machines);
    const again = await runRetention(pool, logger, {}, { batchRows: 250, now });
    expect(again).toMatchObject({ points: 0, rollupRows: 0, chunksDropped: 0, largestStatement: 0 });
    expect(await pointsByMachine(pool, machines)).toEqual(stored);
    expect(await countRollupRows(pool, machines)).toBe(rollups);
  });

  it('runs as a registered job; an organization with a retention below one day keeps everything and stops the sweep of orphaned points', async () => {
    const orphan = randomUUID();
    const old = new Date(retentionCutoff(now, 40).getTime() - 60_000);
    await withPlatform(pool, async (db) => {
      await insertOrganization(db, { name: 'Misconfigured', planId: null, billingStatus: 'active', trialEndsAt: null, usageLimits: { retentionDays: 0 } });
      await insertPoints(db, { machineIds: [orphan], tags: ['temp'], timestamps: [old], values: [1], texts: [null], qualities: [null] });
    });
    const perform = createProcessor({ pool, logger });
    const report = await perform({ name: JOB_NAMES.retention, data: {} } as Job);
    expect(report).toMatchObject({ organizations: 4, points: 0 });
    expect((await pointsByMachine(pool, [orphan]))[orphan]!.n).toBe(1);
    await expect(perform({ name: JOB_NAMES.retention, data: { orgId: 'nope' } } as Job)).rejects.toThrow(/invalid payload/);
  });
});
