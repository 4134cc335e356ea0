import { useCallback } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { meResponseSchema, type MeResponse, type SessionResponse } from '@taktwerk/common';
import { apiFetcher, type ApiKey } from '../api-client';
import { replaceSession } from './session-store';
import { useSession } from './use-session';

export const ME_KEY: ApiKey = ['/me'];
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

/**
 * Continues in a session the server re-issued (after a password or two-factor change every earlier one ended):
 * the session store and the /me cache take it at once.
 */
export function useAdoptSession(): (session: SessionResponse) => void {
  const { mutate } = useSWRConfig();
  return useCallback(
    (session) => {
      replaceSession(session);
      void mutate(ME_KEY, { user: session.user, organization: session.organization }, { revalidate: false });
    },
    [mutate],
  );
}

/** Puts a changed profile into the /me cache (and so into everything that shows the user). */
export function useUpdateAccount(): (account: MeResponse) => void {
  const { mutate } = useSWRConfig();
  return useCallback((account) => void mutate(ME_KEY, account, { revalidate: false }), [mutate]);
}
