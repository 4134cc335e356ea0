import { describe, expect, it } from 'vitest';
import { SeriesBuffer } from './series-buffer';

const contents = (buffer: SeriesBuffer) => buffer.data().map((column) => [...(column as Float64Array)]);

describe('SeriesBuffer', () => {
  it('appends in time order, skipping points already shown and values that are not numbers', () => {
    const buffer = new SeriesBuffer(100);
    expect(buffer.append([1, 2, 3], [10, 'text', 30])).toBe(true);
    expect(buffer.append([3, 2, 4], [99, 99, 40])).toBe(true);
    expect(buffer.append([4], [41])).toBe(false);
    expect(contents(buffer)).toEqual([
      [1, 3, 4],
      [10, 30, 40],
    ]);
  });

  it('seeds from a query and keeps live points newer than it', () => {
    const buffer = new SeriesBuffer(100);
    buffer.append([50, 61, 62], [5, 6.1, 6.2]);
    buffer.seed([0, 30, 60], [0, 3, null]);
    expect(contents(buffer)).toEqual([
      [0, 30, 61, 62],
      [0, 3, 6.1, 6.2],
    ]);
  });

  it('keeps only the newest `cap` points however many arrive, and trims the start of the window', () => {
    const buffer = new SeriesBuffer(1000);
    const times = Array.from({ length: 100_000 }, (_, i) => i);
    buffer.append(times, times);
    for (let i = 100_000; i < 105_000; i++) buffer.append([i], [i]);
    expect(buffer.length).toBe(1000);
    expect(buffer.lastTime()).toBe(104_999);
    expect(buffer.data()[0][0]).toBe(104_000);
    expect(buffer.trimBefore(104_500)).toBe(true);
    expect(buffer.length).toBe(500);
    expect(buffer.data()[0][0]).toBe(104_500);
  });

  it('hands out views, not copies, of its arrays', () => {
    const buffer = new SeriesBuffer(10);
    buffer.append([1, 2], [1, 2]);
    const [t] = buffer.data() as Float64Array[];
    expect(t).toBeInstanceOf(Float64Array);
    expect(t!.buffer.byteLength).toBeGreaterThan(t!.byteLength);
  });
});

describe('SeriesBuffer with buckets', () => {
  it('adds live points to the newest queried bucket and opens new ones on the same grid', () => {
    const buffer = new SeriesBuffer(100);
    const origin = Date.UTC(2026, 0, 5) / 1000;
    // Two 60 s buckets from the query, the newest holding 2 points with average 10, seen up to origin + 90.
    buffer.seed([origin, origin + 60], [5, 10], { bucketSeconds: 60, lastCount: 2, coveredUntil: origin + 90 });
    buffer.append([origin + 80, origin + 95, origin + 110, origin + 125], [999, 13, 16, 40]);
    expect(contents(buffer)).toEqual([
      [origin, origin + 60, origin + 120],
      [5, (10 * 2 + 13 + 16) / 4, 40],
    ]);
  });
});
