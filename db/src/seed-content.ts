import type { Queryable } from './pool';

// Demo landing content in German (base fields) and English (*_en fields). Each table is filled only while it is
// empty, so content an admin edited or deleted is never brought back.

const FEATURES = [
  ['gauge', 'Live-Dashboards', 'Live dashboards', 'Maschinenwerte im Sekundentakt, KPI-Karten und Verläufe für jede Halle.', 'Machine values by the second, KPI cards and trends for every hall.'],
  ['antenna', 'OPC UA und Modbus', 'OPC UA and Modbus', 'Der Agent liest Ihre Steuerungen aus und puffert bei Netzausfall.', 'The agent reads your controllers and buffers through network outages.'],
  ['bell', 'Alarme mit Eskalation', 'Alerts that escalate', 'Schwellwerte, fehlende Daten und Abweichungen per E-Mail, Webhook, Slack oder Telegram.', 'Thresholds, missing data and deviations by email, webhook, Slack or Telegram.'],
  ['chart', 'Auswertungen', 'Analytics', 'Mittelwert, Minimum, Maximum und Summen über beliebige Zeiträume.', 'Average, minimum, maximum and totals over any time range.'],
  ['wrench', 'Wartungsregeln', 'Maintenance rules', 'Wartungsaufgaben entstehen aus echten Laufzeiten statt aus dem Kalender.', 'Maintenance tasks come from real running hours, not the calendar.'],
  ['key', 'Offene API', 'Open API', 'API-Schlüssel mit Berechtigungen für Ingest, Export und eigene Anwendungen.', 'Scoped API keys for ingest, export and your own applications.'],
] as const;

const BENEFITS = [
  ['Stillstände früher erkennen und Schichten retten', 'Spot stoppages early and save the shift'],
  ['In 15 Minuten von der Steuerung zum Dashboard', 'From controller to dashboard in 15 minutes'],
  ['Gehostet in Deutschland, DSGVO-konform', 'Hosted in Germany, GDPR compliant'],
  ['Keine Installation im Büro: läuft im Browser und auf dem Handy', 'Nothing to install in the office: runs in the browser and on phones'],
] as const;

const TESTIMONIALS = [
  ['Katrin Vogel', 'Katrin Vogel', 'Vogel Zerspanung GmbH', 'Leiterin Instandhaltung', 'Seit Taktwerk sehen wir Spindelprobleme Tage vorher. Zwei ungeplante Stillstände weniger im ersten Quartal.', 'Since Taktwerk we see spindle trouble days ahead. Two fewer unplanned stoppages in the first quarter.', 5],
  ['Murat Demir', 'Murat Demir', 'Demir Kunststofftechnik', 'Produktionsleiter', 'Die Alarme per Telegram erreichen die Schicht sofort – auch nachts.', 'Telegram alerts reach the shift at once, even at night.', 5],
  ['Sarah Klein', 'Sarah Klein', 'Klein Metallbau', 'Geschäftsführerin', 'Einfach eingerichtet, verständlich für das ganze Team.', 'Simple to set up and clear for the whole team.', 4],
] as const;

const HEADER_LINKS = [
  ['Features', '#features', false],
  ['Pricing', '#pricing', false],
  ['Testimonials', '#testimonials', false],
] as const;

const FOOTER_LINKS = [
  ['Impressum', '#impressum', false],
  ['Contact', '#contact', false],
] as const;

const PLANS = [
  ['professional', 'Professional', 'Professional', 49, 'USD', 'month', { machineLimit: 10, tagLimit: 1000, ingestPointsPerDay: 500000, retentionDays: 180, dashboardsLimit: 20, alertsLimit: 100, teamUsersLimit: 10, emailNotifications: true, webhookNotifications: true, apiAccess: true, ssoEnabled: false, prioritySupport: false, maintenanceEnabled: true }],
  ['enterprise', 'Enterprise', 'Enterprise', 199, 'USD', 'month', { machineLimit: 100, tagLimit: 20000, ingestPointsPerDay: 10000000, retentionDays: 730, dashboardsLimit: 200, alertsLimit: 1000, teamUsersLimit: 100, emailNotifications: true, webhookNotifications: true, apiAccess: true, ssoEnabled: true, prioritySupport: true, maintenanceEnabled: true }],
] as const;

const PAGES = [
  ['impressum', 'Impressum', '<h2>Angaben gemäß § 5 TMG</h2><p>Taktwerk Demo GmbH<br>Musterstraße 1<br>12345 Musterstadt</p><p>E-Mail: <a href="mailto:info@taktwerk.local">info@taktwerk.local</a></p>'],
  ['contact', 'Contact', '<p>Questions about Taktwerk? Write to <a href="mailto:sales@taktwerk.local">sales@taktwerk.local</a> and we answer within one working day.</p>'],
] as const;

async function isEmpty(db: Queryable, table: string): Promise<boolean> {
  const { rows } = await db.query<{ empty: boolean }>(`SELECT NOT EXISTS (SELECT 1 FROM ${table}) AS empty`);
  return rows[0]!.empty;
}

async function seedLinks(db: Queryable, table: 'header_links' | 'footer_links', links: readonly (readonly [string, string, boolean])[]) {
  if (!(await isEmpty(db, table))) return;
  for (const [i, [label, url, external]] of links.entries()) {
    await db.query(`INSERT INTO ${table} (label, url, "order", is_external) VALUES ($1, $2, $3, $4)`, [label, url, i + 1, external]);
  }
}

/** Features, benefits, testimonials, header and footer links, two paid plans and two custom pages for the demo. */
export async function seedLandingContent(db: Queryable): Promise<void> {
  if (await isEmpty(db, 'preview_features')) {
    for (const [i, [icon, title, titleEn, description, descriptionEn]] of FEATURES.entries()) {
      await db.query(
        `INSERT INTO preview_features (icon_name, title, title_en, description, description_en, "order")
         VALUES ($1, $2, $3, $4, $5, $6)`,
        [icon, title, titleEn, description, descriptionEn, i + 1],
      );
    }
  }
  if (await isEmpty(db, 'preview_benefits')) {
    for (const [i, [text, textEn]] of BENEFITS.entries()) {
      await db.query('INSERT INTO preview_benefits (text, text_en, "order") VALUES ($1, $2, $3)', [text, textEn, i + 1]);
    }
  }
  if (await isEmpty(db, 'preview_testimonials')) {
    for (const [i, [name, nameEn, company, role, content, contentEn, rating]] of TESTIMONIALS.entries()) {
      await db.query(
        `INSERT INTO preview_testimonials (name, name_en, company, role, content, content_en, rating, "order")
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [name, nameEn, company, role, content, contentEn, rating, i + 1],
      );
    }
  }
  await seedLinks(db, 'header_links', HEADER_LINKS);
  await seedLinks(db, 'footer_links', FOOTER_LINKS);
  const { rows } = await db.query<{ only_starter: boolean }>("SELECT NOT EXISTS (SELECT 1 FROM plans WHERE id <> 'starter') AS only_starter");
  if (rows[0]!.only_starter) {
    for (const [id, name, nameEn, price, currency, interval, features] of PLANS) {
      await db.query(
        `INSERT INTO plans (id, name, name_en, price, currency, interval, features, is_active)
         VALUES ($1, $2, $3, $4, $5, $6, $7, true) ON CONFLICT (id) DO NOTHING`,
        [id, name, nameEn, price, currency, interval, JSON.stringify(features)],
      );
    }
  }
  if (await isEmpty(db, 'pages')) {
    for (const [slug, title, content] of PAGES) {
      await db.query('INSERT INTO pages (slug, title, content) VALUES ($1, $2, $3)', [slug, title, content]);
    }
  }
}
