import i18next, { type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AlertEvent } from '@taktwerk/common';
import { ApiError } from '../../app/http-json';
import { de, en } from '../../i18n';
import { alertErrorMessage, validationToast } from './alert-errors';
import { eventMessage } from './event-text';

let tDe: TFunction;
let tEn: TFunction;
beforeAll(async () => {
  const instance = i18next.createInstance();
  await instance.init({ resources: { en: { translation: en }, de: { translation: de } }, lng: 'de', interpolation: { escapeValue: false } });
  tDe = instance.getFixedT('de');
  tEn = instance.getFixedT('en');
});

const event = (patch: Partial<AlertEvent> & { payload: Record<string, unknown> }): AlertEvent => ({
  id: '4c1d3c8e-0000-4000-8000-000000000001',
  alertId: '4c1d3c8e-0000-4000-8000-000000000002',
  ruleName: 'Hot spindle',
  ruleType: 'threshold',
  severity: 'high',
  machineId: '4c1d3c8e-0000-4000-8000-000000000003',
  machineName: 'Press 1',
  state: 'triggered',
  message: 'Press 1: spindle.temp is 1234.5, threshold > 80',
  timestamp: '2026-11-21T10:00:00.000Z',
  acknowledged: false,
  acknowledgedAt: null,
  acknowledgedBy: null,
  acknowledgedByName: null,
  deliveries: [],
  ...patch,
});
const payload = { message: 'stored', ruleName: 'Hot spindle', severity: 'high', machineName: 'Press 1', tag: 'spindle.temp' };

describe('alert texts', () => {
  it('words an event in the user’s language from its payload fields, numbers in the locale', () => {
    const threshold = event({ payload: { ...payload, ruleType: 'threshold', value: 1234.5, operator: '>', threshold: 80 } });
    expect(eventMessage(threshold, tDe, 'de')).toBe('Press 1: spindle.temp ist 1.234,5, Schwelle > 80');
    expect(eventMessage(threshold, tEn, 'en')).toBe('Press 1: spindle.temp is 1,234.5, threshold > 80');
    const resolved = event({ state: 'resolved', ruleType: 'no_data', payload: { ...payload, ruleType: 'no_data', value: null, noDataMinutes: 5 } });
    expect(eventMessage(resolved, tDe, 'de')).toBe('Press 1: spindle.temp sendet wieder Werte');
    const silent = event({ ruleType: 'no_data', payload: { ...payload, ruleType: 'no_data', value: null, noDataMinutes: 5 } });
    expect(eventMessage(silent, tEn, 'en')).toBe('Press 1: spindle.temp has sent no value for 5 minutes');
    // A payload without its fields keeps the stored sentence.
    expect(eventMessage(event({ payload: { message: 'stored' } }), tDe, 'de')).toBe('Press 1: spindle.temp is 1234.5, threshold > 80');
  });

  it('gives the spec’s German validation texts and maps api codes to translated messages', () => {
    expect(validationToast({ code: 'required_fields', fields: ['name'] }, tDe)).toEqual({
      type: 'error',
      title: 'Validierungsfehler',
      message: 'Bitte füllen Sie alle erforderlichen Felder aus.',
    });
    const required = new ApiError(400, 'required_fields', 'Please fill in all required fields.', { fields: ['tag'] });
    expect(alertErrorMessage(required, tDe)).toBe('Bitte füllen Sie alle erforderlichen Felder aus.');
    const range = new ApiError(400, 'number_out_of_range', 'x', { field: 'noDataMinutes', min: 1, max: 10080 });
    expect(alertErrorMessage(range, tDe)).toBe('Minuten ohne Wert muss zwischen 1 und 10080 liegen.');
    expect(alertErrorMessage(new ApiError(400, 'unknown_tag', 'x', { tag: 'rpm' }), tEn)).toBe('The machine has no tag “rpm”.');
    const problems = [{ index: 0, code: 'unknown_machine' }, { index: 2, code: 'unknown_tag', tag: 'rpm' }];
    expect(alertErrorMessage(new ApiError(400, 'import_invalid', 'x', { problems }), tDe)).toBe(
      'Regel 1: Maschine in dieser Organisation nicht gefunden; Regel 3: Die Maschine hat keinen Tag „rpm“.',
    );
    // Anything else keeps the server's words; a network failure is translated.
    expect(alertErrorMessage(new ApiError(500, 'internal', 'Something broke.'), tDe)).toBe('Something broke.');
    expect(alertErrorMessage(new ApiError(0, 'network_error', 'fetch failed'), tDe)).toBe(tDe('common.errors.network'));
  });
});
