import i18n from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TagReading } from '@taktwerk/common';
import { de, en } from '../../i18n';
import { formatTagValue } from './format';

beforeAll(async () => {
  await i18n.init({ resources: { en: { translation: en }, de: { translation: de } }, lng: 'en' });
});

const reading = (value: TagReading['value'], unit: string | null = null): TagReading => ({
  id: '00000000-0000-4000-8000-000000000001',
  alias: 'x',
  dataType: 'Double',
  unit,
  value,
  timestamp: value === null ? null : '2026-01-01T00:00:00.000Z',
});

describe('machine card values', () => {
  it('shows ON/OFF for booleans and numbers with one decimal, in the UI language', () => {
    const t = i18n.getFixedT('en');
    expect(formatTagValue(reading(true), t, 'en')).toBe('ON');
    expect(formatTagValue(reading(false), t, 'en')).toBe('OFF');
    expect(formatTagValue(reading(21.25, '°C'), t, 'en')).toBe('21.3 °C');
    expect(formatTagValue(reading(7), t, 'en')).toBe('7.0');
    expect(formatTagValue(reading(1234.56), t, 'en')).toBe('1,234.6');
    expect(formatTagValue(reading('AUTO'), t, 'en')).toBe('AUTO');
    expect(formatTagValue(reading(null), t, 'en')).toBe('—');
    const tDe = i18n.getFixedT('de');
    expect(formatTagValue(reading(true), tDe, 'de')).toBe('EIN');
    expect(formatTagValue(reading(21.25), tDe, 'de')).toBe('21,3');
  });
});
