import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import './context';
import { bootstrapDatabase, createPool, dropDatabase, seedDefaults } from '@taktwerk/db';

const ADMIN_URL = process.env.DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

function urlFor(user: string, database: string): string {
  const u = new URL(ADMIN_URL);
  u.username = user;
  u.password = '';
  u.pathname = `/${database}`;
  return u.toString();
}

/** One uniquely named database per run, migrated like production, dropped afterwards. */
export default async function setup(project: TestProject) {
  const database = `taktwerk_test_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const urls = { adminUrl: ADMIN_URL, ownerUrl: urlFor('taktwerk_owner', database), appUrl: urlFor('taktwerk_app', database) };
  await bootstrapDatabase(urls);
  const pool = createPool(urls.appUrl);
  await seedDefaults(pool);
  await pool.end();
  project.provide('testDb', { ...urls, database });
  project.provide('redisUrl', REDIS_URL);
  return async () => {
    await dropDatabase(ADMIN_URL, database);
  };
}
