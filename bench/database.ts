import { randomBytes } from 'node:crypto';
import { bootstrapDatabase, createPool, dropDatabase, seedDefaults, type DatabaseUrls } from '@taktwerk/db';

const ADMIN_URL = process.env.DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface BenchDatabase extends DatabaseUrls {
  name: string;
  drop(): Promise<void>;
}

function urlFor(user: string, database: string): string {
  const u = new URL(ADMIN_URL);
  u.username = user;
  u.password = '';
  u.pathname = `/${database}`;
  return u.toString();
}

/** A uniquely named database for one bench run, migrated and seeded like production (as the test setup does). */
export async function createBenchDatabase(): Promise<BenchDatabase> {
  const name = `taktwerk_bench_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const urls = { adminUrl: ADMIN_URL, ownerUrl: urlFor('taktwerk_owner', name), appUrl: urlFor('taktwerk_app', name) };
  await bootstrapDatabase(urls);
  const pool = createPool(urls.appUrl, { max: 1 });
  await seedDefaults(pool);
  await pool.end();
  return { ...urls, name, drop: () => dropDatabase(ADMIN_URL, name) };
}
