import { useMemo } from 'react';
import { DEFAULT_PREFERENCES, formatDate, formatDateTime, formatTime, type DateDisplay } from '@taktwerk/common';
import { usePreferences } from './use-preferences';

/** The signed-in user's time zone and date format (defaults until the preferences load). */
export function useDateDisplay(): DateDisplay {
  const { data } = usePreferences();
  const timeZone = data?.timezone ?? DEFAULT_PREFERENCES.timezone;
  const dateFormat = data?.dateFormat ?? DEFAULT_PREFERENCES.dateFormat;
  return useMemo(() => ({ timeZone, dateFormat }), [timeZone, dateFormat]);
}

type DateInput = Date | string | number;

/**
 * Formatters for dates and times in the user's time zone and date format, always 24-hour (spec part 1 §9):
 * `const { dateTime } = useDateFormat(); dateTime(row.createdAt)`.
 */
export function useDateFormat() {
  const display = useDateDisplay();
  return useMemo(
    () => ({
      date: (value: DateInput) => formatDate(value, display),
      dateTime: (value: DateInput, options?: { seconds?: boolean }) => formatDateTime(value, display, options),
      time: (value: DateInput, options?: { seconds?: boolean }) => formatTime(value, display, options),
    }),
    [display],
  );
}
