import useSWR from 'swr';
import { devMailboxSchema } from '@taktwerk/common';
import { apiFetcher, type ApiKey } from '../../app/api-client';

const DEV_MAILBOX_KEY: ApiKey = ['/dev/mailbox'];
const fetchMailbox = apiFetcher(devMailboxSchema);
const POLL_MS = 3000;

/** GET /dev/mailbox (development only), polled so a mail sent a moment ago appears by itself. */
export function useDevMailbox() {
  return useSWR(DEV_MAILBOX_KEY, fetchMailbox, { refreshInterval: POLL_MS, shouldRetryOnError: false });
}
