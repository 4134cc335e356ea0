import useSWR from 'swr';
import { meResponseSchema, type MeResponse } from '@taktwerk/common';
import { apiFetcher, type ApiKey } from '../api-client';
import { useSession } from './use-session';

const ME_KEY: ApiKey = ['/me'];
const fetchMe = apiFetcher(meResponseSchema);

/** GET /me. The signed-in tree has its own SWR cache per user (SignedInApp), so the key needs no user id. */
export function useMe(fallbackData?: MeResponse) {
  return useSWR(ME_KEY, fetchMe, { fallbackData });
}

/**
 * The signed-in user and organization: what login or refresh returned, kept fresh by /me revalidation on focus
 * and reconnect (e.g. the billing status after a plan change in another tab). Only for the signed-in tree.
 */
export function useAccount(): MeResponse {
  const session = useSession();
  const fromSession = session.status === 'signed-in' ? { user: session.user, organization: session.organization } : null;
  const me = useMe(fromSession ?? undefined);
  if (!fromSession) throw new Error('useAccount needs a signed-in session');
  return me.data ?? fromSession;
}
