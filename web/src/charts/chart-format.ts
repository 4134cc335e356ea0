import { formatDate, formatDateTime, formatTime, type DateDisplay } from '@taktwerk/common';

const HOUR_S = 3600;
const DAY_S = 24 * HOUR_S;

function timeTickLabel(at: number, incrementSeconds: number, display: DateDisplay): string {
  if (incrementSeconds >= DAY_S) return formatDate(at, display);
  if (incrementSeconds < 60) return formatTime(at, display, { seconds: true });
  const time = formatTime(at, display);
  return incrementSeconds >= HOUR_S && time === '00:00' ? formatDate(at, display) : time;
}

// A live chart redraws its axis many times a second with mostly the same ticks, and formatting a date in a time zone
// is the costliest step of a redraw: labels are remembered (a bounded cache, emptied when full).
const tickLabels = new Map<string, string>();
const TICK_LABEL_CACHE = 5000;

/**
 * Labels of the time axis (ticks in epoch seconds) in the user's time zone and date format, 24-hour: seconds when the
 * ticks are seconds apart, dates when they are days apart, and the date instead of 00:00 at midnight in between.
 */
export function timeTickLabels(ticks: readonly number[], incrementSeconds: number, display: DateDisplay): string[] {
  return ticks.map((tick) => {
    const key = `${tick}|${incrementSeconds}|${display.timeZone}|${display.dateFormat}`;
    let label = tickLabels.get(key);
    if (label === undefined) {
      if (tickLabels.size >= TICK_LABEL_CACHE) tickLabels.clear();
      label = timeTickLabel(tick * 1000, incrementSeconds, display);
      tickLabels.set(key, label);
    }
    return label;
  });
}

/** A point's time in a tooltip: date and time with seconds, no time-zone suffix (spec part 1 §2). */
export function pointTime(seconds: number, display: DateDisplay): string {
  return formatDateTime(seconds * 1000, display, { seconds: true });
}

const numberFormats = new Map<string, Intl.NumberFormat>();

/** A number format of the language, built once: live views format numbers many times a second. */
export function numberFormat(language: string, fractionDigits: number, signDisplay: 'auto' | 'exceptZero' = 'auto'): Intl.NumberFormat {
  const key = `${language}|${fractionDigits}|${signDisplay}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(language, { maximumFractionDigits: fractionDigits, signDisplay });
    numberFormats.set(key, format);
  }
  return format;
}

/** Value-axis labels in the language's number format, with as many decimals as the tick spacing needs. */
export function valueTickLabels(ticks: readonly number[], language: string): string[] {
  const step = ticks.length > 1 ? Math.abs(ticks[1]! - ticks[0]!) : Math.abs(ticks[0] ?? 0);
  const digits = step === 0 || step >= 10 ? 0 : Math.min(4, Math.max(0, 1 - Math.floor(Math.log10(step))));
  const format = numberFormat(language, digits);
  return ticks.map((tick) => format.format(tick));
}

/** A single value in the language's number format (up to 2 decimals), with its unit when it has one. */
export function formatValue(value: number, language: string, unit?: string | null): string {
  const text = numberFormat(language, 2).format(value);
  return unit ? `${text} ${unit}` : text;
}
