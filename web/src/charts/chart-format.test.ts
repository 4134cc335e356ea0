import { describe, expect, it } from 'vitest';
import { formatValue, pointTime, timeTickLabels, valueTickLabels } from './chart-format';

const at = (iso: string) => Date.parse(iso) / 1000;
const utc = { timeZone: 'UTC', dateFormat: 'MM/DD/YYYY' } as const;
const berlin = { timeZone: 'Europe/Berlin', dateFormat: 'DD.MM.YYYY' } as const;

describe('timeTickLabels', () => {
  it('labels by tick spacing in the user’s zone and date format, 24-hour, dates at midnight', () => {
    expect(timeTickLabels([at('2026-03-10T13:05:10Z')], 10, utc)).toEqual(['13:05:10']);
    expect(timeTickLabels([at('2026-03-10T13:05:00Z')], 300, utc)).toEqual(['13:05']);
    expect(timeTickLabels([at('2026-03-10T23:00:00Z'), at('2026-03-11T00:00:00Z')], 3600, utc)).toEqual(['23:00', '03/11/2026']);
    expect(timeTickLabels([at('2026-03-10T00:00:00Z')], 86_400, utc)).toEqual(['03/10/2026']);
  });

  it('labels the same tick differently for another time zone (the cache is keyed on it)', () => {
    const tick = at('2026-03-10T23:00:00Z');
    expect(timeTickLabels([tick], 3600, utc)).toEqual(['23:00']);
    expect(timeTickLabels([tick], 3600, berlin)).toEqual(['11.03.2026']);
  });
});

describe('value labels', () => {
  it('use the language’s number format with the decimals the spacing needs', () => {
    expect(valueTickLabels([0, 2500, 5000], 'de')).toEqual(['0', '2.500', '5.000']);
    expect(valueTickLabels([0, 0.25, 0.5], 'en')).toEqual(['0', '0.25', '0.5']);
    expect(formatValue(1426.25, 'de', 'rpm')).toBe('1.426,25 rpm');
    expect(pointTime(at('2026-03-10T13:05:10Z'), berlin)).toBe('10.03.2026 14:05:10');
  });
});
