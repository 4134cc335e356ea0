import { createPool, createUniqueDatabase, seedDefaults, type UniqueDatabase } from '@taktwerk/db';

const ADMIN_URL = process.env.DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export type BenchDatabase = UniqueDatabase;

/** A uniquely named database for one bench run, migrated and seeded like production (as the test setup does). */
export async function createBenchDatabase(): Promise<BenchDatabase> {
  const db = await createUniqueDatabase({
    adminUrl: ADMIN_URL,
    prefix: `taktwerk_bench_${Date.now().toString(36)}`,
    ownerRole: 'taktwerk_owner',
    appRole: 'taktwerk_app',
  });
  const pool = createPool(db.appUrl, { max: 1 });
  await seedDefaults(pool);
  await pool.end();
  return db;
}
