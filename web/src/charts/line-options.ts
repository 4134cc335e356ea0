import type { DateDisplay } from '@taktwerk/common';
import type uPlot from 'uplot';
import type { ChartColors } from './chart-colors';
import { timeTickLabels, valueTickLabels } from './chart-format';
import type { UPlotOptions } from './UPlotChart';
import { gridRange, gridTicks } from './value-scale';

export interface LineChartSettings {
  colors: ChartColors;
  display: DateDisplay;
  language: string;
  /** Name of the one value series (legend, accessibility). */
  seriesLabel: string;
  /** Keeps 0 inside the value scale (used while the drop-to-zero marker shows). */
  includeZero?: () => boolean;
  /** The time window shown (epoch seconds), e.g. a range ending now; by default the data's own extent. */
  xRange?: () => [number, number];
  /** Extra hooks and plugins, e.g. the point tooltip and the drop-to-zero marker. */
  plugins?: uPlot.Plugin[];
}

const FONT = '11px Inter, -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, Arial, sans-serif';

/**
 * Options of a time/value line chart in the product's look: time axis in the user's zone and date format, 5 grid
 * lines with value labels, no legend (the card says what it shows), no drag-zoom (a click picks a point instead).
 * Memoize the result on its inputs: a new object recreates the chart.
 */
export function lineChartOptions({ colors, display, language, seriesLabel, includeZero, xRange, plugins = [] }: LineChartSettings): UPlotOptions {
  const axis = { stroke: colors.text, font: FONT, grid: { stroke: colors.grid, width: 1 }, ticks: { show: false } };
  return {
    legend: { show: false },
    cursor: { drag: { x: false, y: false }, points: { size: 8, fill: colors.line } },
    scales: {
      x: xRange ? { time: true, range: () => xRange() } : { time: true },
      y: { range: (_u, min, max) => gridRange(min, max, includeZero?.() ?? false) },
    },
    axes: [
      { ...axis, size: 32, values: (_u, ticks, _axis, _space, increment) => timeTickLabels(ticks, increment, display) },
      { ...axis, size: 56, splits: (u) => gridTicks(u.scales.y!.min!, u.scales.y!.max!), values: (_u, ticks) => valueTickLabels(ticks, language) },
    ],
    series: [{}, { label: seriesLabel, stroke: colors.line, width: 2, fill: colors.fill, points: { size: 5, fill: colors.surface } }],
    plugins,
  };
}
