import { randomBytes } from 'node:crypto';
import { bootstrapDatabase, dropDatabase } from '@taktwerk/db';
import { testDatabase } from './context';

export interface ScratchDatabase {
  adminUrl: string;
  ownerUrl: string;
  appUrl: string;
  drop(): Promise<void>;
}

/**
 * A database of a test's own, bootstrapped like production (roles, grants, migrations) with the run's role names:
 * for tests whose sweeps over all data (or whole-server faults) must not meet other test files' rows.
 * `adminUrl` defaults to the run's server; pass another to use a server the test started itself.
 */
export async function createScratchDatabase(prefix: string, adminUrl = testDatabase().adminUrl): Promise<ScratchDatabase> {
  const database = `${prefix}_${randomBytes(4).toString('hex')}`;
  const urlAs = (runUrl: string) => {
    const u = new URL(adminUrl);
    u.username = new URL(runUrl).username;
    u.password = '';
    u.pathname = `/${database}`;
    return u.toString();
  };
  const urls = { adminUrl, ownerUrl: urlAs(testDatabase().ownerUrl), appUrl: urlAs(testDatabase().appUrl) };
  // Concurrent bootstraps (parallel test files, other runs on the same server) all ALTER the same roles, and
  // PostgreSQL refuses concurrent catalog updates of one row with "tuple concurrently updated". Bootstrapping is
  // idempotent, so another attempt settles it.
  for (let attempt = 1; ; attempt += 1) {
    try {
      await bootstrapDatabase(urls);
      break;
    } catch (error) {
      if (attempt >= 5 || !/tuple concurrently updated/.test((error as Error).message)) throw error;
      await new Promise((r) => setTimeout(r, 100 + Math.random() * 400));
    }
  }
  return { ...urls, drop: () => dropDatabase(adminUrl, database) };
}
