import type { Language } from '@taktwerk/common';
import type { DeliveryContextRow } from '@taktwerk/db';

/** What every channel says about one alert event, in the addressee's language. */
export interface AlertNotice {
  language: Language;
  /** "Alert triggered: <rule> (<machine>)". */
  title: string;
  /** The event's own message (naming machine, tag, value and threshold), or a fallback built from the rule. */
  message: string;
  /** "Machine: …", "Severity: …", "Time: …". */
  details: string[];
  /** The alerts page of the web app, when the worker knows its public URL. */
  link: { label: string; url: string } | null;
  /** Sign-off of an email. */
  closing: string;
}

const TEXTS = {
  en: {
    triggered: 'Alert triggered',
    resolved: 'Alert resolved',
    machine: 'Machine',
    rule: 'Rule',
    severity: 'Severity',
    time: 'Time',
    open: 'Open alerts in Taktwerk',
    closing: 'Your Taktwerk team',
    severities: { low: 'low', medium: 'medium', high: 'high', critical: 'critical' },
    locale: 'en-GB',
  },
  de: {
    triggered: 'Alarm ausgelöst',
    resolved: 'Alarm aufgehoben',
    machine: 'Maschine',
    rule: 'Regel',
    severity: 'Schweregrad',
    time: 'Zeit',
    open: 'Alarme in Taktwerk öffnen',
    closing: 'Ihr Taktwerk-Team',
    severities: { low: 'niedrig', medium: 'mittel', high: 'hoch', critical: 'kritisch' },
    locale: 'de-DE',
  },
} as const;

function formatTime(ts: Date, locale: string, timeZone: string): string {
  const options: Intl.DateTimeFormatOptions = {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    timeZoneName: 'short',
  };
  try {
    return new Intl.DateTimeFormat(locale, { ...options, timeZone }).format(ts);
  } catch {
    return new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' }).format(ts);
  }
}

/** The event payload's message when the evaluator wrote one (it is free-form jsonb, so checked here). */
export const eventMessage = (ctx: Pick<DeliveryContextRow, 'event_payload'>): string | null => {
  const message = ctx.event_payload['message'];
  return typeof message === 'string' && message.trim() !== '' ? message : null;
};

export function alertNotice(ctx: DeliveryContextRow, publicUrl: string | undefined): AlertNotice {
  const t = TEXTS[ctx.language] ?? TEXTS.en;
  const headline = ctx.event_state === 'resolved' ? t.resolved : t.triggered;
  return {
    language: ctx.language,
    title: `${headline}: ${ctx.rule_name} (${ctx.machine_name})`,
    message: eventMessage(ctx) ?? `${ctx.rule_name}: ${ctx.machine_name}`,
    details: [
      `${t.machine}: ${ctx.machine_name}`,
      `${t.rule}: ${ctx.rule_name}`,
      `${t.severity}: ${t.severities[ctx.severity] ?? ctx.severity}`,
      `${t.time}: ${formatTime(ctx.event_ts, t.locale, ctx.timezone)}`,
    ],
    link: publicUrl ? { label: t.open, url: `${publicUrl.replace(/\/+$/, '')}/#alerts` } : null,
    closing: t.closing,
  };
}
