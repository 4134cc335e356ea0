import { pipeline } from 'node:stream/promises';
import type { Response } from 'express';
import {
  EXPLORER_INTERVAL_SECONDS,
  EXPLORER_ISSUES,
  checkExplorerFilters,
  type ExplorerFilters,
  type ExplorerIssue,
  type ExplorerQuery,
  type ExplorerResponse,
} from '@taktwerk/common';
import {
  explorerSeries,
  findExplorerMachines,
  findTagAliasesByIds,
  readExplorerRows,
  prepareExplorerStream,
  streamExplorerRows,
  withTenant,
  type ExplorerRead,
  type ExplorerSeries,
  type Pool,
  type Queryable,
} from '@taktwerk/db';
import type { AppDeps } from '../../context';
import { AppError, tooManyRequests } from '../../http/errors';
import { machineNotFound } from '../machines/service';
import { CsvEncoder } from './csv';

/**
 * The longest an export may run. The statement timeout covers the whole cursor read, the time a slow or stalled
 * client takes included (checked), so this also frees the connection of a client that stops reading; the pool's
 * 30 s default would cut large exports short.
 */
export const EXPORT_TIMEOUT_MS = 30 * 60_000;

const explorerError = (issue: ExplorerIssue) => new AppError(400, issue, EXPLORER_ISSUES[issue]);

function checked(raw: ExplorerQuery, purpose: 'query' | 'export'): ExplorerFilters {
  const result = checkExplorerFilters(raw, purpose);
  if (!result.ok) throw explorerError(result.issue);
  return result.filters;
}

/**
 * The (machine, tag) pairs to read: every machine must be the caller's (404 otherwise, the same answer for another
 * organization's machine as for a missing one), every tag must resolve to an alias of one of them (part 2 §5).
 */
async function resolveSeries(db: Queryable, orgId: string, f: ExplorerFilters): Promise<ExplorerSeries[]> {
  const machines = await findExplorerMachines(db, orgId, f.machineIds);
  if (machines.length !== f.machineIds.length) throw machineNotFound();
  const byId = f.tagIds.length > 0 ? await findTagAliasesByIds(db, orgId, f.machineIds, f.tagIds) : [];
  if (byId.length !== f.tagIds.length) throw explorerError('tags_not_found');
  const aliases = [...f.tags, ...byId.map((t) => t.alias)];
  const series = await explorerSeries(db, orgId, f.machineIds, aliases);
  const found = new Set(series.map((s) => s.tag.toLowerCase()));
  if (!aliases.every((alias) => found.has(alias.toLowerCase()))) throw explorerError('tags_not_found');
  return series;
}

const readOf = (f: ExplorerFilters, series: ExplorerSeries[], limit: number | null): ExplorerRead => ({
  series,
  from: f.from,
  to: f.to,
  aggregate: f.aggregation === 'none' ? null : { fn: f.aggregation, bucketSeconds: EXPLORER_INTERVAL_SECONDS[f.interval] },
  limit,
});

/** The explorer table: up to `limit` rows in time order (then machine, tag), and whether the limit cut it short. */
export function queryExplorer(deps: AppDeps, orgId: string, raw: ExplorerQuery): Promise<ExplorerResponse> {
  const f = checked(raw, 'query');
  const limit = f.limit!;
  return withTenant(deps.pool, orgId, async (db) => {
    const series = await resolveSeries(db, orgId, f);
    const rows = await readExplorerRows(db, readOf(f, series, limit + 1));
    return {
      rows: rows.slice(0, limit).map(([n, time, value, text, quality]) => {
        const s = series[n]!;
        return { machineId: s.machineId, machine: s.machineName, tag: s.tag, time, value: value ?? text, quality };
      }),
      truncated: rows.length > limit,
      limit,
      from: f.from.toISOString(),
      to: f.to.toISOString(),
      aggregation: f.aggregation,
      interval: f.interval,
    };
  });
}

// Each export holds a pooled connection for its whole run: at most half of a pool's connections, so the rest of
// the api keeps working while exports stream. Counted per pool (one per api process).
const runningExports = new WeakMap<Pool, number>();

async function withExportSlot<T>(pool: Pool, fn: () => Promise<T>): Promise<T> {
  const running = runningExports.get(pool) ?? 0;
  if (running >= Math.max(1, Math.floor((pool.options.max ?? 10) / 2)))
    throw tooManyRequests('Too many exports are running at the moment. Please try again shortly.', 5, 'exports_busy');
  runningExports.set(pool, running + 1);
  try {
    return await fn();
  } finally {
    runningExports.set(pool, (runningExports.get(pool) ?? 1) - 1);
  }
}

/**
 * Streams the rows as CSV with constant memory: a cursor inside the tenant transaction feeds the encoder, which
 * feeds the response, each step pulling only as fast as the client reads. A client that goes away destroys the
 * pipeline, which closes the cursor and stops the query. The export has no row cap unless a limit is given.
 */
export function exportExplorerCsv(deps: AppDeps, orgId: string, raw: ExplorerQuery, res: Response): Promise<void> {
  const f = checked(raw, 'export');
  return withExportSlot(deps.pool, () =>
    withTenant(deps.pool, orgId, async (db) => {
      const series = await resolveSeries(db, orgId, f);
      const read = readOf(f, series, f.limit);
      await prepareExplorerStream(db, EXPORT_TIMEOUT_MS, read);
      res.status(200).set({
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="taktwerk-export-${f.fromDay}-to-${f.toDay}.csv"`,
        'Cache-Control': 'no-store',
      });
      await pipeline(streamExplorerRows(db, read), new CsvEncoder(series), res);
    }),
  );
}
