import { memo, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DASHBOARD_RANGES, DEFAULT_DASHBOARD_RANGE, REALTIME_CHART, type Widget } from '@taktwerk/common';
import { formatValue } from '../../charts/chart-format';
import { RealtimeChart, type LatestPoint } from '../../charts/RealtimeChart';
import { Badge } from '../../ui/Badge';
import { Select } from '../../ui/Select';

type DashboardRange = (typeof DASHBOARD_RANGES)[number];

/**
 * A widget shown on the dashboard: its current value (0 while its machine is offline, spec part 1 §4), a range
 * selector (30d … 1m, default 1h) and the live chart.
 */
export function WidgetCard({ widget, offline }: { widget: Widget; offline: boolean }) {
  const { t, i18n } = useTranslation();
  const [range, setRange] = useState<DashboardRange>(DEFAULT_DASHBOARD_RANGE);
  const [latest, setLatest] = useState<number | null>(null);
  const handleLatest = useCallback((point: LatestPoint | null) => setLatest(point ? point.v : null), []);
  const value = offline ? 0 : latest;

  return (
    <section className="widget-card" aria-labelledby={`widget-${widget.id}`}>
      <header className="widget-card-header">
        <div className="widget-card-heading">
          <h3 className="widget-card-title" id={`widget-${widget.id}`}>
            {widget.title}
          </h3>
          <p className="widget-card-source">
            {widget.machineName} • {widget.tagAlias}
          </p>
        </div>
        <RangeSelect value={range} onChange={setRange} />
      </header>
      <p className="widget-card-value" data-testid="widget-value">
        {value === null ? '–' : formatValue(value, i18n.language, widget.tagUnit)}
        {offline && <Badge tone="neutral">{t('dashboard.widgets.offline')}</Badge>}
      </p>
      <RealtimeChart
        machineId={widget.machineId}
        tag={widget.tagAlias}
        range={range}
        unit={widget.tagUnit}
        label={t('dashboard.widgets.chartLabel', { title: widget.title })}
        height={REALTIME_CHART.height}
        dropToZero
        onLatest={handleLatest}
      />
    </section>
  );
}

/** Memoized: the card renders again with every new value, the range choice need not. */
const RangeSelect = memo(function RangeSelect({ value, onChange }: { value: DashboardRange; onChange: (range: DashboardRange) => void }) {
  const { t } = useTranslation();
  return (
    <label className="widget-card-range">
      <span className="visually-hidden">{t('dashboard.widgets.range')}</span>
      <Select value={value} onChange={(event) => onChange(event.target.value as DashboardRange)}>
        {DASHBOARD_RANGES.map((option) => (
          <option key={option} value={option}>
            {t(`dashboard.ranges.${option}`)}
          </option>
        ))}
      </Select>
    </label>
  );
});
