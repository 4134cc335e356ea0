import type { LiveErrorCode, LiveSeries } from '@taktwerk/common';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { liveClient, type LiveClient, type LiveStatus } from './live-client';
import { appendToWindow } from './live-window';

export interface LivePoints {
  /** Per tag, the newest points (columnar: t, v, q?), oldest first. */
  series: LiveSeries[];
  status: LiveStatus;
  /** Why the server refused this machine (e.g. machine_not_found), if it did. */
  error: LiveErrorCode | null;
}

interface WindowState {
  key: string;
  series: LiveSeries[];
  error: LiveErrorCode | null;
}

const EMPTY: LiveSeries[] = [];

/**
 * Live points of one machine (all tags, or only `tags`), keeping the newest `keep` per tag. A null machine watches
 * nothing. Changing machine or tags starts a fresh window.
 */
export function useLivePoints(
  machineId: string | null,
  tags?: readonly string[],
  { keep = 500, client = liveClient }: { keep?: number; client?: LiveClient } = {},
): LivePoints {
  // Callers pass tag arrays inline: depend on their content, not their identity.
  const tagsKey = tags ? JSON.stringify(tags) : '';
  const key = `${machineId ?? ''}|${tagsKey}|${keep}`;
  const [state, setState] = useState<WindowState>({ key, series: EMPTY, error: null });
  const status = useSyncExternalStore(client.subscribeStatus, client.getStatus);

  useEffect(() => {
    if (!machineId) return undefined;
    const wanted = tagsKey ? (JSON.parse(tagsKey) as string[]) : undefined;
    return client.watch(machineId, wanted, {
      onPoints: (incoming) =>
        setState((prev) => {
          const series = prev.key === key ? prev.series : EMPTY;
          return { key, series: appendToWindow(series, incoming, keep), error: null };
        }),
      onError: (error) => setState((prev) => ({ key, series: prev.key === key ? prev.series : EMPTY, error })),
    });
  }, [client, machineId, tagsKey, keep, key]);

  const current = state.key === key;
  return { series: current ? state.series : EMPTY, status, error: current ? state.error : null };
}
