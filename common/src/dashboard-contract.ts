import { z } from 'zod';
import { ALERT_SEVERITIES } from './alerts-contract';
import { widgetSchema } from './analytics-widgets-contract';
import { MACHINE_STATUSES } from './constants';

// The dashboard (spec part 1 §2 Dashboard, §9): KPI cards, machine status grid, Recent Activity and the widgets
// shown on it, in one answer; the web then keeps it current from the live socket.

/** The dashboard's route permission (spec part 1 §2). */
export const DASHBOARD_PERMISSION = 'org:read';

/** The realtime chart's constants (spec part 1 §9 Chart). The web streams instead of polling every 2500 ms. */
export const REALTIME_CHART = {
  height: 220,
  /** A line whose newest point is older than this drops to zero (the red dashed marker). */
  dropAfterMs: 5 * 60 * 1000,
  /** Most points a chart keeps in memory, however long it stays open on a busy tag. */
  maxBufferedPoints: 100_000,
  /** Points asked of the series query per chart: about a point per pixel of a wide card. */
  queryPoints: 1000,
} as const;

export const KPI_KEYS = ['onlineMachines', 'activeTags', 'pointsToday', 'activeAlerts'] as const;
export type KpiKey = (typeof KPI_KEYS)[number];
export const KPI_STATUSES = ['normal', 'warning', 'critical'] as const;
export type KpiStatus = (typeof KPI_STATUSES)[number];
export const KPI_TRENDS = ['up', 'down', 'flat'] as const;
export type KpiTrend = (typeof KPI_TRENDS)[number];
export const KPI_UNITS = ['machines', 'tags', 'points', 'alerts'] as const;

/** Share of a plan limit (tags, daily points) from which its KPI turns warning; at the limit it is critical. */
export const KPI_LIMIT_WARNING_SHARE = 0.8;

export const kpiSchema = z.object({
  value: z.number().int(),
  /** Of how many (online machines of all machines; tags and points today of the plan limit); null without one. */
  total: z.number().int().nullable(),
  unit: z.enum(KPI_UNITS),
  /** The value compared with `baseline` in percent, one decimal; null when the baseline is 0. */
  change: z.number().nullable(),
  baseline: z.number().nullable(),
  trend: z.enum(KPI_TRENDS),
  status: z.enum(KPI_STATUSES),
});
export type Kpi = z.infer<typeof kpiSchema>;

export const dashboardMachineSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string().nullable(),
  /** Display status (part 1 §4): online within 5 minutes of the last data or heartbeat. */
  status: z.enum(MACHINE_STATUSES),
  tagCount: z.number().int(),
  /** The newer of last data and last heartbeat. */
  lastUpdate: z.string().nullable(),
  /** Unacknowledged triggered alert events of the machine's rules. */
  openAlerts: z.number().int(),
});
export type DashboardMachine = z.infer<typeof dashboardMachineSchema>;

export const ACTIVITY_KINDS = ['alert', 'connection'] as const;

export const activitySchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('alert'),
    id: z.string(),
    at: z.string(),
    machineId: z.uuid(),
    machineName: z.string(),
    state: z.enum(['triggered', 'resolved']),
    ruleName: z.string(),
    severity: z.enum(ALERT_SEVERITIES),
    message: z.string().nullable(),
  }),
  z.object({
    kind: z.literal('connection'),
    id: z.string(),
    at: z.string(),
    machineId: z.uuid(),
    machineName: z.string(),
    state: z.enum(['online', 'offline']),
  }),
]);
export type Activity = z.infer<typeof activitySchema>;

/**
 * What each KPI is and what its change compares it with (all at the moment of the request):
 * - onlineMachines: machines online now, of all machines; change vs the machines online 24 h earlier (their latest
 *   connection event at that time). normal when all are online, warning when some are not, critical when fewer than
 *   half are.
 * - activeTags: enabled tag configurations, of the plan's tag limit; change vs the enabled tags that already existed
 *   24 h earlier. warning from 80 % of the limit, critical at it.
 * - pointsToday: points accepted since UTC midnight (the daily usage counter ingest keeps, part 1 §9), of the plan's
 *   daily quota; change vs yesterday's total scaled to the same share of the day (yesterday's pace at this time).
 *   warning from 80 % of the quota, critical at it.
 * - activeAlerts: unacknowledged triggered alert events; change vs those unacknowledged 24 h earlier. warning with
 *   any, critical with any of severity high or critical.
 */
export const dashboardSummarySchema = z.object({
  generatedAt: z.string(),
  /** The UTC day pointsToday counts. */
  day: z.string(),
  kpis: z.object({
    onlineMachines: kpiSchema,
    activeTags: kpiSchema,
    pointsToday: kpiSchema,
    activeAlerts: kpiSchema,
  }),
  machines: z.array(dashboardMachineSchema),
  /** Newest first, alert events and connection changes together (part 1 §9: 5 items). */
  recentActivity: z.array(activitySchema),
  /** The analytics widgets marked visible on the dashboard, in their saved order. */
  widgets: z.array(widgetSchema),
});
export type DashboardSummary = z.infer<typeof dashboardSummarySchema>;

/** Percentage change of `value` against `baseline`, one decimal; null when there is nothing to compare with. */
export function percentChange(value: number, baseline: number): number | null {
  if (baseline === 0) return null;
  return Math.round(((value - baseline) / baseline) * 1000) / 10;
}

export function trendOf(value: number, baseline: number): KpiTrend {
  if (value === baseline) return 'flat';
  return value > baseline ? 'up' : 'down';
}

/** Status of a figure measured against a plan limit: warning from 80 %, critical at the limit. */
export function limitStatus(value: number, limit: number | null): KpiStatus {
  if (limit === null || limit <= 0) return 'normal';
  if (value >= limit) return 'critical';
  return value >= limit * KPI_LIMIT_WARNING_SHARE ? 'warning' : 'normal';
}

export function onlineStatus(online: number, total: number): KpiStatus {
  if (online >= total) return 'normal';
  return online * 2 < total ? 'critical' : 'warning';
}
