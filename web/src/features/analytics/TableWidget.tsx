import { useTranslation } from 'react-i18next';
import type { Widget } from '@taktwerk/common';
import { useDateDisplay } from '../../app/preferences/use-date-display';
import { formatValue, pointTime } from '../../charts/chart-format';
import { Spinner } from '../../ui/Spinner';
import { WIDENED_KEYS, type AnalyticsRange } from './labels';
import { recentRows } from './series-values';
import { useWidgetSeries } from './widget-series';

const TABLE_ROWS = 8;

/** A table widget: the newest values (or buckets, for long ranges) of the tag in the widget's aggregation. */
export function TableWidget({ widget, range }: { widget: Widget; range: AnalyticsRange }) {
  const { t, i18n } = useTranslation();
  const display = useDateDisplay();
  const series = useWidgetSeries(widget, range);
  if (!series.data) {
    if (series.error) return <p className="analytics-note analytics-note-error">{t('analytics.widget.loadFailed')}</p>;
    return (
      <div className="analytics-metric">
        <Spinner label />
      </div>
    );
  }
  const rows = recentRows(series.data.series, widget.aggregation, TABLE_ROWS);
  if (rows.length === 0) return <p className="analytics-empty">{t('analytics.widget.noData')}</p>;
  const unit = widget.aggregation === 'count' ? null : widget.tagUnit;
  return (
    <>
      <div className="table-scroll analytics-table">
        <table className="table">
          <caption className="visually-hidden">{t('analytics.widget.tableCaption', { title: widget.title })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('analytics.widget.time')}</th>
              <th scope="col" className="table-cell-end">
                {t('analytics.widget.value')}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.t}>
                <td className="analytics-table-time">{pointTime(row.t, display)}</td>
                <td className="table-cell-end analytics-table-value">
                  {row.value === null ? t('analytics.widget.noValue') : formatValue(row.value, i18n.language, unit)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {series.data.widened && <p className="analytics-note">{t('analytics.widget.widened', { range: t(WIDENED_KEYS[series.data.widened]) })}</p>}
    </>
  );
}
