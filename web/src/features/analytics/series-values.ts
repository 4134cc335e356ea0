import type { Aggregation, SeriesData } from '@taktwerk/common';

/**
 * One value per point of a series for a widget's aggregation: the bucket's avg, min, max or count, and for sum the
 * bucket's avg times its count (raw points have count 1, so their sum is the value itself).
 */
export function seriesValues(series: SeriesData, aggregation: Aggregation): (number | null)[] {
  switch (aggregation) {
    case 'avg':
    case 'min':
    case 'max':
      return series[aggregation];
    case 'count':
      return series.count;
    case 'sum':
      return series.avg.map((avg, i) => (avg === null ? null : avg * series.count[i]!));
  }
}

export interface RecentRow {
  /** Epoch seconds. */
  t: number;
  value: number | null;
}

/** The newest `limit` points of a series, newest first (a table widget's rows). */
export function recentRows(series: SeriesData, aggregation: Aggregation, limit: number): RecentRow[] {
  const values = seriesValues(series, aggregation);
  const rows: RecentRow[] = [];
  for (let i = series.t.length - 1; i >= 0 && rows.length < limit; i -= 1) rows.push({ t: series.t[i]!, value: values[i] ?? null });
  return rows;
}
