import useSWR from 'swr';
import { publicConfigSchema } from '@taktwerk/common';
import { apiFetcher, type ApiKey } from './api-client';

const PUBLIC_CONFIG_KEY: ApiKey = ['/public/config'];
const fetchPublicConfig = apiFetcher(publicConfigSchema);

/** GET /public/config: registration, maintenance, password policy, SEO, whether the development mailbox exists. */
export function usePublicConfig() {
  return useSWR(PUBLIC_CONFIG_KEY, fetchPublicConfig, { revalidateOnFocus: false });
}
