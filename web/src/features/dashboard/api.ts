import useSWR from 'swr';
import { dashboardSummarySchema } from '@taktwerk/common';
import { apiFetcher, type ApiKey } from '../../app/api-client';

export const DASHBOARD_SUMMARY_KEY: ApiKey = ['/dashboard/summary'];
const fetchSummary = apiFetcher(dashboardSummarySchema);
/**
 * Points and machine status follow the live socket; alert events and Recent Activity have no live feed, so the
 * summary is read again in the background this often (which also settles the live counts with the server's).
 */
const REFRESH_MS = 30_000;

/** GET /dashboard/summary. */
export function useDashboardSummary() {
  return useSWR(DASHBOARD_SUMMARY_KEY, fetchSummary, { refreshInterval: REFRESH_MS });
}
