import { DASHBOARD_PERMISSION, dashboardSummarySchema } from '@taktwerk/common';
import type { ApiRouter } from '../../http/route';
import { signedIn } from '../../http/route';
import { readDashboardSummary } from './service';

export function registerDashboardRoutes(api: ApiRouter): void {
  api.add({
    method: 'get',
    path: '/dashboard/summary',
    summary:
      'The dashboard in one answer: KPI cards (online machines, active tags, data points since UTC midnight, active alerts) ' +
      'with unit, change, trend and status; the machine status grid; Recent Activity (5); the widgets shown on the dashboard',
    tag: 'dashboard',
    auth: signedIn(DASHBOARD_PERMISSION),
    responses: { 200: dashboardSummarySchema },
    handler: ({ principal, deps }) => readDashboardSummary(deps, principal.orgId),
  });
}
