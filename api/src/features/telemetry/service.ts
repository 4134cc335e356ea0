import {
  RANGE_MS,
  seriesWindow,
  utcDay,
  wideningSteps,
  type AggregateQuery,
  type AggregateResponse,
  type PointsTodayQuery,
  type PointsTodayResponse,
  type SeriesQuery,
  type SeriesResponse,
} from '@taktwerk/common';
import {
  aggregateRange,
  countMachinePointsSinceByTag,
  findMachineTag,
  machineExists,
  pointsOnDay,
  querySeries,
  withTenant,
  type Queryable,
} from '@taktwerk/db';
import type { AppDeps } from '../../context';
import { machineNotFound } from '../machines/service';

/**
 * ingested_values has no RLS (SECURITY.md item 9): every read starts by checking, under the tenant transaction,
 * that the machine is the caller's; another organization's machine then answers exactly like a missing one.
 * The tag is matched case-insensitively (part 1 §7) and read under its stored spelling.
 */
async function checkedTag(db: Queryable, orgId: string, machineId: string, tag: string): Promise<string> {
  const found = await findMachineTag(db, orgId, machineId, tag);
  if (!found) throw machineNotFound();
  return found.alias ?? tag;
}

/** A chart series; an empty preset range widens to 48 h, then 7 days (part 2 §9), and says so. */
export function readSeries(deps: AppDeps, orgId: string, q: SeriesQuery, now = Date.now()): Promise<SeriesResponse> {
  return withTenant(deps.pool, orgId, async (db) => {
    const tag = await checkedTag(db, orgId, q.machineId, q.tag);
    const window = seriesWindow(q, now);
    const read = (from: Date) => querySeries(db, { machineId: q.machineId, tag, from, to: window.to, maxPoints: q.maxPoints });
    const answer = (from: Date, widened: SeriesResponse['widened'], series: SeriesResponse['series']): SeriesResponse => ({
      machineId: q.machineId,
      tag,
      from: from.toISOString(),
      to: window.to.toISOString(),
      widened,
      series,
    });
    const series = await read(window.from);
    if (series.t.length > 0 || !window.preset) return answer(window.from, null, series);
    for (const step of wideningSteps(window.preset)) {
      const from = new Date(now - RANGE_MS[step]);
      const wider = await read(from);
      if (wider.t.length > 0) return answer(from, step, wider);
    }
    return answer(window.from, null, series);
  });
}

/** analytics_aggregate: exact avg, sum, min, max and count over [from, to); nulls (count 0) when empty. */
export function readAggregate(deps: AppDeps, orgId: string, q: AggregateQuery): Promise<AggregateResponse> {
  return withTenant(deps.pool, orgId, async (db) => {
    const tag = await checkedTag(db, orgId, q.machineId, q.tag);
    return aggregateRange(db, { machineId: q.machineId, tag, from: new Date(q.from), to: new Date(q.to) });
  });
}

/**
 * The organization's points since UTC midnight (the daily usage counter, part 1 §9) and, given the caller's local
 * midnight, each machine's points since then (the agent statistics of part 2 §2).
 */
export function readPointsToday(deps: AppDeps, orgId: string, q: PointsTodayQuery, now = new Date()): Promise<PointsTodayResponse> {
  return withTenant(deps.pool, orgId, async (db) => {
    if (q.machineId && !(await machineExists(db, q.machineId))) throw machineNotFound();
    const day = utcDay(now);
    const since = q.since ? new Date(q.since) : null;
    return {
      day,
      points: await pointsOnDay(db, orgId, day),
      since: since?.toISOString() ?? null,
      machines: since ? await countMachinePointsSinceByTag(db, orgId, since, q.machineId ?? null) : [],
    };
  });
}
