import { z } from 'zod';
import { SEARCH, type Role } from './constants';
import { TENANT_NAVIGATION } from './navigation';
import { hasPermission } from './permissions';

// Global search of the top header (spec part 1 §2, §3 search result kinds, §5, §6 opening rules, §7, §9).

/** Result kinds in the order they are listed (the spec's order); the total cap keeps the first ones. */
export const SEARCH_KINDS = ['machine', 'tag', 'page', 'user', 'organization'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

export const SEARCH_MAX_QUERY_LENGTH = 100;

export const searchQuerySchema = z.strictObject({
  q: z
    .string()
    .trim()
    .min(SEARCH.minChars, `Enter at least ${SEARCH.minChars} characters.`)
    .max(SEARCH_MAX_QUERY_LENGTH)
    .refine((q) => !q.includes('\u0000'), 'The search text must not contain NUL characters.'),
});
export type SearchQuery = z.infer<typeof searchQuerySchema>;

/** Whether a typed text is long enough to search for (at least 2 characters after trimming). */
export const isSearchable = (text: string) => text.trim().length >= SEARCH.minChars;

export const searchResultSchema = z.object({
  kind: z.enum(SEARCH_KINDS),
  /** The record's id; for pages the hash route (a screen's route or a custom page's slug). */
  id: z.string(),
  title: z.string(),
  /** Context shown under the title: a machine's location, a tag's machine, a user's email, an organization's plan. */
  subtitle: z.string().nullable(),
  /** The organization the record belongs to (admins open organization pages by it); null for pages. */
  orgId: z.uuid().nullable(),
  /** A tag's machine; null for every other kind. */
  machineId: z.uuid().nullable(),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

export const searchResponseSchema = z.object({ results: z.array(searchResultSchema) });
export type SearchResponse = z.infer<typeof searchResponseSchema>;

/** At most 5 per kind and 10 in all (spec part 1 §9), kinds in SEARCH_KINDS order, each kind's own order kept. */
export function capSearchResults<T extends { kind: SearchKind }>(results: readonly T[]): T[] {
  const capped: T[] = [];
  for (const kind of SEARCH_KINDS) {
    const ofKind = results.filter((result) => result.kind === kind).slice(0, SEARCH.perKind);
    capped.push(...ofKind.slice(0, SEARCH.total - capped.length));
  }
  return capped;
}

export interface SearchViewer {
  userId: string;
  role: Role;
  permissions: readonly string[];
}

/** Where a result opens: a hash route with parameters, or 'denied' (the caller gets an access-denied message). */
export type SearchTarget = { route: string; params: Record<string, string> } | 'denied';

const DASHBOARD_PERMISSION = TENANT_NAVIGATION.find((entry) => entry.route === 'dashboard')!.permission;

/**
 * Spec part 1 §6: user results open the users editor for admins, settings for oneself, the team editor for customer
 * owners, and are denied otherwise; organization and machine results open admin pages for admins and the dashboard
 * for others (with the machine named, and the machines screen for someone who may not open the dashboard).
 * Tags open the data explorer on that tag (admins: the tag's organization); pages open themselves.
 */
export function searchTarget(result: SearchResult, viewer: SearchViewer): SearchTarget {
  const isAdmin = viewer.role === 'admin';
  const orgPage = (): SearchTarget => ({ route: 'organizations', params: result.orgId ? { orgId: result.orgId } : {} });
  switch (result.kind) {
    case 'page':
      return { route: result.id, params: {} };
    case 'user':
      if (isAdmin) return { route: 'users', params: { userId: result.id } };
      if (result.id === viewer.userId) return { route: 'settings', params: {} };
      return viewer.role === 'customer_owner' ? { route: 'team', params: { userId: result.id } } : 'denied';
    case 'organization':
      return isAdmin ? orgPage() : { route: 'dashboard', params: {} };
    case 'machine':
      if (isAdmin) return orgPage();
      return hasPermission(viewer.role, viewer.permissions, DASHBOARD_PERMISSION)
        ? { route: 'dashboard', params: { machineId: result.id } }
        : { route: 'machines', params: { machineId: result.id } };
    case 'tag':
      if (isAdmin) return orgPage();
      return { route: 'data-explorer', params: { machineId: result.machineId ?? '', tagId: result.id } };
  }
}
