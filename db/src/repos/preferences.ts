import type { DateFormat, Language, Theme } from '@taktwerk/common';
import type { Queryable } from '../pool';

export interface PreferencesRow {
  user_id: string;
  org_id: string;
  theme: Theme;
  language: Language;
  timezone: string;
  date_format: DateFormat;
  email_alerts: boolean;
  webhook_alerts: boolean;
  maintenance_notifications: boolean;
  marketing_emails: boolean;
  weekly_reports: boolean;
  session_timeout_minutes: number;
  login_notifications: boolean;
  analytics_tracking: boolean;
  error_reporting: boolean;
  updated_at: Date;
}

export async function findPreferences(db: Queryable, userId: string): Promise<PreferencesRow | null> {
  const { rows } = await db.query<PreferencesRow>('SELECT * FROM user_preferences WHERE user_id = $1', [userId]);
  return rows[0] ?? null;
}

/**
 * Creates the defaults row of a user unless one exists; the column defaults are the spec's, except the session
 * timeout (from the security config) and the language a visitor signed up in.
 */
export async function insertDefaultPreferences(
  db: Queryable,
  p: { userId: string; orgId: string; sessionTimeoutMinutes: number; language?: Language },
): Promise<void> {
  await db.query(
    `INSERT INTO user_preferences (user_id, org_id, session_timeout_minutes, language)
     VALUES ($1, $2, $3, coalesce($4, 'en')) ON CONFLICT (user_id) DO NOTHING`,
    [p.userId, p.orgId, p.sessionTimeoutMinutes, p.language ?? null],
  );
}

export type PreferencesChange = Partial<
  Pick<
    PreferencesRow,
    | 'theme'
    | 'language'
    | 'timezone'
    | 'date_format'
    | 'email_alerts'
    | 'webhook_alerts'
    | 'maintenance_notifications'
    | 'marketing_emails'
    | 'weekly_reports'
    | 'session_timeout_minutes'
    | 'login_notifications'
    | 'analytics_tracking'
    | 'error_reporting'
  >
>;

/** Changes the given fields of an existing row in one statement (absent fields keep their value). */
export async function updatePreferences(db: Queryable, userId: string, c: PreferencesChange): Promise<PreferencesRow | null> {
  const { rows } = await db.query<PreferencesRow>(
    `UPDATE user_preferences SET
       theme = coalesce($2, theme), language = coalesce($3, language), timezone = coalesce($4, timezone),
       date_format = coalesce($5, date_format), email_alerts = coalesce($6, email_alerts),
       webhook_alerts = coalesce($7, webhook_alerts), maintenance_notifications = coalesce($8, maintenance_notifications),
       marketing_emails = coalesce($9, marketing_emails), weekly_reports = coalesce($10, weekly_reports),
       session_timeout_minutes = coalesce($11, session_timeout_minutes),
       login_notifications = coalesce($12, login_notifications), analytics_tracking = coalesce($13, analytics_tracking),
       error_reporting = coalesce($14, error_reporting)
     WHERE user_id = $1 RETURNING *`,
    [
      userId,
      c.theme ?? null,
      c.language ?? null,
      c.timezone ?? null,
      c.date_format ?? null,
      c.email_alerts ?? null,
      c.webhook_alerts ?? null,
      c.maintenance_notifications ?? null,
      c.marketing_emails ?? null,
      c.weekly_reports ?? null,
      c.session_timeout_minutes ?? null,
      c.login_notifications ?? null,
      c.analytics_tracking ?? null,
      c.error_reporting ?? null,
    ],
  );
  return rows[0] ?? null;
}
