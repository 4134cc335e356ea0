import useSWR, { useSWRConfig } from 'swr';
import { useCallback } from 'react';
import { preferencesSchema, type Preferences, type PreferencesUpdate } from '@taktwerk/common';
import { apiFetch, apiFetcher, type ApiKey } from '../api-client';

// The signed-in tree has its own SWR cache per user (SignedInApp): the key needs no user id.
export const PREFERENCES_KEY: ApiKey = ['/me/preferences'];
const fetchPreferences = apiFetcher(preferencesSchema);

/** GET /me/preferences (the server creates the defaults on first read). Only for the signed-in tree. */
export function usePreferences() {
  return useSWR(PREFERENCES_KEY, fetchPreferences, { revalidateOnFocus: false });
}

/** PATCH /me/preferences with any subset; the cache takes the saved row. Rejects with an ApiError. */
export function useSavePreferences(): (update: PreferencesUpdate) => Promise<Preferences> {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (update) => {
      const saved = await apiFetch('/me/preferences', preferencesSchema, { method: 'PATCH', body: update });
      await mutate(PREFERENCES_KEY, saved, { revalidate: false });
      return saved;
    },
    [mutate],
  );
}
