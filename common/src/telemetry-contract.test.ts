import { describe, expect, it } from 'vitest';
import { ANALYTICS_RANGES, CHART_RANGES, CHART_WIDENING, DASHBOARD_RANGES } from './constants';
import { RANGE_MS, RANGE_PRESETS, checkExplorerFilters, seriesWindow, utcDayStart, wideningSteps } from './telemetry-contract';

describe('telemetry contract', () => {
  it('knows every range the spec offers, shortest first', () => {
    for (const range of [...DASHBOARD_RANGES, ...ANALYTICS_RANGES, ...CHART_RANGES, ...CHART_WIDENING]) expect(RANGE_PRESETS).toContain(range);
    const lengths = RANGE_PRESETS.map((r) => RANGE_MS[r]);
    expect([...lengths].sort((a, b) => a - b)).toEqual(lengths);
  });

  it('widens only to ranges longer than the one asked for: 48 h, then 7 days', () => {
    expect(wideningSteps('1m')).toEqual(['48h', '7d']);
    expect(wideningSteps('24h')).toEqual(['48h', '7d']);
    expect(wideningSteps('48h')).toEqual(['7d']);
    expect(wideningSteps('7d')).toEqual([]);
    expect(wideningSteps('30d')).toEqual([]);
  });

  it('reads a preset as a window ending now, from/to as given, nothing as the chart default of 1 hour', () => {
    const now = Date.parse('2026-05-03T12:00:00Z');
    expect(seriesWindow({ range: '6h' }, now)).toEqual({ from: new Date(now - 6 * 3600_000), to: new Date(now), preset: '6h' });
    expect(seriesWindow({}, now)).toEqual({ from: new Date(now - 3600_000), to: new Date(now), preset: '1h' });
    const given = { from: '2026-01-01T00:00:00Z', to: '2026-01-02T00:00:00+02:00' };
    expect(seriesWindow(given, now)).toEqual({ from: new Date(given.from), to: new Date('2026-01-01T22:00:00Z'), preset: null });
  });

  it('accepts only real calendar days', () => {
    expect(utcDayStart('2024-02-29')).toEqual(new Date('2024-02-29T00:00:00Z'));
    for (const day of ['2023-02-29', '2026-13-01', '2026-1-1', '0001-01-01', '']) expect(utcDayStart(day)).toBeNull();
  });

  it('covers from the start of the from day to the end of the to day, and defaults an export to every row', () => {
    const machine = '33333333-3333-4333-8333-333333333333';
    const result = checkExplorerFilters({ machineIds: [machine.toUpperCase(), machine], tags: 'a, b,,a', fromDay: '2026-01-10', toDay: '2026-01-11' }, 'export');
    expect(result).toEqual({
      ok: true,
      filters: {
        machineIds: [machine],
        tags: ['a', 'b'],
        tagIds: [],
        fromDay: '2026-01-10',
        toDay: '2026-01-11',
        from: new Date('2026-01-10T00:00:00Z'),
        to: new Date('2026-01-12T00:00:00Z'),
        aggregation: 'none',
        interval: '1h',
        limit: null,
      },
    });
    const defaults = checkExplorerFilters({ machineIds: machine, tags: 'a' }, 'query', new Date('2026-05-03T08:00:00Z'));
    expect(defaults).toMatchObject({ ok: true, filters: { fromDay: '2026-05-02', toDay: '2026-05-03', limit: 1000 } });
    expect(checkExplorerFilters({ machineIds: machine, tags: 'a', limit: '1000000' }, 'export')).toMatchObject({ ok: true, filters: { limit: 1_000_000 } });
  });
});
