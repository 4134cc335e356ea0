import useSWR from 'swr';
import { seriesResponseSchema, type RangePreset } from '@taktwerk/common';
import { apiFetcher, type ApiKey } from '../app/api-client';

const fetchSeries = apiFetcher(seriesResponseSchema);
/** Live points keep a chart current; the query runs again now and then so buckets and widening stay exact. */
const REFRESH_MS = 5 * 60 * 1000;

/** GET /telemetry/series of one tag over a preset range ending now (widened when empty); null fetches nothing. */
export function useSeries(query: { machineId: string; tag: string; range: RangePreset; maxPoints: number } | null) {
  const key: ApiKey | null = query ? ['/telemetry/series', query] : null;
  return useSWR(key, fetchSeries, { refreshInterval: REFRESH_MS, revalidateOnFocus: false, keepPreviousData: false });
}
