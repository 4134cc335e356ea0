import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import {
  capSearchResults,
  isSearchable,
  navigationFor,
  SEARCH,
  searchResponseSchema,
  type MeResponse,
  type SearchResult,
} from '@taktwerk/common';
import { apiFetcher, type ApiKey } from '../../app/api-client';
import { NAV_META } from '../../app/shell/nav-meta';
import { useDebouncedValue } from './use-debounced-value';

const fetchSearch = apiFetcher(searchResponseSchema);

/** GET /search for a text of at least 2 characters; a failed read gives no results (spec part 1 §8). */
function useSearchApi(text: string) {
  const key: ApiKey | null = isSearchable(text) ? ['/search', { q: text }] : null;
  return useSWR(key, fetchSearch, { revalidateOnFocus: false, shouldRetryOnError: false });
}

/**
 * The header search: the api's records plus the app screens the user may open, matched on their names in the user's
 * language (the api has no translations), capped at 5 per kind and 10 in all. Searches 300 ms after typing stops.
 */
export function useGlobalSearch(typed: string, user: MeResponse['user']) {
  const { t } = useTranslation();
  const text = useDebouncedValue(typed.trim(), SEARCH.debounceMs);
  const api = useSearchApi(text);

  const results = useMemo(() => {
    if (!isSearchable(text)) return [];
    const needle = text.toLowerCase();
    const screens: SearchResult[] = navigationFor(user)
      .map(({ route }) => ({ route, label: t(NAV_META[route].label) }))
      .filter(({ route, label }) => label.toLowerCase().includes(needle) || route.includes(needle))
      .map(({ route, label }) => ({ kind: 'page', id: route, title: label, subtitle: null, orgId: null, machineId: null }));
    return capSearchResults([...screens, ...(api.error ? [] : (api.data?.results ?? []))]);
  }, [text, user, t, api.data, api.error]);

  const settled = typed.trim() === text && !api.isLoading;
  return { text, results, searching: isSearchable(typed) && !settled };
}
