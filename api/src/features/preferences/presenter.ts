import type { Preferences, PreferencesUpdate } from '@taktwerk/common';
import type { PreferencesChange, PreferencesRow } from '@taktwerk/db';

export function presentPreferences(row: PreferencesRow): Preferences {
  return {
    theme: row.theme,
    language: row.language,
    timezone: row.timezone,
    dateFormat: row.date_format,
    emailAlerts: row.email_alerts,
    webhookAlerts: row.webhook_alerts,
    maintenanceNotifications: row.maintenance_notifications,
    marketingEmails: row.marketing_emails,
    weeklyReports: row.weekly_reports,
    sessionTimeoutMinutes: row.session_timeout_minutes,
    loginNotifications: row.login_notifications,
    analyticsTracking: row.analytics_tracking,
    errorReporting: row.error_reporting,
  };
}

export function preferencesChange(update: PreferencesUpdate): PreferencesChange {
  return {
    theme: update.theme,
    language: update.language,
    timezone: update.timezone,
    date_format: update.dateFormat,
    email_alerts: update.emailAlerts,
    webhook_alerts: update.webhookAlerts,
    maintenance_notifications: update.maintenanceNotifications,
    marketing_emails: update.marketingEmails,
    weekly_reports: update.weeklyReports,
    session_timeout_minutes: update.sessionTimeoutMinutes,
    login_notifications: update.loginNotifications,
    analytics_tracking: update.analyticsTracking,
    error_reporting: update.errorReporting,
  };
}
