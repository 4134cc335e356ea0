import { describe, expect, it } from 'vitest';
import type { DashboardSummary, Kpi } from '@taktwerk/common';
import { NO_LIVE, withLive } from './live-summary';

const NOW = Date.parse('2026-03-10T06:00:00Z');
const kpi = (value: number, baseline: number, total: number | null, unit: Kpi['unit']): Kpi => ({
  value,
  total,
  unit,
  baseline,
  change: null,
  trend: 'flat',
  status: 'normal',
});

const summary: DashboardSummary = {
  generatedAt: new Date(NOW).toISOString(),
  day: '2026-03-10',
  kpis: {
    onlineMachines: kpi(1, 2, 2, 'machines'),
    activeTags: kpi(3, 3, 100, 'tags'),
    pointsToday: kpi(7000, 5000, 10_000, 'points'),
    activeAlerts: kpi(0, 0, null, 'alerts'),
  },
  machines: [
    { id: '00000000-0000-4000-8000-000000000001', name: 'A', description: null, status: 'online', tagCount: 1, lastUpdate: new Date(NOW - 60_000).toISOString(), openAlerts: 0 },
    { id: '00000000-0000-4000-8000-000000000002', name: 'B', description: null, status: 'offline', tagCount: 1, lastUpdate: null, openAlerts: 0 },
  ],
  recentActivity: [],
  widgets: [],
};

describe('withLive', () => {
  it('adds live points to today and recomputes change, trend and status against the quota', () => {
    const next = withLive(summary, { points: 1000, lastSeen: {} }, NOW);
    expect(next.kpis.pointsToday).toMatchObject({ value: 8000, change: 60, trend: 'up', status: 'warning' });
    expect(withLive(summary, { points: 3000, lastSeen: {} }, NOW).kpis.pointsToday.status).toBe('critical');
  });

  it('brings a machine online when it sends and takes it offline 5 minutes after it stopped', () => {
    const seen = { '00000000-0000-4000-8000-000000000002': NOW - 1000 };
    const live = withLive(summary, { points: 0, lastSeen: seen }, NOW);
    expect(live.machines.map((m) => m.status)).toEqual(['online', 'online']);
    expect(live.machines[1]!.lastUpdate).toBe(new Date(NOW - 1000).toISOString());
    expect(live.kpis.onlineMachines).toMatchObject({ value: 2, change: 0, trend: 'flat', status: 'normal' });

    const later = withLive(summary, { points: 0, lastSeen: seen }, NOW + 4.5 * 60_000);
    expect(later.machines.map((m) => m.status)).toEqual(['offline', 'online']);
    expect(later.kpis.onlineMachines).toMatchObject({ value: 1, change: -50, trend: 'down', status: 'warning' });
  });

  it('leaves the summary as it is without live news', () => {
    expect(withLive(summary, NO_LIVE, NOW).machines).toEqual(summary.machines);
  });
});
