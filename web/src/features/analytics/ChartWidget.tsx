import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type uPlot from 'uplot';
import type { Widget } from '@taktwerk/common';
import { useDateDisplay } from '../../app/preferences/use-date-display';
import { useChartColors } from '../../charts/chart-colors';
import { ChartTooltip } from '../../charts/ChartTooltip';
import { lineChartOptions } from '../../charts/line-options';
import { UPlotChart } from '../../charts/UPlotChart';
import { usePointTooltip } from '../../charts/use-point-tooltip';
import { AGGREGATION_KEYS, WIDENED_KEYS, type AnalyticsRange } from './labels';
import { seriesValues } from './series-values';
import { useWidgetSeries } from './widget-series';

const CHART_HEIGHT = 200;
const NO_POINTS: uPlot.AlignedData = [[], []];

/** A chart widget: the tag's series over the range in the widget's aggregation; click a point for its value. */
export function ChartWidget({ widget, range }: { widget: Widget; range: AnalyticsRange }) {
  const { t, i18n } = useTranslation();
  const colors = useChartColors();
  const display = useDateDisplay();
  const tooltip = usePointTooltip();
  const series = useWidgetSeries(widget, range);
  const answer = series.data;

  const options = useMemo(
    () => lineChartOptions({ colors, display, language: i18n.language, seriesLabel: widget.title, plugins: [tooltip.plugin] }),
    [colors, display, i18n.language, widget.title, tooltip.plugin],
  );
  const data = useMemo<uPlot.AlignedData>(
    () => (answer ? [answer.series.t, seriesValues(answer.series, widget.aggregation)] : NO_POINTS),
    [answer, widget.aggregation],
  );

  const overlay = !answer
    ? series.error
      ? t('analytics.widget.loadFailed')
      : null
    : answer.series.t.length === 0
      ? t('analytics.widget.noData')
      : null;
  const aggregation = t(AGGREGATION_KEYS[widget.aggregation]);
  return (
    <>
      <UPlotChart
        options={options}
        data={data}
        height={CHART_HEIGHT}
        label={t('analytics.widget.chartLabel', { title: widget.title, aggregation })}
      >
        {overlay && <div className="chart-empty">{overlay}</div>}
        <ChartTooltip picked={tooltip.picked} boxRef={tooltip.boxRef} unit={widget.aggregation === 'count' ? null : widget.tagUnit} onClose={tooltip.close} />
      </UPlotChart>
      {answer?.widened && <p className="analytics-note">{t('analytics.widget.widened', { range: t(WIDENED_KEYS[answer.widened]) })}</p>}
    </>
  );
}
