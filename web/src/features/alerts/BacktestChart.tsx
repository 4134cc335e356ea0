import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type uPlot from 'uplot';
import type { AlertBacktestResponse } from '@taktwerk/common';
import { useDateDisplay } from '../../app/preferences/use-date-display';
import { useChartColors } from '../../charts/chart-colors';
import { lineChartOptions } from '../../charts/line-options';
import { UPlotChart } from '../../charts/UPlotChart';
import { gridRange } from '../../charts/value-scale';
import { useBacktestSeries } from './api';
import { firingMarkersPlugin } from './firing-markers';

const CHART_HEIGHT = 200;
const NO_POINTS: uPlot.AlignedData = [[], []];
const seconds = (iso: string) => Date.parse(iso) / 1000;

interface BacktestChartProps {
  machineId: string;
  tag: string;
  result: AlertBacktestResponse;
  /** Drawn as a dashed line (threshold rules) and kept inside the value scale. */
  threshold: number | null;
}

/** The tag's values over the backtest's window, with the times the rule would have fired marked on them. */
export function BacktestChart({ machineId, tag, result, threshold }: BacktestChartProps) {
  const { t, i18n } = useTranslation();
  const colors = useChartColors();
  const display = useDateDisplay();
  const series = useBacktestSeries({ machineId, tag, from: result.from, to: result.to });
  const answer = series.data;

  const options = useMemo(() => {
    const window: [number, number] = [seconds(result.from), seconds(result.to)];
    const markers = result.firings.map((f) => ({ at: seconds(f.at), value: f.value }));
    const base = lineChartOptions({
      colors,
      display,
      language: i18n.language,
      seriesLabel: tag,
      xRange: () => window,
      plugins: [firingMarkersPlugin(markers, threshold, colors.danger)],
    });
    const yRange = (_u: uPlot, min: number, max: number) =>
      threshold === null ? gridRange(min, max) : gridRange(Math.min(min, threshold), Math.max(max, threshold));
    return { ...base, scales: { ...base.scales, y: { range: yRange } } };
  }, [colors, display, i18n.language, tag, result, threshold]);
  const data = useMemo<uPlot.AlignedData>(() => (answer ? [answer.series.t, answer.series.avg] : NO_POINTS), [answer]);

  const overlay = !answer
    ? series.error
      ? t('alerts.backtest.loadFailed')
      : null
    : answer.series.t.length === 0
      ? t('alerts.backtest.noData')
      : null;
  return (
    <UPlotChart options={options} data={data} height={CHART_HEIGHT} label={t('alerts.backtest.chartLabel', { tag })} className="alert-backtest-chart">
      {overlay && <div className="chart-empty">{overlay}</div>}
    </UPlotChart>
  );
}
