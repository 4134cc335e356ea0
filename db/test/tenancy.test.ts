import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPool, withTenant, withPlatform, insertMachine, type Pool } from '@taktwerk/db';
import { testDatabase } from '../../testing/context';
import { createTestOrganization } from '../../testing/fixtures';

const testDb = testDatabase();
let app: Pool;
let owner: pg.Client;

beforeAll(async () => {
  app = createPool(testDb.appUrl, { max: 3 });
  owner = new pg.Client({ connectionString: testDb.ownerUrl });
  await owner.connect();
});
afterAll(async () => {
  await app.end();
  await owner.end();
});

describe('roles', () => {
  it('the runtime role is neither owner, superuser nor BYPASSRLS', async () => {
    const { rows } = await app.query(
      `SELECT r.rolsuper, r.rolbypassrls,
              (SELECT count(*) FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
                WHERE n.nspname = 'public' AND c.relowner = r.oid)::int AS owned
         FROM pg_roles r WHERE r.rolname = current_user`,
    );
    expect(rows[0]).toEqual({ rolsuper: false, rolbypassrls: false, owned: 0 });
  });
});

describe('row-level security', () => {
  it('is enabled and forced on every table with an org_id column', async () => {
    const { rows } = await owner.query(
      `SELECT c.relname, c.relrowsecurity, c.relforcerowsecurity
         FROM information_schema.columns col
         JOIN pg_class c ON c.relname = col.table_name
         JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = col.table_schema
        WHERE col.table_schema = 'public' AND col.column_name = 'org_id' AND c.relkind = 'r'
        ORDER BY 1`,
    );
    expect(rows.length).toBeGreaterThanOrEqual(20);
    for (const row of rows) expect(row, row.relname).toMatchObject({ relrowsecurity: true, relforcerowsecurity: true });
    // org_id is NOT NULL wherever it exists.
    const nullable = await owner.query(
      `SELECT table_name FROM information_schema.columns
        WHERE table_schema = 'public' AND column_name = 'org_id' AND is_nullable = 'YES'`,
    );
    expect(nullable.rows).toEqual([]);
  });

  it('returns no rows without the tenant setting, and only own rows with it', async () => {
    const a = await createTestOrganization(app);
    const b = await createTestOrganization(app);
    await withPlatform(app, async (db) => {
      await insertMachine(db, { orgId: a.org.id, name: 'A1', description: null, location: null });
      await insertMachine(db, { orgId: b.org.id, name: 'B1', description: null, location: null });
    });
    for (const table of ['machines', 'users', 'organizations']) {
      const bare = await app.query(`SELECT count(*)::int AS n FROM ${table}`);
      expect(bare.rows[0].n, table).toBe(0);
    }
    const seen = await withTenant(app, a.org.id, (db) => db.query('SELECT name, org_id FROM machines'));
    expect(seen.rows).toEqual([{ name: 'A1', org_id: a.org.id }]);
    const users = await withTenant(app, a.org.id, (db) => db.query('SELECT DISTINCT org_id FROM users'));
    expect(users.rows).toEqual([{ org_id: a.org.id }]);
  });

  it('refuses a write carrying another organization id', async () => {
    const a = await createTestOrganization(app);
    const b = await createTestOrganization(app);
    await expect(
      withTenant(app, a.org.id, (db) => insertMachine(db, { orgId: b.org.id, name: 'Intruder', description: null, location: null })),
    ).rejects.toMatchObject({ code: '42501' });
    // Moving an own row into another tenant is refused too.
    const machine = await withTenant(app, a.org.id, (db) => insertMachine(db, { orgId: a.org.id, name: 'Mine', description: null, location: null }));
    await expect(
      withTenant(app, a.org.id, (db) => db.query('UPDATE machines SET org_id = $1 WHERE id = $2', [b.org.id, machine.id])),
    ).rejects.toMatchObject({ code: '42501' });
  });
});

describe('migrations', () => {
  it('recorded plain storage mode and are safe to run again', async () => {
    const { runMigrations } = await import('@taktwerk/db');
    await runMigrations(testDb.ownerUrl);
    await runMigrations(testDb.ownerUrl);
    const { rows } = await owner.query('SELECT mode FROM storage_info');
    expect(rows).toEqual([{ mode: 'plain' }]);
    const applied = await owner.query('SELECT count(*)::int AS n FROM migrations');
    expect(applied.rows[0].n).toBeGreaterThanOrEqual(7);
  });
});
