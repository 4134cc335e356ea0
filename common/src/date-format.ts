import type { DateFormat } from './constants';

/** How a user wants dates and times shown: their time zone and date format; times are always 24-hour. */
export interface DateDisplay {
  timeZone: string;
  dateFormat: DateFormat;
}

type Parts = Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', string>;

// Formatters are costly to build and a table renders hundreds of dates: one per time zone.
const formatters = new Map<string, Intl.DateTimeFormat>();

function partsOf(date: Date, timeZone: string): Parts {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, formatter);
  }
  const parts = Object.fromEntries(formatter.formatToParts(date).map((p) => [p.type, p.value])) as Parts;
  return parts;
}

function dateOf(p: Parts, format: DateFormat): string {
  if (format === 'DD.MM.YYYY') return `${p.day}.${p.month}.${p.year}`;
  if (format === 'YYYY-MM-DD') return `${p.year}-${p.month}-${p.day}`;
  return `${p.month}/${p.day}/${p.year}`;
}

const toDate = (value: Date | string | number) => (value instanceof Date ? value : new Date(value));

/** The date alone, e.g. 31.12.2026. */
export function formatDate(value: Date | string | number, display: DateDisplay): string {
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return '';
  return dateOf(partsOf(date, display.timeZone), display.dateFormat);
}

/** Date and 24-hour time, e.g. 12/31/2026 23:59 (with seconds on request). No time-zone suffix (spec part 1 §2). */
export function formatDateTime(value: Date | string | number, display: DateDisplay, options: { seconds?: boolean } = {}): string {
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return '';
  const p = partsOf(date, display.timeZone);
  const time = options.seconds ? `${p.hour}:${p.minute}:${p.second}` : `${p.hour}:${p.minute}`;
  return `${dateOf(p, display.dateFormat)} ${time}`;
}

/** The 24-hour time alone, e.g. 07:05. */
export function formatTime(value: Date | string | number, display: DateDisplay, options: { seconds?: boolean } = {}): string {
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return '';
  const p = partsOf(date, display.timeZone);
  return options.seconds ? `${p.hour}:${p.minute}:${p.second}` : `${p.hour}:${p.minute}`;
}
