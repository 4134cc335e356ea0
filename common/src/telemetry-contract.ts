import { z } from 'zod';
import {
  CHART_WIDENING,
  DEFAULT_CHART_RANGE,
  EXPLORER_AGGREGATIONS,
  EXPLORER_DEFAULTS,
  EXPLORER_INTERVALS,
  EXPLORER_MIN_LIMIT,
} from './constants';
import { INGEST_MAX_TAG_LENGTH } from './ingest-contract';

// Reading stored values back: chart series, exact range aggregates, points today, and the data explorer.

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** Every range preset of both spec parts (dashboard, analytics and chart ranges), shortest first. */
export const RANGE_PRESETS = ['1m', '10m', '1h', '6h', '24h', '48h', '7d', '14d', '30d'] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];
export const RANGE_MS: Record<RangePreset, number> = {
  '1m': MINUTE_MS,
  '10m': 10 * MINUTE_MS,
  '1h': HOUR_MS,
  '6h': 6 * HOUR_MS,
  '24h': DAY_MS,
  '48h': 2 * DAY_MS,
  '7d': 7 * DAY_MS,
  '14d': 14 * DAY_MS,
  '30d': 30 * DAY_MS,
};

/** Longest span any telemetry query covers: a year, leap day included. */
export const MAX_QUERY_SPAN_DAYS = 366;
const MAX_QUERY_SPAN_MS = MAX_QUERY_SPAN_DAYS * DAY_MS;
export const SERIES_DEFAULT_MAX_POINTS = 1000;
export const SERIES_MAX_POINTS = 100_000;

const isoInstant = z.iso.datetime({ offset: true });
const tagName = z
  .string()
  .trim()
  .min(1, 'tag is required.')
  .max(INGEST_MAX_TAG_LENGTH)
  .refine((tag) => !tag.includes('\u0000'), 'tag must not contain NUL characters.');
const spanWithinCap = (from: string, to: string) => Date.parse(to) - Date.parse(from) <= MAX_QUERY_SPAN_MS;

/**
 * A chart series: either a preset range ending now (widened when empty, part 2 §9) or an explicit from/to
 * (never widened: the caller asked for exactly that window). Without either, the chart default range.
 */
export const seriesQuerySchema = z
  .strictObject({
    machineId: z.uuid(),
    tag: tagName,
    range: z.enum(RANGE_PRESETS).optional(),
    from: isoInstant.optional(),
    to: isoInstant.optional(),
    maxPoints: z.coerce.number().int().min(2).max(SERIES_MAX_POINTS).default(SERIES_DEFAULT_MAX_POINTS),
  })
  .superRefine((q, ctx) => {
    if (q.range && (q.from || q.to)) ctx.addIssue({ code: 'custom', message: 'Give either range or from and to, not both.', path: ['range'] });
    else if ((q.from === undefined) !== (q.to === undefined)) ctx.addIssue({ code: 'custom', message: 'from and to go together.', path: ['from'] });
    else if (q.from && q.to && Date.parse(q.from) >= Date.parse(q.to)) ctx.addIssue({ code: 'custom', message: 'from must be before to.', path: ['from'] });
    else if (q.from && q.to && !spanWithinCap(q.from, q.to))
      ctx.addIssue({ code: 'custom', message: `The range may cover at most ${MAX_QUERY_SPAN_DAYS} days.`, path: ['to'] });
  });
export type SeriesQuery = z.infer<typeof seriesQuerySchema>;

/** The window a series query asks for: its from/to, else its preset (the chart default without one) ending now. */
export function seriesWindow(q: Pick<SeriesQuery, 'range' | 'from' | 'to'>, now: number): { from: Date; to: Date; preset: RangePreset | null } {
  if (q.from && q.to) return { from: new Date(q.from), to: new Date(q.to), preset: null };
  const preset = q.range ?? DEFAULT_CHART_RANGE;
  return { from: new Date(now - RANGE_MS[preset]), to: new Date(now), preset };
}

/** The wider presets an empty preset range tries in turn (part 2 §9): only those longer than the range itself. */
export function wideningSteps(preset: RangePreset): (typeof CHART_WIDENING)[number][] {
  return CHART_WIDENING.filter((step) => RANGE_MS[step] > RANGE_MS[preset]);
}

export const SERIES_RESOLUTIONS = ['raw', '1m', '1h'] as const;

/** Columnar, ready for uPlot: `t` in epoch seconds; raw points have avg = min = max = the value and count 1. */
export const seriesSchema = z.object({
  resolution: z.enum(SERIES_RESOLUTIONS),
  bucketSeconds: z.number().describe('0 for raw points, else the bucket width'),
  t: z.array(z.number()),
  avg: z.array(z.number().nullable()),
  min: z.array(z.number().nullable()),
  max: z.array(z.number().nullable()),
  count: z.array(z.number().int()),
});
export type SeriesData = z.infer<typeof seriesSchema>;

export const seriesResponseSchema = z.object({
  machineId: z.uuid(),
  tag: z.string(),
  from: z.string(),
  to: z.string(),
  /** The range the answer covers when the requested one was empty (part 2 §9), else null. */
  widened: z.enum(CHART_WIDENING).nullable(),
  series: seriesSchema,
});
export type SeriesResponse = z.infer<typeof seriesResponseSchema>;

/** analytics_aggregate (part 1 §7, part 2 §7): exact avg, sum, min, max and count over [from, to). */
export const aggregateQuerySchema = z
  .strictObject({ machineId: z.uuid(), tag: tagName, from: isoInstant, to: isoInstant })
  .refine((q) => Date.parse(q.from) <= Date.parse(q.to), { message: 'from must not be after to.', path: ['from'] })
  .refine((q) => spanWithinCap(q.from, q.to), { message: `The range may cover at most ${MAX_QUERY_SPAN_DAYS} days.`, path: ['to'] });
export type AggregateQuery = z.infer<typeof aggregateQuerySchema>;

export const aggregateResponseSchema = z.object({
  avg: z.number().nullable(),
  sum: z.number().nullable(),
  min: z.number().nullable(),
  max: z.number().nullable(),
  count: z.number().int(),
});
export type AggregateResponse = z.infer<typeof aggregateResponseSchema>;

/** Local midnight is never more than a day (plus a DST hour) ago. */
export const POINTS_SINCE_MAX_LOOKBACK_MS = 48 * HOUR_MS;

export const pointsTodayQuerySchema = z.strictObject({
  since: isoInstant
    .refine((value) => Date.now() - Date.parse(value) <= POINTS_SINCE_MAX_LOOKBACK_MS, 'since must be within the last 48 hours.')
    .optional()
    .describe("the caller's local midnight; adds per-machine counts since then"),
  machineId: z.uuid().optional().describe('only this machine in the per-machine counts'),
});
export type PointsTodayQuery = z.infer<typeof pointsTodayQuerySchema>;

export const pointsTodayResponseSchema = z.object({
  /** The UTC day the organization's count covers (part 1 §9: today's count starts at UTC midnight). */
  day: z.string(),
  points: z.number().int(),
  since: z.string().nullable(),
  machines: z.array(z.object({ machineId: z.uuid(), points: z.number().int() })),
});
export type PointsTodayResponse = z.infer<typeof pointsTodayResponseSchema>;

// ---- Data explorer (part 2 §2, §5, §9) ----

/** 'none' returns the stored values themselves; the screen defaults to avg (part 2 §9), the api to none. */
export const EXPLORER_AGGREGATION_OPTIONS = ['none', ...EXPLORER_AGGREGATIONS] as const;
export type ExplorerAggregation = (typeof EXPLORER_AGGREGATION_OPTIONS)[number];
export type ExplorerInterval = (typeof EXPLORER_INTERVALS)[number];
export const EXPLORER_INTERVAL_SECONDS: Record<ExplorerInterval, number> = {
  '1m': 60,
  '5m': 300,
  '15m': 900,
  '1h': 3600,
  '6h': 21_600,
  '1d': 86_400,
};
export const EXPLORER_MAX_MACHINES = 10;
export const EXPLORER_MAX_TAGS = 20;
/** The result table's cap; the CSV export has none unless a limit is given. */
export const EXPLORER_MAX_LIMIT = 10_000;
export const EXPLORER_CSV_HEADER = 'machine,tag,time,value,quality';

/** Why a data explorer request cannot run; the web shows each code in its own words. */
export const EXPLORER_ISSUES = {
  select_machine: 'Please select a machine.',
  select_tag: 'Please select a tag.',
  tags_not_found: 'Selected tags not found.',
  invalid_machine: 'Machine ids must be UUIDs.',
  invalid_tag_id: 'Tag ids must be UUIDs.',
  too_many_machines: `Select at most ${EXPLORER_MAX_MACHINES} machines.`,
  too_many_tags: `Select at most ${EXPLORER_MAX_TAGS} tags.`,
  invalid_day: 'Dates must be given as YYYY-MM-DD.',
  day_order: 'The from date must not be after the to date.',
  range_too_long: `The date range may cover at most ${MAX_QUERY_SPAN_DAYS} days.`,
  invalid_aggregation: `Aggregation must be one of ${EXPLORER_AGGREGATION_OPTIONS.join(', ')}.`,
  invalid_interval: `Interval must be one of ${EXPLORER_INTERVALS.join(', ')}.`,
  limit_too_small: `Row limit must be at least ${EXPLORER_MIN_LIMIT}.`,
  limit_too_large: `Row limit must be at most ${EXPLORER_MAX_LIMIT}; use the CSV export for more.`,
} as const;
export type ExplorerIssue = keyof typeof EXPLORER_ISSUES;

const listParam = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .describe('comma-separated, or the parameter repeated');
const textParam = z.string().optional();

/** The raw query string of both explorer endpoints; checkExplorerFilters gives the spec's messages. */
export const explorerQuerySchema = z.strictObject({
  machineIds: listParam,
  tags: listParam.describe('tag aliases (case-insensitive), comma-separated or repeated'),
  tagIds: listParam.describe('tag configuration ids, an alternative to tags'),
  fromDay: textParam.describe('YYYY-MM-DD; from 00:00:00Z of this day (default: yesterday)'),
  toDay: textParam.describe('YYYY-MM-DD; to the end of this day, UTC (default: today)'),
  aggregation: textParam.describe(`${EXPLORER_AGGREGATION_OPTIONS.join(' | ')}; default none`),
  interval: textParam.describe(`${EXPLORER_INTERVALS.join(' | ')}; default ${EXPLORER_DEFAULTS.interval}; used with an aggregation`),
  limit: textParam.describe(`at least ${EXPLORER_MIN_LIMIT}; the query defaults to ${EXPLORER_DEFAULTS.limit}, the export to every row`),
});
export type ExplorerQuery = z.infer<typeof explorerQuerySchema>;

export interface ExplorerFilters {
  machineIds: string[];
  tags: string[];
  tagIds: string[];
  fromDay: string;
  toDay: string;
  /** Start of fromDay, UTC. */
  from: Date;
  /** Start of the day after toDay, UTC (exclusive), so the whole of toDay is included. */
  to: Date;
  aggregation: ExplorerAggregation;
  interval: ExplorerInterval;
  /** null: no cap (the export without a limit). */
  limit: number | null;
}

export type ExplorerCheck = { ok: true; filters: ExplorerFilters } | { ok: false; issue: ExplorerIssue };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function listOf(value: string | string[] | undefined): string[] {
  const parts = (Array.isArray(value) ? value : [value ?? '']).flatMap((v) => v.split(','));
  return [...new Set(parts.map((v) => v.trim()).filter((v) => v !== ''))];
}

/** The instant a YYYY-MM-DD day starts in UTC, or null when it is not a real calendar day. */
export function utcDayStart(day: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === day ? date : null;
}

export const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/**
 * Checks explorer filters in the order of part 2 §5 (machine, then tag, then the rest) and fills in defaults.
 * `purpose` 'query' caps the row limit and defaults it to 1000; 'export' has no cap unless a limit is given.
 */
export function checkExplorerFilters(raw: ExplorerQuery, purpose: 'query' | 'export', now = new Date()): ExplorerCheck {
  const fail = (issue: ExplorerIssue): ExplorerCheck => ({ ok: false, issue });
  const ids = (value: ExplorerQuery['machineIds']) => [...new Set(listOf(value).map((id) => id.toLowerCase()))];
  const machineIds = ids(raw.machineIds);
  const tags = listOf(raw.tags);
  const tagIds = ids(raw.tagIds);
  if (machineIds.length === 0) return fail('select_machine');
  if (!machineIds.every((id) => UUID.test(id))) return fail('invalid_machine');
  if (machineIds.length > EXPLORER_MAX_MACHINES) return fail('too_many_machines');
  if (tags.length + tagIds.length === 0) return fail('select_tag');
  if (!tagIds.every((id) => UUID.test(id))) return fail('invalid_tag_id');
  if (tags.length + tagIds.length > EXPLORER_MAX_TAGS) return fail('too_many_tags');
  // No stored alias holds a NUL (PostgreSQL text cannot), so such a tag is simply not found.
  if (tags.some((tag) => tag.includes('\u0000'))) return fail('tags_not_found');

  const toDay = raw.toDay?.trim() || utcDay(now);
  const fromDay = raw.fromDay?.trim() || utcDay(new Date(Date.parse(`${toDay}T00:00:00Z`) - DAY_MS));
  const from = utcDayStart(fromDay);
  const toStart = utcDayStart(toDay);
  if (!from || !toStart) return fail('invalid_day');
  if (from > toStart) return fail('day_order');
  const to = new Date(toStart.getTime() + DAY_MS);
  if (to.getTime() - from.getTime() > MAX_QUERY_SPAN_MS) return fail('range_too_long');

  const aggregation = raw.aggregation?.trim() || 'none';
  if (!(EXPLORER_AGGREGATION_OPTIONS as readonly string[]).includes(aggregation)) return fail('invalid_aggregation');
  const interval = raw.interval?.trim() || EXPLORER_DEFAULTS.interval;
  if (!(EXPLORER_INTERVALS as readonly string[]).includes(interval)) return fail('invalid_interval');

  const limitText = raw.limit?.trim() ?? '';
  let limit: number | null = purpose === 'query' ? EXPLORER_DEFAULTS.limit : null;
  if (limitText !== '') {
    limit = /^\d{1,9}$/.test(limitText) ? Number(limitText) : 0;
    if (limit < EXPLORER_MIN_LIMIT) return fail('limit_too_small');
    if (purpose === 'query' && limit > EXPLORER_MAX_LIMIT) return fail('limit_too_large');
  }
  return {
    ok: true,
    filters: {
      machineIds,
      tags,
      tagIds,
      fromDay,
      toDay,
      from,
      to,
      aggregation: aggregation as ExplorerAggregation,
      interval: interval as ExplorerInterval,
      limit,
    },
  };
}

export const explorerRowSchema = z.object({
  machineId: z.uuid(),
  machine: z.string(),
  tag: z.string(),
  /** ISO 8601, UTC; the bucket start for aggregated rows. */
  time: z.string(),
  /** Numbers (booleans as 1/0) or text; an aggregate is always a number. */
  value: z.union([z.number(), z.string()]).nullable(),
  /** Per stored value; aggregated rows have none. */
  quality: z.number().int().nullable(),
});
export type ExplorerRow = z.infer<typeof explorerRowSchema>;

export const explorerResponseSchema = z.object({
  rows: z.array(explorerRowSchema),
  /** True when the row limit cut the result short. */
  truncated: z.boolean(),
  limit: z.number().int(),
  from: z.string(),
  to: z.string(),
  aggregation: z.enum(EXPLORER_AGGREGATION_OPTIONS),
  interval: z.enum(EXPLORER_INTERVALS),
});
export type ExplorerResponse = z.infer<typeof explorerResponseSchema>;
