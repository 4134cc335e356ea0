import type { TFunction } from 'i18next';
import { alertEventPayloadSchema, type AlertEvent } from '@taktwerk/common';

/** A number as the event sentences show it: up to 6 significant digits, in the user's locale. */
export const formatAlertNumber = (value: number, language: string) => new Intl.NumberFormat(language, { maximumSignificantDigits: 6 }).format(value);

/**
 * The event's sentence in the user's language, built from the fields the payload records (machine, tag, value,
 * threshold …); the stored English sentence when the fields are not all there.
 */
export function eventMessage(event: AlertEvent, t: TFunction, language: string): string {
  const parsed = alertEventPayloadSchema.safeParse(event.payload);
  if (!parsed.success) return event.message;
  const p = parsed.data;
  const num = (value: number | null | undefined) => (value === null || value === undefined ? '—' : formatAlertNumber(value, language));
  const base = { machine: event.machineName, tag: p.tag, value: num(p.value) };
  const triggered = event.state === 'triggered';
  switch (p.ruleType) {
    case 'threshold':
      if (p.operator === undefined || p.threshold === undefined) return event.message;
      return t(triggered ? 'alerts.events.message.thresholdTriggered' : 'alerts.events.message.thresholdResolved', {
        ...base,
        operator: p.operator,
        threshold: num(p.threshold),
      });
    case 'deviation':
      if (p.deviationSigma === undefined) return event.message;
      return t(triggered ? 'alerts.events.message.deviationTriggered' : 'alerts.events.message.deviationResolved', {
        ...base,
        sigma: num(p.deviationSigma),
      });
    case 'no_data':
      if (!triggered) return t('alerts.events.message.noDataResolved', base);
      if (p.noDataMinutes === undefined) return event.message;
      return t('alerts.events.message.noDataTriggered', { ...base, minutes: p.noDataMinutes });
  }
}
