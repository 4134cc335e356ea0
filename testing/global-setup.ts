import type { TestProject } from 'vitest/node';
import './context';
import { createPool, createUniqueDatabase, seedDefaults } from '@taktwerk/db';

const ADMIN_URL = process.env.DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** One uniquely named database per run, migrated like production, dropped afterwards. */
export default async function setup(project: TestProject) {
  const { drop, ...testDb } = await createUniqueDatabase({
    adminUrl: ADMIN_URL,
    prefix: `taktwerk_test_${Date.now().toString(36)}`,
    ownerRole: 'taktwerk_owner',
    appRole: 'taktwerk_app',
  });
  const pool = createPool(testDb.appUrl);
  await seedDefaults(pool);
  await pool.end();
  project.provide('testDb', testDb);
  project.provide('redisUrl', REDIS_URL);
  return drop;
}
