import { capSearchResults, hasPermission, SEARCH, type SearchKind, type SearchResult } from '@taktwerk/common';
import {
  searchCustomPages,
  searchMachines,
  searchOrganizations,
  searchTags,
  searchUsers,
  withPlatform,
  withTenant,
  type Queryable,
  type SearchRow,
} from '@taktwerk/db';
import type { AppDeps } from '../../context';
import type { Principal } from '../../http/principal';
import { MACHINE_READ } from '../machines/schema';

const resultsOf = (kind: SearchKind, rows: SearchRow[]): SearchResult[] =>
  rows.map((row) => ({ kind, id: row.id, title: row.title, subtitle: row.subtitle, orgId: row.org_id, machineId: row.machine_id }));

/** Every kind the caller may see, `scope` null meaning every organization. */
async function searchAll(db: Queryable, scope: string | null, text: string, withMachines: boolean): Promise<SearchResult[]> {
  const limit = SEARCH.perKind;
  return [
    ...(withMachines ? resultsOf('machine', await searchMachines(db, scope, text, limit)) : []),
    ...(withMachines ? resultsOf('tag', await searchTags(db, scope, text, limit)) : []),
    ...resultsOf('page', await searchCustomPages(db, text, limit)),
    ...resultsOf('user', await searchUsers(db, scope, text, limit)),
    ...resultsOf('organization', await searchOrganizations(db, scope, text, limit)),
  ];
}

/**
 * Results only from what the caller may see: platform admins search every organization (the explicit cross-tenant
 * path); everyone else their own organization's machines and tags (with machine:read), its users (the team list every
 * member sees), the organization itself, and custom pages (public). App screens are matched by the web app in the
 * user's language from the same navigation rules.
 */
export async function searchEverything(deps: AppDeps, principal: Principal, text: string): Promise<SearchResult[]> {
  const results =
    principal.role === 'admin'
      ? await withPlatform(deps.pool, (db) => searchAll(db, null, text, true))
      : await withTenant(deps.pool, principal.orgId, (db) =>
          searchAll(db, principal.orgId, text, hasPermission(principal.role, principal.permissions, MACHINE_READ)),
        );
  return capSearchResults(results);
}
