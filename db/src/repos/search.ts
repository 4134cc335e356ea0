import type { Queryable } from '../pool';

// Global search (spec part 1 §7): case-insensitive substring matches, names starting with the text first.
// `orgId` confines a search to one organization; null searches every organization and is only for platform admins
// (through withPlatform). strpos() instead of LIKE: the typed text is matched literally, '%' and '_' included.

export interface SearchRow {
  id: string;
  title: string;
  subtitle: string | null;
  org_id: string | null;
  machine_id: string | null;
}

const rank = (column: string) => `(strpos(lower(${column}), lower($1)) = 1) DESC, lower(${column})`;

export async function searchMachines(db: Queryable, orgId: string | null, text: string, limit: number): Promise<SearchRow[]> {
  const { rows } = await db.query<SearchRow>(
    `SELECT id, name AS title, location AS subtitle, org_id, NULL::uuid AS machine_id FROM machines
      WHERE ($2::uuid IS NULL OR org_id = $2) AND (strpos(lower(name), lower($1)) > 0 OR strpos(lower(coalesce(location, '')), lower($1)) > 0)
      ORDER BY ${rank('name')}, id LIMIT $3`,
    [text, orgId, limit],
  );
  return rows;
}

export async function searchTags(db: Queryable, orgId: string | null, text: string, limit: number): Promise<SearchRow[]> {
  const { rows } = await db.query<SearchRow>(
    `SELECT t.id, t.alias AS title, m.name AS subtitle, t.org_id, t.machine_id FROM tag_configs t JOIN machines m ON m.id = t.machine_id
      WHERE ($2::uuid IS NULL OR t.org_id = $2) AND (strpos(lower(t.alias), lower($1)) > 0 OR strpos(lower(t.path), lower($1)) > 0)
      ORDER BY ${rank('t.alias')}, t.id LIMIT $3`,
    [text, orgId, limit],
  );
  return rows;
}

export async function searchUsers(db: Queryable, orgId: string | null, text: string, limit: number): Promise<SearchRow[]> {
  const { rows } = await db.query<SearchRow>(
    `SELECT id, name AS title, email AS subtitle, org_id, NULL::uuid AS machine_id FROM users
      WHERE ($2::uuid IS NULL OR org_id = $2) AND (strpos(lower(name), lower($1)) > 0 OR strpos(lower(email), lower($1)) > 0)
      ORDER BY ${rank('name')}, id LIMIT $3`,
    [text, orgId, limit],
  );
  return rows;
}

/** Customer organizations (never the platform's own), or just `orgId`'s. */
export async function searchOrganizations(db: Queryable, orgId: string | null, text: string, limit: number): Promise<SearchRow[]> {
  const { rows } = await db.query<SearchRow>(
    `SELECT id, name AS title, plan_id AS subtitle, id AS org_id, NULL::uuid AS machine_id FROM organizations
      WHERE ($2::uuid IS NULL OR id = $2) AND NOT is_platform AND strpos(lower(name), lower($1)) > 0
      ORDER BY ${rank('name')}, id LIMIT $3`,
    [text, orgId, limit],
  );
  return rows;
}

/** Custom pages, which anyone may open: the id is the slug. */
export async function searchCustomPages(db: Queryable, text: string, limit: number): Promise<SearchRow[]> {
  const { rows } = await db.query<SearchRow>(
    `SELECT slug AS id, title, NULL AS subtitle, NULL::uuid AS org_id, NULL::uuid AS machine_id FROM pages
      WHERE strpos(lower(title), lower($1)) > 0 OR strpos(lower(slug), lower($1)) > 0
      ORDER BY ${rank('title')}, slug LIMIT $2`,
    [text, limit],
  );
  return rows;
}
