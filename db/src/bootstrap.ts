import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { migrate } from 'postgres-migrations';

export const MIGRATIONS_DIR = fileURLToPath(new URL('../migrations', import.meta.url));

export interface DatabaseUrls {
  /** Superuser, used only to create roles, the database and extensions. */
  adminUrl: string;
  /** Owner of the schema; runs migrations. */
  ownerUrl: string;
  /** The runtime role: not owner, not superuser, no BYPASSRLS. */
  appUrl: string;
}

interface RoleSpec { name: string; password: string; database: string }

function roleOf(url: string): RoleSpec {
  const u = new URL(url);
  return { name: decodeURIComponent(u.username), password: decodeURIComponent(u.password), database: u.pathname.slice(1) };
}

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;
const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;

async function withClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

async function ensureRole(client: pg.Client, role: RoleSpec): Promise<void> {
  const exists = await client.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [role.name]);
  // Role attributes are spelled out so an existing role is corrected too: never superuser, never BYPASSRLS.
  const attributes = `LOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE${role.password ? ` PASSWORD ${literal(role.password)}` : ''}`;
  await client.query(`${exists.rowCount ? 'ALTER' : 'CREATE'} ROLE ${ident(role.name)} ${attributes}`);
}

/**
 * Creates roles and database if missing, grants the runtime role its rights, then migrates. Safe to repeat.
 * Concurrent bootstraps on one server (parallel test files, a bench beside a test run) ALTER the same roles, which
 * PostgreSQL may refuse with "tuple concurrently updated"; being idempotent, another attempt settles it.
 */
export async function bootstrapDatabase(urls: DatabaseUrls): Promise<{ created: boolean }> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await bootstrapOnce(urls);
    } catch (error) {
      if (attempt >= 5 || !/tuple concurrently updated/.test((error as Error).message)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 400));
    }
  }
}

async function bootstrapOnce(urls: DatabaseUrls): Promise<{ created: boolean }> {
  const owner = roleOf(urls.ownerUrl);
  const app = roleOf(urls.appUrl);
  if (owner.database !== app.database) throw new Error('owner and runtime URLs must name the same database');
  if (owner.name === app.name) throw new Error('the runtime role must differ from the owner role');

  const created = await withClient(urls.adminUrl, async (client) => {
    await ensureRole(client, owner);
    await ensureRole(client, app);
    const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [owner.database]);
    if (exists.rowCount) return false;
    await client.query(`CREATE DATABASE ${ident(owner.database)} OWNER ${ident(owner.name)}`);
    return true;
  });

  const adminOnDb = new URL(urls.adminUrl);
  adminOnDb.pathname = `/${owner.database}`;
  await withClient(adminOnDb.toString(), async (client) => {
    // Extensions need a superuser; the migration then only finds them present.
    const timescale = await client.query("SELECT 1 FROM pg_available_extensions WHERE name = 'timescaledb'");
    if (timescale.rowCount) await client.query('CREATE EXTENSION IF NOT EXISTS timescaledb');
    const o = ident(owner.name);
    const a = ident(app.name);
    await client.query(`GRANT CONNECT ON DATABASE ${ident(owner.database)} TO ${a}`);
    await client.query(`GRANT USAGE ON SCHEMA public TO ${a}`);
    await client.query(`ALTER DEFAULT PRIVILEGES FOR ROLE ${o} IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO ${a}`);
    await client.query(`ALTER DEFAULT PRIVILEGES FOR ROLE ${o} IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO ${a}`);
  });

  await runMigrations(urls.ownerUrl);

  await withClient(adminOnDb.toString(), async (client) => {
    const a = ident(app.name);
    // Objects made before the default privileges existed (or by the extension) are granted explicitly.
    await client.query(`GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${a}`);
    await client.query(`GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO ${a}`);
    await client.query(`REVOKE ALL ON TABLE migrations FROM ${a}`);
  });
  return { created };
}

/** Applies db/migrations with postgres-migrations (advisory-locked, each file once). */
export async function runMigrations(url: string): Promise<void> {
  await withClient(url, async (client) => {
    await migrate({ client }, MIGRATIONS_DIR);
  });
}

/** Drops a database (tests); terminates its connections first. */
export async function dropDatabase(adminUrl: string, database: string): Promise<void> {
  await withClient(adminUrl, async (client) => {
    await client.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [database]);
    await client.query(`DROP DATABASE IF EXISTS ${ident(database)}`);
  });
}

export interface UniqueDatabase extends DatabaseUrls {
  database: string;
  drop(): Promise<void>;
}

/**
 * A database named `<prefix>_<random>` on the admin URL's server, bootstrapped like production with the given role
 * names: one per test run, bench run or test that must not meet other tests' rows.
 */
export async function createUniqueDatabase(options: {
  adminUrl: string;
  prefix: string;
  ownerRole: string;
  appRole: string;
}): Promise<UniqueDatabase> {
  const database = `${options.prefix}_${randomBytes(4).toString('hex')}`;
  const urlAs = (role: string) => {
    const u = new URL(options.adminUrl);
    u.username = role;
    u.password = '';
    u.pathname = `/${database}`;
    return u.toString();
  };
  const urls = { adminUrl: options.adminUrl, ownerUrl: urlAs(options.ownerRole), appUrl: urlAs(options.appRole) };
  await bootstrapDatabase(urls);
  return { ...urls, database, drop: () => dropDatabase(options.adminUrl, database) };
}
