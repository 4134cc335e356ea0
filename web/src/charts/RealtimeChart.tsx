import { memo, useEffect, useEffectEvent, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RANGE_MS, REALTIME_CHART, type RangePreset } from '@taktwerk/common';
import { liveClient } from '../app/live/live-client';
import { useDateDisplay } from '../app/preferences/use-date-display';
import { useChartColors } from './chart-colors';
import { ChartTooltip } from './ChartTooltip';
import { dropToZeroPlugin } from './drop-marker';
import { lineChartOptions } from './line-options';
import { SeriesBuffer } from './series-buffer';
import { UPlotChart, type UPlotChartHandle } from './UPlotChart';
import { usePointTooltip } from './use-point-tooltip';
import { useSeries } from './use-series';

export interface LatestPoint {
  /** Epoch seconds. */
  t: number;
  v: number;
}

export interface RealtimeChartProps {
  machineId: string;
  tag: string;
  /** The window shown, ending now; an empty range widens to 48 h, then 7 days, as the series query does. */
  range: RangePreset;
  /** Accessible name of the chart. */
  label: string;
  /** Shown with the value in the point tooltip. */
  unit?: string | null;
  height?: number;
  /** Draws the red dashed drop to zero once the newest point is older than 5 minutes (part 1 §9). */
  dropToZero?: boolean;
  /** Told the newest point whenever it changes (null while there is none). */
  onLatest?: (latest: LatestPoint | null) => void;
}

/** The x axis moves on with the clock about every 1/300 of the range, at least once a second, even without data. */
const tickMs = (range: RangePreset) => Math.min(60_000, Math.max(1000, RANGE_MS[range] / 300));
/**
 * Live points are drawn at most this often: a range of an hour on a plot of about 900 pixels moves a pixel every
 * 4 seconds, so redrawing it more than twice a second shows little new and costs the page (twenty charts).
 * The 1-minute range redraws with every frame, 10 minutes about 12 times a second, a day and more once a second.
 */
const redrawMs = (range: RangePreset) => Math.min(1000, RANGE_MS[range] / 7200);

/**
 * A live line chart of one tag: the range from the series query (resolution chosen by the api), then every point from
 * the live socket appended to a capped typed-array buffer and drawn at most once per animation frame. Shows 'No data'
 * when empty; a click on the line opens a tooltip with value and time.
 */
export const RealtimeChart = memo(function RealtimeChart({ machineId, tag, range, label, unit, height, dropToZero = false, onLatest }: RealtimeChartProps) {
  const { t, i18n } = useTranslation();
  const colors = useChartColors();
  const display = useDateDisplay();
  const tooltip = usePointTooltip();
  const chart = useRef<UPlotChartHandle>(null);
  const [buffer] = useState(() => new SeriesBuffer(REALTIME_CHART.maxBufferedPoints));
  const [initialData] = useState(() => buffer.data());
  const [empty, setEmpty] = useState(true);
  // Seconds shown: the range, or what the api widened an empty range to.
  const span = useRef(RANGE_MS[range] / 1000);
  const reported = useRef<LatestPoint | null | undefined>(undefined);

  const series = useSeries({ machineId, tag, range, maxPoints: REALTIME_CHART.queryPoints });

  const flush = useEffectEvent(() => {
    buffer.trimBefore(Date.now() / 1000 - span.current);
    chart.current?.setData(buffer.data());
    setEmpty(buffer.length === 0);
    const last = buffer.lastTime();
    const latest = last === undefined ? null : { t: last, v: buffer.lastValue()! };
    const before = reported.current;
    if (before === undefined || latest?.t !== before?.t || latest?.v !== before?.v) {
      reported.current = latest;
      onLatest?.(latest);
    }
  });

  // Declared before the seeding effect: a new machine, tag or range empties the buffer before the query seeds it.
  useEffect(() => {
    buffer.clear();
    span.current = RANGE_MS[range] / 1000;
    flush();
    let pending: ReturnType<typeof setTimeout> | undefined;
    let drawnAt = 0;
    const scheduleFlush = () => {
      if (pending !== undefined) return;
      pending = setTimeout(
        () => {
          pending = undefined;
          drawnAt = performance.now();
          flush();
        },
        Math.max(0, drawnAt + redrawMs(range) - performance.now()),
      );
    };
    const stop = liveClient.watch(machineId, [tag], {
      onPoints: (incoming) => {
        let changed = false;
        for (const s of incoming) changed = buffer.append(s.t.map((ms) => ms / 1000), s.v) || changed;
        if (changed) scheduleFlush();
      },
    });
    const timer = setInterval(flush, tickMs(range));
    return () => {
      stop();
      clearInterval(timer);
      clearTimeout(pending);
    };
  }, [machineId, tag, range, buffer]);

  useEffect(() => {
    const answer = series.data;
    if (!answer) return;
    span.current = (Date.parse(answer.to) - Date.parse(answer.from)) / 1000;
    const { t: times, avg, count, bucketSeconds } = answer.series;
    buffer.seed(times, avg, { bucketSeconds, lastCount: count[count.length - 1] ?? 1, coveredUntil: Date.parse(answer.to) / 1000 });
    flush();
  }, [series.data, buffer]);

  const options = useMemo(() => {
    const stale = () => {
      const last = buffer.lastTime();
      return dropToZero && last !== undefined && Date.now() - last * 1000 > REALTIME_CHART.dropAfterMs;
    };
    return lineChartOptions({
      colors,
      display,
      language: i18n.language,
      seriesLabel: tag,
      includeZero: stale,
      xRange: () => {
        const now = Date.now() / 1000;
        return [now - span.current, now];
      },
      plugins: [tooltip.plugin, dropToZeroPlugin(stale, colors.danger)],
    });
  }, [buffer, dropToZero, colors, display, i18n.language, tag, tooltip.plugin]);

  return (
    <UPlotChart ref={chart} options={options} data={initialData} height={height} label={label}>
      {/* Not while the first answer is on its way: an empty chart would flash 'No data' on every range change. */}
      {empty && !series.isLoading && <div className="chart-empty">{t('charts.noData')}</div>}
      <ChartTooltip picked={tooltip.picked} boxRef={tooltip.boxRef} unit={unit} onClose={tooltip.close} />
    </UPlotChart>
  );
});
