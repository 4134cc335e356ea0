import {
  limitStatus,
  machineDisplayStatus,
  onlineStatus,
  percentChange,
  trendOf,
  type DashboardMachine,
  type DashboardSummary,
  type Kpi,
} from '@taktwerk/common';

/** What the live socket has said since the summary was read. */
export interface LiveTally {
  /** Points received (all tags of all machines). */
  points: number;
  /** When each machine last sent points (epoch ms, as received). */
  lastSeen: Readonly<Record<string, number>>;
}

export const NO_LIVE: LiveTally = { points: 0, lastSeen: {} };

function withValue(kpi: Kpi, value: number, status: Kpi['status']): Kpi {
  const baseline = kpi.baseline ?? 0;
  return { ...kpi, value, status, change: percentChange(value, baseline), trend: trendOf(value, baseline) };
}

function liveMachine(machine: DashboardMachine, seen: number | undefined, now: number): DashboardMachine {
  const last = Math.max(machine.lastUpdate ? Date.parse(machine.lastUpdate) : -Infinity, seen ?? -Infinity);
  if (!Number.isFinite(last)) return machine;
  const lastUpdate = new Date(last).toISOString();
  return { ...machine, lastUpdate, status: machineDisplayStatus({ status: machine.status, lastDataReceived: lastUpdate, lastHeartbeat: null }, now) };
}

/**
 * The summary as it stands now: live points added to today's count, machines online while they send (and offline
 * 5 minutes after they stop), and the KPIs that depend on both recomputed the way the api computes them.
 */
export function withLive(summary: DashboardSummary, live: LiveTally, now: number): DashboardSummary {
  const machines = summary.machines.map((m) => liveMachine(m, live.lastSeen[m.id], now));
  const online = machines.filter((m) => m.status === 'online').length;
  const points = summary.kpis.pointsToday.value + live.points;
  return {
    ...summary,
    machines,
    kpis: {
      ...summary.kpis,
      onlineMachines: withValue(summary.kpis.onlineMachines, online, onlineStatus(online, machines.length)),
      pointsToday: withValue(summary.kpis.pointsToday, points, limitStatus(points, summary.kpis.pointsToday.total)),
    },
  };
}
