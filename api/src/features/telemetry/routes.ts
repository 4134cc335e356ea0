import {
  aggregateQuerySchema,
  aggregateResponseSchema,
  pointsTodayQuerySchema,
  pointsTodayResponseSchema,
  seriesQuerySchema,
  seriesResponseSchema,
} from '@taktwerk/common';
import type { ApiRouter } from '../../http/route';
import { signedIn } from '../../http/route';
import { MACHINE_READ } from '../machines/schema';
import { readAggregate, readPointsToday, readSeries } from './service';

// Stored values are machine data: reading them needs machine:read, which members have and which the spec's
// analytics and data-explorer screens require (part 1 §2). dashboard:read guards dashboard layouts, not data.
export function registerTelemetryRoutes(api: ApiRouter): void {
  api.add({
    method: 'get',
    path: '/telemetry/series',
    summary:
      'Chart series of one tag: raw points, or 1-minute / 1-hour buckets chosen to return at most maxPoints, in columns. ' +
      'A preset range ends now and widens to 48h, then 7d, when empty; from/to is read as given.',
    tag: 'telemetry',
    auth: signedIn(MACHINE_READ),
    query: seriesQuerySchema,
    responses: { 200: seriesResponseSchema },
    handler: ({ principal, query, deps }) => readSeries(deps, principal.orgId, query),
  });

  api.add({
    method: 'get',
    path: '/analytics/aggregate',
    summary: 'Exact avg, sum, min, max and count of one tag over [from, to), from the rollups plus the raw edges',
    tag: 'telemetry',
    auth: signedIn(MACHINE_READ),
    query: aggregateQuerySchema,
    responses: { 200: aggregateResponseSchema },
    handler: ({ principal, query, deps }) => readAggregate(deps, principal.orgId, query),
  });

  api.add({
    method: 'get',
    path: '/telemetry/points-today',
    summary: "The organization's data points since UTC midnight; with since (local midnight), each machine's points since then",
    tag: 'telemetry',
    auth: signedIn(MACHINE_READ),
    query: pointsTodayQuerySchema,
    responses: { 200: pointsTodayResponseSchema },
    handler: ({ principal, query, deps }) => readPointsToday(deps, principal.orgId, query),
  });
}
