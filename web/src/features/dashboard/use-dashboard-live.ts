import { useEffect, useMemo, useRef, useState } from 'react';
import { LIVE_MAX_MACHINES, type DashboardSummary } from '@taktwerk/common';
import { liveClient } from '../../app/live/live-client';
import { NO_LIVE, withLive, type LiveTally } from './live-summary';

/** Live news reaches the KPI cards at most this often: counting is per message, rendering is not. */
const FLUSH_MS = 250;
/** The clock that turns silent machines offline moves on this often. */
const CLOCK_MS = 10_000;

/**
 * The summary kept current from the live socket: watches every machine of the organization (all tags), counts the
 * points that arrive and when each machine last sent. A newer summary from the api starts the count again.
 */
export function useDashboardLive(summary: DashboardSummary | undefined): DashboardSummary | undefined {
  const base = summary?.generatedAt ?? '';
  const machineKey = (summary?.machines ?? []).slice(0, LIVE_MAX_MACHINES).map((m) => m.id).join(',');
  const [tally, setTally] = useState<{ base: string; live: LiveTally }>({ base, live: NO_LIVE });
  const [now, setNow] = useState(() => Date.now());
  // Read when news is flushed, so a refreshed summary does not resubscribe every machine.
  const baseRef = useRef(base);
  useEffect(() => {
    baseRef.current = base;
  }, [base]);

  useEffect(() => {
    if (!machineKey) return undefined;
    let pending: LiveTally | null = null;
    const flush = setInterval(() => {
      if (!pending) return;
      const news = pending;
      pending = null;
      const current = baseRef.current;
      setTally((prev) => {
        const live = prev.base === current ? prev.live : NO_LIVE;
        return { base: current, live: { points: live.points + news.points, lastSeen: { ...live.lastSeen, ...news.lastSeen } } };
      });
      setNow(Date.now());
    }, FLUSH_MS);
    const stops = machineKey.split(',').map((machineId) =>
      liveClient.watch(machineId, undefined, {
        onPoints: (series) => {
          pending ??= { points: 0, lastSeen: {} };
          pending.points += series.reduce((sum, s) => sum + s.t.length, 0);
          pending.lastSeen = { ...pending.lastSeen, [machineId]: Date.now() };
        },
      }),
    );
    return () => {
      clearInterval(flush);
      for (const stop of stops) stop();
    };
  }, [machineKey]);

  useEffect(() => {
    const clock = setInterval(() => setNow(Date.now()), CLOCK_MS);
    return () => clearInterval(clock);
  }, []);

  const live = tally.base === base ? tally.live : NO_LIVE;
  return useMemo(() => (summary ? withLive(summary, live, now) : undefined), [summary, live, now]);
}
