import { describe, expect, it } from 'vitest';
import type { ValidPoint } from '../ingest/values';
import { ALL_TAGS, filterSeries, mergeSeries, tagFilter, toSeries } from './series';

const point = (tag: string, ms: number, value: number | null, text: string | null = null, quality: number | null = null): ValidPoint => ({
  index: 0,
  tag,
  ts: new Date(ms),
  value,
  text,
  quality,
  dataType: text === null ? 'Double' : 'String',
});

describe('live series', () => {
  it('groups a batch by tag, columnar, with qualities only where a point has one', () => {
    expect(toSeries([point('a', 1, 1.5), point('b', 1, null, 'open'), point('a', 2, 2, null, 192)])).toEqual([
      { tag: 'a', t: [1, 2], v: [1.5, 2], q: [null, 192] },
      { tag: 'b', t: [1], v: ['open'] },
    ]);
  });

  it('merges batches per tag in arrival order and keeps quality columns aligned', () => {
    const first = toSeries([point('a', 1, 1), point('b', 1, 10)]);
    const second = toSeries([point('a', 2, 2, null, 7)]);
    expect(mergeSeries([first, second])).toEqual([
      { tag: 'a', t: [1, 2], v: [1, 2], q: [null, 7] },
      { tag: 'b', t: [1], v: [10] },
    ]);
    expect(mergeSeries([first])).toBe(first);
  });

  it('filters tags case-insensitively; equal filters share a key', () => {
    const series = toSeries([point('Spindle.Temp', 1, 1), point('mode', 1, null, 'auto')]);
    expect(filterSeries(series, tagFilter(['spindle.temp'])).map((s) => s.tag)).toEqual(['Spindle.Temp']);
    expect(filterSeries(series, ALL_TAGS)).toBe(series);
    expect(tagFilter(['B', 'a', 'b']).key).toBe(tagFilter(['A', 'b']).key);
    expect(tagFilter(['a']).key).not.toBe(ALL_TAGS.key);
  });
});
