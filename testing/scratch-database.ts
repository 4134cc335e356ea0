import { createUniqueDatabase, type UniqueDatabase } from '@taktwerk/db';
import { testDatabase } from './context';

export type ScratchDatabase = UniqueDatabase;

/**
 * A database of a test's own, bootstrapped like production (roles, grants, migrations) with the run's role names:
 * for tests whose sweeps over all data (or whole-server faults) must not meet other test files' rows.
 * `adminUrl` defaults to the run's server; pass another to use a server the test started itself.
 */
export function createScratchDatabase(prefix: string, adminUrl = testDatabase().adminUrl): Promise<ScratchDatabase> {
  const role = (url: string) => new URL(url).username;
  return createUniqueDatabase({ adminUrl, prefix, ownerRole: role(testDatabase().ownerUrl), appRole: role(testDatabase().appUrl) });
}
