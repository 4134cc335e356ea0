import { describe, expect, it } from 'vitest';
import { gridRange, gridTicks } from './value-scale';

describe('gridRange', () => {
  it('covers the data with 4 round intervals', () => {
    expect(gridRange(3.2, 17.9)).toEqual([0, 20]);
    expect(gridRange(101, 104)).toEqual([101, 105]);
    expect(gridRange(-7, 3)).toEqual([-10, 10]);
    const [lo, hi] = gridRange(0.013, 0.052);
    expect(lo).toBeLessThanOrEqual(0.013);
    expect(hi).toBeGreaterThanOrEqual(0.052);
  });

  it('widens a flat series around its value and keeps zero in view on request', () => {
    const [lo, hi] = gridRange(50, 50);
    expect(lo).toBeLessThan(50);
    expect(hi).toBeGreaterThan(50);
    expect(gridRange(40, 60, true)[0]).toBe(0);
    expect(gridRange(0, 0)).toEqual([-1, 1]);
  });

  it('gives exactly 5 ticks from the bottom to the top', () => {
    expect(gridTicks(0, 20)).toEqual([0, 5, 10, 15, 20]);
  });
});
