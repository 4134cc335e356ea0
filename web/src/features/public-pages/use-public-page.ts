import useSWR from 'swr';
import { PAGE_SLUG_PATTERN, publicPageLookupSchema } from '@taktwerk/common';
import { apiFetcher, type ApiKey } from '../../app/api-client';

const fetchPage = apiFetcher(publicPageLookupSchema);

/** GET /public/pages?slug= (case-insensitive on the server); a slug no page can have is not asked for at all. */
export function usePublicPage(slug: string) {
  const key: ApiKey | null = PAGE_SLUG_PATTERN.test(slug) ? ['/public/pages', { slug }] : null;
  const { data, error, isLoading } = useSWR(key, fetchPage, { revalidateOnFocus: false, shouldRetryOnError: false });
  return { page: data?.page ?? null, error, isLoading };
}
