import {
  limitStatus,
  onlineStatus,
  percentChange,
  readUsageLimits,
  RECENT_ACTIVITY_ITEMS,
  trendOf,
  utcDay,
  type DashboardSummary,
  type Kpi,
  type KpiStatus,
} from '@taktwerk/common';
import { listAnalyticsWidgets, listDashboardMachines, listRecentActivity, readDashboardCounts, withTenant } from '@taktwerk/db';
import type { AppDeps } from '../../context';
import { presentWidget } from '../analytics-widgets/presenter';
import { presentActivity, presentDashboardMachine } from './presenter';

const DAY_MS = 24 * 60 * 60 * 1000;

function kpi(value: number, baseline: number, fields: Pick<Kpi, 'total' | 'unit'> & { status: KpiStatus }): Kpi {
  return { value, baseline, change: percentChange(value, baseline), trend: trendOf(value, baseline), ...fields };
}

/**
 * Everything the dashboard shows at `now`; the figures and what each is compared with are defined on
 * dashboardSummarySchema (common/src/dashboard-contract.ts).
 */
export function readDashboardSummary(deps: AppDeps, orgId: string, now = new Date()): Promise<DashboardSummary> {
  const today = utcDay(now);
  const midnight = Date.parse(`${today}T00:00:00Z`);
  const yesterday = utcDay(new Date(midnight - DAY_MS));
  const dayAgo = new Date(now.getTime() - DAY_MS);
  return withTenant(deps.pool, orgId, async (db) => {
    const counts = await readDashboardCounts(db, orgId, { dayAgo, today, yesterday });
    const machines = (await listDashboardMachines(db, orgId)).map((row) => presentDashboardMachine(row, now.getTime()));
    const activity = await listRecentActivity(db, orgId, RECENT_ACTIVITY_ITEMS);
    const widgets = (await listAnalyticsWidgets(db, orgId)).filter((w) => w.visible_dashboard);

    const limits = readUsageLimits(counts.usage_limits);
    const online = machines.filter((m) => m.status === 'online').length;
    // Yesterday's pace at this time of day: its total scaled by the share of today that has passed.
    const yesterdaySoFar = Math.round((counts.points_yesterday * (now.getTime() - midnight)) / DAY_MS);
    const alertStatus: KpiStatus = counts.alerts_severe > 0 ? 'critical' : counts.alerts_active > 0 ? 'warning' : 'normal';
    return {
      generatedAt: now.toISOString(),
      day: today,
      kpis: {
        onlineMachines: kpi(online, counts.online_day_ago, { total: machines.length, unit: 'machines', status: onlineStatus(online, machines.length) }),
        activeTags: kpi(counts.tags_enabled, counts.tags_enabled_day_ago, { total: limits.tags, unit: 'tags', status: limitStatus(counts.tags_enabled, limits.tags) }),
        pointsToday: kpi(counts.points_today, yesterdaySoFar, {
          total: limits.ingestPointsPerDay,
          unit: 'points',
          status: limitStatus(counts.points_today, limits.ingestPointsPerDay),
        }),
        activeAlerts: kpi(counts.alerts_active, counts.alerts_active_day_ago, { total: null, unit: 'alerts', status: alertStatus }),
      },
      machines,
      recentActivity: activity.map(presentActivity),
      widgets: widgets.map(presentWidget),
    };
  });
}
