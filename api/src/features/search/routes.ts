import { searchQuerySchema, searchResponseSchema, type SearchResponse } from '@taktwerk/common';
import type { ApiRouter } from '../../http/route';
import { signedIn } from '../../http/route';
import { searchEverything } from './service';

export function registerSearchRoutes(api: ApiRouter): void {
  api.add({
    method: 'get',
    path: '/search',
    summary:
      'Global search: machines, tags, custom pages, users and organizations the caller may see, matched case-insensitively; ' +
      'at least 2 characters after trimming, 5 per kind and 10 in all',
    tag: 'search',
    auth: signedIn(),
    query: searchQuerySchema,
    responses: { 200: searchResponseSchema },
    async handler({ principal, query, deps }): Promise<SearchResponse> {
      return { results: await searchEverything(deps, principal, query.q) };
    },
  });
}
