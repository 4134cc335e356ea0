import { JOB_NAMES, readUsageLimits, retentionPayloadSchema, type RetentionPayload } from '@taktwerk/common';
import {
  ROLLUP_RELATIONS,
  deleteExpiredPoints,
  deleteExpiredRollups,
  dropExpiredChunks,
  getStorageMode,
  listOrphanMachineIds,
  listRetentionTargets,
  withPlatform,
  type Pool,
  type Queryable,
  type StorageMode,
} from '@taktwerk/db';
import type { Logger } from 'pino';
import type { JobDefinition } from './job';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** Rows one DELETE may remove: large enough to be efficient, small enough that no statement runs for long. */
export const RETENTION_BATCH_ROWS = 50_000;

/**
 * The oldest instant an organization keeps. Rounded down to the hour, so a rollup bucket (1 minute, 1 hour) lies
 * wholly before or after it and goes exactly when its points go. Ingest refuses points older than
 * now - retentionDays, which is never before this, so nothing lands behind a finished sweep.
 */
export function retentionCutoff(now: Date, retentionDays: number): Date {
  return new Date(Math.floor((now.getTime() - retentionDays * DAY_MS) / HOUR_MS) * HOUR_MS);
}

export interface RetentionReport {
  organizations: number;
  /** TimescaleDB: whole raw chunks dropped. */
  chunksDropped: number;
  points: number;
  rollupRows: number;
  /** DELETE statements run and the most rows any one of them removed (never above the batch size). */
  statements: number;
  largestStatement: number;
}

export interface RetentionOptions {
  batchRows?: number;
  now?: Date;
}

/**
 * Deletes every organization's points (and their rollup buckets) older than its plan's retentionDays, in bounded
 * batches. TimescaleDB first drops whole chunks older than the longest retention of all organizations. On plain
 * PostgreSQL points of deleted machines go once older than that longest retention (TimescaleDB's chunk drop does
 * the same). Idempotent: a second run finds nothing to delete.
 */
export async function runRetention(pool: Pool, logger: Logger, payload: RetentionPayload, options: RetentionOptions = {}): Promise<RetentionReport> {
  const batchRows = options.batchRows ?? RETENTION_BATCH_ROWS;
  const now = options.now ?? new Date();
  const report: RetentionReport = { organizations: 0, chunksDropped: 0, points: 0, rollupRows: 0, statements: 0, largestStatement: 0 };

  // Each batch commits on its own: locks are held for one statement, and an interrupted run keeps its progress.
  const inBatches = async (remove: (db: Queryable) => Promise<number>): Promise<number> => {
    let total = 0;
    for (;;) {
      const removed = await withPlatform(pool, remove);
      report.statements += 1;
      report.largestStatement = Math.max(report.largestStatement, removed);
      total += removed;
      if (removed < batchRows) return total;
    }
  };
  const removeRollups = async (mode: StorageMode, machineIds: string[], before: Date) => {
    for (const relation of ROLLUP_RELATIONS)
      report.rollupRows += await inBatches((db) => deleteExpiredRollups(db, mode, relation, machineIds, before, batchRows));
  };

  const { mode, targets } = await withPlatform(pool, async (db) => ({ mode: await getStorageMode(db), targets: await listRetentionTargets(db) }));
  const organizations = targets.map((t) => ({ ...t, retentionDays: readUsageLimits(t.usageLimits).retentionDays }));
  const misconfigured = organizations.filter((o) => !(o.retentionDays >= 1));
  if (misconfigured.length > 0)
    logger.warn({ orgIds: misconfigured.map((o) => o.orgId) }, 'retentionDays below one day: these organizations keep all their points');

  // What no organization keeps any more: older than the longest retention. Skipped when an organization keeps all.
  if (!payload.orgId && organizations.length > 0 && misconfigured.length === 0) {
    const expiredForAll = retentionCutoff(now, Math.max(...organizations.map((o) => o.retentionDays)));
    if (mode === 'timescale') {
      report.chunksDropped = await withPlatform(pool, (db) => dropExpiredChunks(db, expiredForAll));
    } else {
      const orphans = await withPlatform(pool, (db) => listOrphanMachineIds(db, 'ingested_values'));
      if (orphans.length > 0) report.points += await inBatches((db) => deleteExpiredPoints(db, orphans, expiredForAll, batchRows));
      for (const relation of ROLLUP_RELATIONS) {
        const stale = await withPlatform(pool, (db) => listOrphanMachineIds(db, relation));
        if (stale.length > 0)
          report.rollupRows += await inBatches((db) => deleteExpiredRollups(db, mode, relation, stale, expiredForAll, batchRows));
      }
    }
  }

  for (const org of organizations) {
    if (payload.orgId && org.orgId !== payload.orgId) continue;
    report.organizations += 1;
    if (org.machineIds.length === 0 || !(org.retentionDays >= 1)) continue;
    const cutoff = retentionCutoff(now, org.retentionDays);
    // Points first: until the rollups follow, a chart may still show a bucket whose points are gone, never the reverse.
    report.points += await inBatches((db) => deleteExpiredPoints(db, org.machineIds, cutoff, batchRows));
    await removeRollups(mode, org.machineIds, cutoff);
  }
  if (report.points + report.rollupRows + report.chunksDropped > 0) logger.info({ ...report, mode }, 'retention sweep deleted expired data');
  return report;
}

export const retentionJob: JobDefinition<RetentionPayload> = {
  name: JOB_NAMES.retention,
  payload: retentionPayloadSchema,
  options: { attempts: 5, backoff: { type: 'exponential', delay: 60_000 }, removeOnComplete: 100, removeOnFail: 1000 },
  perform: ({ pool, logger }, payload) => runRetention(pool, logger, payload),
};
