import { useTranslation } from 'react-i18next';
import type { Widget } from '@taktwerk/common';
import { formatValue } from '../../charts/chart-format';
import { Spinner } from '../../ui/Spinner';
import { useAggregate } from './api';
import type { AnalyticsRange } from './labels';

/** A metric widget: the tag's exact aggregate over the range (analytics_aggregate), with its unit. */
export function MetricWidget({ widget, range }: { widget: Widget; range: AnalyticsRange }) {
  const { t, i18n } = useTranslation();
  const aggregate = useAggregate(widget.machineId, widget.tagAlias, range);
  if (!aggregate.data) {
    if (aggregate.error) return <p className="analytics-note analytics-note-error">{t('analytics.widget.loadFailed')}</p>;
    return (
      <div className="analytics-metric">
        <Spinner label />
      </div>
    );
  }
  const { count } = aggregate.data;
  const value = widget.aggregation === 'count' ? count : aggregate.data[widget.aggregation];
  const unit = widget.aggregation === 'count' ? null : widget.tagUnit;
  return (
    <div className="analytics-metric">
      <p className="analytics-metric-value">{value === null ? t('analytics.widget.noValue') : formatValue(value, i18n.language, unit)}</p>
      <p className="analytics-note">{count === 0 ? t('analytics.widget.noData') : t('analytics.widget.values', { count })}</p>
    </div>
  );
}
