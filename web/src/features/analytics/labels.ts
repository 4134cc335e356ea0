import type { ParseKeys } from 'i18next';
import type { Aggregation, ANALYTICS_RANGES, CHART_WIDENING, WidgetType } from '@taktwerk/common';

export type AnalyticsRange = (typeof ANALYTICS_RANGES)[number];

// Static keys for values that come from the contract, so every label is checked against the catalogs.
export const RANGE_KEYS: Record<AnalyticsRange, ParseKeys> = {
  '1h': 'analytics.ranges.h1',
  '24h': 'analytics.ranges.h24',
  '7d': 'analytics.ranges.d7',
  '30d': 'analytics.ranges.d30',
};

export const WIDENED_KEYS: Record<(typeof CHART_WIDENING)[number], ParseKeys> = {
  '48h': 'analytics.widened.h48',
  '7d': 'analytics.widened.d7',
};

export const TYPE_KEYS: Record<WidgetType, ParseKeys> = {
  metric: 'analytics.types.metric',
  chart: 'analytics.types.chart',
  table: 'analytics.types.table',
};

export const AGGREGATION_KEYS: Record<Aggregation, ParseKeys> = {
  avg: 'analytics.aggregations.avg',
  min: 'analytics.aggregations.min',
  max: 'analytics.aggregations.max',
  sum: 'analytics.aggregations.sum',
  count: 'analytics.aggregations.count',
};
