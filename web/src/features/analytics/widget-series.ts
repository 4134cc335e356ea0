import type { Widget } from '@taktwerk/common';
import { useSeries } from '../../charts/use-series';
import type { AnalyticsRange } from './labels';

/** Points a chart or table widget asks for: enough for a card's width; chart and table of one tag share the answer. */
const WIDGET_SERIES_POINTS = 300;

/** The series a chart or table widget shows: its tag over the chosen range, resolution chosen by the api. */
export function useWidgetSeries(widget: Widget, range: AnalyticsRange) {
  return useSeries({ machineId: widget.machineId, tag: widget.tagAlias, range, maxPoints: WIDGET_SERIES_POINTS });
}
