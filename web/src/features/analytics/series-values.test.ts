import { describe, expect, it } from 'vitest';
import type { SeriesData } from '@taktwerk/common';
import { recentRows, seriesValues } from './series-values';

const buckets: SeriesData = {
  resolution: '1m',
  bucketSeconds: 60,
  t: [60, 120, 180],
  avg: [2, null, 4.5],
  min: [1, null, 4],
  max: [3, null, 5],
  count: [3, 0, 2],
};

describe('widget series values', () => {
  it('takes the column of the aggregation, and avg × count for sum', () => {
    expect(seriesValues(buckets, 'avg')).toEqual([2, null, 4.5]);
    expect(seriesValues(buckets, 'min')).toEqual([1, null, 4]);
    expect(seriesValues(buckets, 'max')).toEqual([3, null, 5]);
    expect(seriesValues(buckets, 'count')).toEqual([3, 0, 2]);
    expect(seriesValues(buckets, 'sum')).toEqual([6, null, 9]);
  });

  it('lists the newest points first, at most the limit', () => {
    expect(recentRows(buckets, 'max', 2)).toEqual([
      { t: 180, value: 5 },
      { t: 120, value: null },
    ]);
    expect(recentRows(buckets, 'count', 10).map((row) => row.t)).toEqual([180, 120, 60]);
    expect(recentRows({ ...buckets, t: [], avg: [], min: [], max: [], count: [] }, 'avg', 5)).toEqual([]);
  });
});
