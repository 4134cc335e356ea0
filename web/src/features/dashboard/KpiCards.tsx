import { useTranslation } from 'react-i18next';
import type { DashboardSummary, Kpi, KpiKey, KpiStatus } from '@taktwerk/common';
import { numberFormat } from '../../charts/chart-format';
import { Badge, type BadgeTone } from '../../ui/Badge';
import { Icon } from '../../ui/Icon';
import type { IconName } from '../../ui/icon-paths';

const ICONS: Record<KpiKey, IconName> = { onlineMachines: 'factory', activeTags: 'layers', pointsToday: 'database', activeAlerts: 'bell' };
const TONES: Record<KpiStatus, BadgeTone> = { normal: 'success', warning: 'warning', critical: 'danger' };
const ORDER: KpiKey[] = ['onlineMachines', 'activeTags', 'pointsToday', 'activeAlerts'];
/** More alerts is bad news; more of anything else is good. */
const RISE_IS_BAD: Record<KpiKey, boolean> = { onlineMachines: false, activeTags: false, pointsToday: false, activeAlerts: true };

function trendTone(kind: KpiKey, trend: Kpi['trend']): string {
  if (trend === 'flat') return 'flat';
  return (trend === 'up') !== RISE_IS_BAD[kind] ? 'good' : 'bad';
}

/** The four KPI cards (spec part 1 §2): title, value, unit, percentage change, trend and status. */
export function KpiCards({ kpis }: { kpis: DashboardSummary['kpis'] }) {
  return (
    <div className="kpi-grid">
      {ORDER.map((key) => (
        <KpiCard key={key} kind={key} kpi={kpis[key]} />
      ))}
    </div>
  );
}

function KpiCard({ kind, kpi }: { kind: KpiKey; kpi: Kpi }) {
  const { t, i18n } = useTranslation();
  const number = numberFormat(i18n.language, 0);
  const change = kpi.change === null ? null : numberFormat(i18n.language, 1, 'exceptZero').format(kpi.change);
  return (
    <article className={`kpi-card kpi-${kpi.status}`} data-kpi={kind}>
      <header className="kpi-header">
        <span className="kpi-icon">
          <Icon name={ICONS[kind]} />
        </span>
        <h2 className="kpi-title">{t(`dashboard.kpi.${kind}.title`)}</h2>
        <Badge tone={TONES[kpi.status]}>{t(`dashboard.kpi.status.${kpi.status}`)}</Badge>
      </header>
      <p className="kpi-value">
        <span className="kpi-number">{number.format(kpi.value)}</span>
        {kpi.total !== null && <span className="kpi-total"> / {number.format(kpi.total)}</span>}
        <span className="kpi-unit">{t(`dashboard.kpi.units.${kpi.unit}`, { count: kpi.value })}</span>
      </p>
      <p className={`kpi-change kpi-trend-${trendTone(kind, kpi.trend)}`}>
        <span className="kpi-trend" aria-hidden="true">
          {kpi.trend === 'up' ? '▲' : kpi.trend === 'down' ? '▼' : '■'}
        </span>
        <span className="visually-hidden">{t(`dashboard.kpi.trend.${kpi.trend}`)}</span>
        <span>{change === null ? '–' : `${change} %`}</span>
        <span className="kpi-compared">{t(`dashboard.kpi.${kind}.compared`)}</span>
      </p>
    </article>
  );
}
