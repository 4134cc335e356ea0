import useSWR from 'swr';
import { landingContentSchema, type Language } from '@taktwerk/common';
import { apiFetcher, type ApiKey } from '../../app/api-client';

const fetchLanding = apiFetcher(landingContentSchema);

/** GET /public/landing in the visitor's language. */
export function useLandingContent(language: Language) {
  const key: ApiKey = ['/public/landing', { lang: language }];
  return useSWR(key, fetchLanding, { revalidateOnFocus: false });
}
