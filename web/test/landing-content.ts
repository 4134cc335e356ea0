import { seedLandingContent, withPlatform, type Pool, type Queryable } from '@taktwerk/db';

// Landing content is platform-wide, so the landing browser tests take it over for a while: they empty it (for the
// empty states), seed the demo content, and finally put back exactly what was there before.

const CONTENT_TABLES = ['preview_features', 'preview_benefits', 'preview_testimonials', 'header_links', 'footer_links'] as const;

export interface LandingSnapshot {
  rows: Record<(typeof CONTENT_TABLES)[number], Record<string, unknown>[]>;
  activePlanIds: string[];
  planIds: string[];
  pageIds: string[];
}

async function insertRow(db: Queryable, table: string, row: Record<string, unknown>): Promise<void> {
  const columns = Object.keys(row);
  const quoted = columns.map((c) => `"${c}"`).join(', ');
  const placeholders = columns.map((_, i) => `$${i + 1}`).join(', ');
  await db.query(`INSERT INTO ${table} (${quoted}) VALUES (${placeholders})`, Object.values(row));
}

/** Removes all landing content and deactivates every plan; returns what is needed to restore it. */
export function takeLandingOffline(pool: Pool): Promise<LandingSnapshot> {
  return withPlatform(pool, async (db) => {
    const rows = {} as LandingSnapshot['rows'];
    for (const table of CONTENT_TABLES) {
      rows[table] = (await db.query<Record<string, unknown>>(`SELECT * FROM ${table}`)).rows;
      await db.query(`DELETE FROM ${table}`);
    }
    const plans = (await db.query<{ id: string; is_active: boolean }>('SELECT id, is_active FROM plans')).rows;
    const pages = (await db.query<{ id: string }>('SELECT id FROM pages')).rows;
    await db.query('UPDATE plans SET is_active = false');
    return {
      rows,
      activePlanIds: plans.filter((p) => p.is_active).map((p) => p.id),
      planIds: plans.map((p) => p.id),
      pageIds: pages.map((p) => p.id),
    };
  });
}

/** The demo content of db/src/seed-content.ts, with the plans that were active before active again. */
export function seedLanding(pool: Pool, snapshot: LandingSnapshot): Promise<void> {
  return withPlatform(pool, async (db) => {
    await db.query('UPDATE plans SET is_active = true WHERE id = ANY($1)', [snapshot.activePlanIds]);
    await seedLandingContent(db);
    await db.query(
      `INSERT INTO pages (slug, title, content) VALUES ('impressum', 'Impressum', '<p>Taktwerk Demo GmbH</p><script>window.pwned = 1</script>')
       ON CONFLICT ((lower(slug))) DO NOTHING`,
    );
  });
}

/** Puts the landing content, plans and pages back as takeLandingOffline found them. */
export function restoreLanding(pool: Pool, snapshot: LandingSnapshot): Promise<void> {
  return withPlatform(pool, async (db) => {
    for (const table of CONTENT_TABLES) {
      await db.query(`DELETE FROM ${table}`);
      for (const row of snapshot.rows[table]) await insertRow(db, table, row);
    }
    await db.query('DELETE FROM pages WHERE NOT (id = ANY($1))', [snapshot.pageIds]);
    await db.query('DELETE FROM plans WHERE NOT (id = ANY($1)) AND NOT EXISTS (SELECT 1 FROM organizations o WHERE o.plan_id = plans.id)', [
      snapshot.planIds,
    ]);
    await db.query('UPDATE plans SET is_active = (id = ANY($1))', [snapshot.activePlanIds]);
  });
}
