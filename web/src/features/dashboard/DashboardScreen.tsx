import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { DashboardSummary } from '@taktwerk/common';
import { routeHref } from '../../app/router/hash-route';
import type { ScreenProps } from '../../app/routes';
import { Button, buttonClass } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { EmptyState } from '../../ui/EmptyState';
import { Icon } from '../../ui/Icon';
import { LoadingState } from '../../ui/Spinner';
import { useDashboardSummary } from './api';
import { KpiCards } from './KpiCards';
import { MachineStatusGrid } from './MachineStatusGrid';
import { RecentActivity } from './RecentActivity';
import { useDashboardLive } from './use-dashboard-live';
import { WidgetCard } from './WidgetCard';
import './dashboard.css';

/** #dashboard (spec part 1 §2): KPI cards, widget charts, offline notice, machine status and Recent Activity, all live. */
export function DashboardScreen(_props: ScreenProps) {
  const { t } = useTranslation();
  const query = useDashboardSummary();
  const summary = useDashboardLive(query.data);

  if (!summary) {
    if (!query.error) return <LoadingState />;
    return (
      <EmptyState
        icon="error"
        title={t('dashboard.page.loadFailed')}
        action={<Button onClick={() => void query.mutate()}>{t('dashboard.page.retry')}</Button>}
      />
    );
  }
  const offline = summary.machines.filter((m) => m.status === 'offline');
  return (
    <div className="dashboard">
      <KpiCards kpis={summary.kpis} />
      {offline.length > 0 && (
        <p className="dashboard-offline" role="status">
          <Icon name="warning" />
          {t('dashboard.offline.notice', { count: offline.length })}
        </p>
      )}
      <Widgets widgets={summary.widgets} offlineIds={offline.map((m) => m.id).join(',')} />
      <div className="dashboard-panels">
        <Card title={t('dashboard.machines.title')} className="dashboard-machines">
          <MachineStatusGrid machines={summary.machines} />
        </Card>
        <Card title={t('dashboard.activity.title')} className="dashboard-activity">
          <RecentActivity items={summary.recentActivity} />
        </Card>
      </div>
    </div>
  );
}

/** Memoized on the widget list and the offline machines, so live KPI updates do not touch the charts. */
const Widgets = memo(function Widgets({ widgets, offlineIds }: { widgets: DashboardSummary['widgets']; offlineIds: string }) {
  const { t } = useTranslation();
  if (widgets.length === 0) {
    return (
      <EmptyState
        icon="chart"
        title={t('dashboard.widgets.empty')}
        description={t('dashboard.widgets.emptyHint')}
        action={
          <a className={buttonClass('secondary')} href={routeHref('analytics')}>
            {t('dashboard.widgets.toAnalytics')}
          </a>
        }
      />
    );
  }
  const offline = new Set(offlineIds.split(','));
  return (
    <div className="widget-grid">
      {widgets.map((widget) => (
        <WidgetCard key={widget.id} widget={widget} offline={offline.has(widget.machineId)} />
      ))}
    </div>
  );
});
