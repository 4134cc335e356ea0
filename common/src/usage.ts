import { DEFAULT_USAGE_LIMITS, type UsageLimits } from './constants';

// Alternative spellings accepted when reading usage limits (spec part 1 §3, part 2 §3).
const ALIASES: Record<keyof UsageLimits, string[]> = {
  machines: ['machines', 'machineLimit', 'maxMachines'],
  tags: ['tags', 'tagLimit', 'maxTags'],
  ingestPointsPerDay: ['ingestPointsPerDay', 'ingest_points_per_day'],
  retentionDays: ['retentionDays', 'retention_days'],
  dashboards: ['dashboards', 'dashboardsLimit'],
  alerts: ['alerts', 'alertsLimit'],
  teamUsers: ['teamUsers', 'teamUsersLimit'],
};

/** Reads an organization's limits or a plan's features, accepting the alternative spellings; missing values fall back to defaults. */
export function readUsageLimits(raw: Record<string, unknown> | null | undefined): UsageLimits {
  const limits = { ...DEFAULT_USAGE_LIMITS };
  for (const key of Object.keys(ALIASES) as (keyof UsageLimits)[]) {
    const found = ALIASES[key].map((alias) => raw?.[alias]).find((v) => typeof v === 'number' && Number.isFinite(v));
    if (typeof found === 'number') limits[key] = found;
  }
  return limits;
}
