import type { Preferences } from '@taktwerk/common';

/** The flags of the notification and privacy groups, in display order. */
export const NOTIFICATION_FLAGS = [
  'emailAlerts',
  'webhookAlerts',
  'maintenanceNotifications',
  'weeklyReports',
  'loginNotifications',
  'marketingEmails',
] as const satisfies readonly (keyof Preferences)[];
export const PRIVACY_FLAGS = ['analyticsTracking', 'errorReporting'] as const satisfies readonly (keyof Preferences)[];
export type PreferenceFlag = (typeof NOTIFICATION_FLAGS)[number] | (typeof PRIVACY_FLAGS)[number];

let zones: string[] | undefined;

/** Every IANA time zone this browser knows, UTC first. */
export function timeZones(): string[] {
  zones ??= ['UTC', ...Intl.supportedValuesOf('timeZone').filter((zone) => zone !== 'UTC')];
  return zones;
}
