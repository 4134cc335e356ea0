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

/** One limit as configured under any of its spellings; null when it is not set. */
export function readConfiguredLimit(raw: Record<string, unknown> | null | undefined, key: keyof UsageLimits): number | null {
  const found = ALIASES[key].map((alias) => raw?.[alias]).find((v) => typeof v === 'number' && Number.isFinite(v));
  return typeof found === 'number' ? found : null;
}

/** Reads an organization's limits or a plan's features, accepting the alternative spellings; missing values fall back to defaults. */
export function readUsageLimits(raw: Record<string, unknown> | null | undefined): UsageLimits {
  const limits = { ...DEFAULT_USAGE_LIMITS };
  for (const key of Object.keys(ALIASES) as (keyof UsageLimits)[]) limits[key] = readConfiguredLimit(raw, key) ?? limits[key];
  return limits;
}

/**
 * How many machines an organization may have: a limit of 0 or an unset limit allows none (spec part 1 §5),
 * unlike the other limits, which fall back to the plan defaults.
 */
export function machineLimitOf(raw: Record<string, unknown> | null | undefined): number {
  return Math.max(0, readConfiguredLimit(raw, 'machines') ?? 0);
}
