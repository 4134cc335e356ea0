import { z } from 'zod';
import { isEmailAddress } from './accounts-contract';

// The alerts contract (spec part 1 §2 Alerts, §3 Alert rule / Alert event, §5, §8, §9): rules, their validation,
// export/import, backtest, and events. Bodies accept any strings so the business rules below answer with the spec's
// rules and stable codes (which the web translates: 'Validierungsfehler' / 'Bitte füllen Sie alle erforderlichen
// Felder aus.' in German), not with zod's wording.

export const ALERT_RULE_TYPES = ['threshold', 'no_data', 'deviation'] as const;
export type AlertRuleType = (typeof ALERT_RULE_TYPES)[number];
export const ALERT_SEVERITIES = ['low', 'medium', 'high', 'critical'] as const;
export type AlertSeverity = (typeof ALERT_SEVERITIES)[number];
export const ALERT_OPERATORS = ['>', '<', '=', '!=', '>=', '<='] as const;
export type AlertOperator = (typeof ALERT_OPERATORS)[number];
export const ALERT_CHANNEL_TYPES = ['email', 'webhook', 'slack', 'telegram'] as const;
export type AlertChannelType = (typeof ALERT_CHANNEL_TYPES)[number];
/** Evaluation state of a rule: ok, condition holding but not yet for its duration (or cooling down), firing. */
export const ALERT_RULE_STATES = ['ok', 'pending', 'firing'] as const;
export type AlertRuleState = (typeof ALERT_RULE_STATES)[number];
export const ALERT_EVENT_STATES = ['triggered', 'resolved'] as const;
export type AlertEventState = (typeof ALERT_EVENT_STATES)[number];

/** Spec part 1 §9 (cooldown, type, severity) plus our defaults for the numbers the spec leaves open. */
export const ALERT_DEFAULTS = {
  ruleType: 'threshold',
  severity: 'medium',
  cooldownMinutes: 5,
  operator: '>',
  threshold: 0,
  duration: 0,
  noDataMinutes: 5,
  deviationSigma: 3,
} as const;

/**
 * The deviation rule compares each value with the mean and population standard deviation of the same tag's values
 * in the 60 minutes before it (at most the latest 1,000 of them); with fewer than 10 such values it does not judge.
 */
export const DEVIATION_WINDOW = { minutes: 60, maxValues: 1000, minValues: 10 } as const;

/** Number inputs of the rule form (spec part 1 §5 minimums; the maximums are ours: one week). */
export const ALERT_NUMBER_LIMITS = {
  duration: { min: 0, max: 604_800 },
  noDataMinutes: { min: 1, max: 10_080 },
  deviationSigma: { min: 0, max: 100 },
  cooldownMinutes: { min: 0, max: 10_080 },
} as const;
export type AlertNumberField = keyof typeof ALERT_NUMBER_LIMITS;
/** Sigma moves in steps of 0.1 (spec part 1 §5); other values are rounded to the step. */
export const DEVIATION_SIGMA_STEP = 0.1;
// Divides by the step's reciprocal (exactly 10), not multiplies by 0.1, so 0.3 stays 0.3.
const roundToSigmaStep = (sigma: number) => Math.round(sigma / DEVIATION_SIGMA_STEP) / Math.round(1 / DEVIATION_SIGMA_STEP);

/**
 * BullMQ options of alert.evaluate jobs. The producer (the api's ingest listener) sets them when it adds a job, the
 * worker's job definition names them: retried with backoff, finished jobs kept a while for inspection.
 */
export const ALERT_EVALUATE_JOB_OPTIONS = {
  attempts: 5,
  backoff: { type: 'exponential', delay: 1000 },
  removeOnComplete: 1000,
  removeOnFail: 5000,
} as const;

export const ALERT_MAX_CHANNELS = 10;
export const ALERT_IMPORT_MAX_RULES = 100;
export const ALERT_EXPORT_FORMAT = 'taktwerk.alert-rules';
export const ALERT_BACKTEST_RANGES = { '24h': 86_400_000, '7d': 7 * 86_400_000 } as const;
export type AlertBacktestRange = keyof typeof ALERT_BACKTEST_RANGES;
/** A backtest reports every firing in its count but lists at most this many, and reads at most this many values. */
export const ALERT_BACKTEST_MAX_FIRINGS = 500;
export const ALERT_BACKTEST_MAX_POINTS = 2_000_000;

export const alertRuleIdParamsSchema = z.strictObject({ ruleId: z.uuid() });
export const alertEventIdParamsSchema = z.strictObject({ eventId: z.uuid() });

export const alertChannelSchema = z.strictObject({
  type: z.enum(ALERT_CHANNEL_TYPES),
  target: z.string().trim().max(2000),
  enabled: z.boolean().default(true),
});
export type AlertChannel = z.output<typeof alertChannelSchema>;

/** The default channel list of a new rule: one enabled email channel (spec part 1 §9), to the given address. */
export const defaultAlertChannels = (email: string): AlertChannel[] => [{ type: 'email', target: email, enabled: true }];

/**
 * Telegram targets are `<chat id>` (sent by the platform's bot) or `<bot token>:<chat id>`. The bot token has a colon
 * of its own (`123456:AAH…`); the chat id never does (a number, negative for groups, or `@channelname`).
 */
export function parseTelegramTarget(target: string): { botToken: string | null; chatId: string } | null {
  const match = /^(?:(\d+:[A-Za-z0-9_-]{10,}):)?(-?\d+|@[A-Za-z][A-Za-z0-9_]{3,})$/.exec(target.trim());
  return match ? { botToken: match[1] ?? null, chatId: match[2]! } : null;
}

function isUrl(target: string, protocols: string[]): boolean {
  try {
    const url = new URL(target);
    return protocols.includes(url.protocol) && url.hostname !== '';
  } catch {
    return false;
  }
}

/** Whether a channel's target has the shape its type needs (reachability is the sender's concern). */
export function isValidChannelTarget(type: AlertChannelType, target: string): boolean {
  switch (type) {
    case 'email':
      return isEmailAddress(target);
    case 'webhook':
      return isUrl(target, ['https:', 'http:']);
    case 'slack':
      return isUrl(target, ['https:']);
    case 'telegram':
      return parseTelegramTarget(target) !== null;
  }
}

export const alertExpressionInputSchema = z.strictObject({
  tag: z.string().max(200),
  operator: z.enum(ALERT_OPERATORS).optional(),
  threshold: z.number().optional(),
  /** Seconds the condition must hold before the rule fires. */
  duration: z.number().int().optional(),
  noDataMinutes: z.number().int().optional(),
  deviationSigma: z.number().optional(),
});

/** A rule as the form (or an import) sends it; alertRuleIssue and normalizeAlertRuleDraft apply the rules. */
export const alertRuleDraftSchema = z.strictObject({
  name: z.string().max(200),
  description: z.string().max(2000).nullable().optional(),
  ruleType: z.enum(ALERT_RULE_TYPES).optional(),
  /** Empty while none is chosen: answered with required_fields. */
  machineId: z.union([z.literal(''), z.uuid()]),
  expression: alertExpressionInputSchema,
  severity: z.enum(ALERT_SEVERITIES).optional(),
  /** Absent: one enabled email channel to the author (spec part 1 §9). */
  channels: z.array(alertChannelSchema).max(ALERT_MAX_CHANNELS).optional(),
  enabled: z.boolean().optional(),
  cooldownMinutes: z.number().int().optional(),
});
export type AlertRuleDraft = z.input<typeof alertRuleDraftSchema>;
type ParsedDraft = z.output<typeof alertRuleDraftSchema>;

/** A broken rule-form rule: a stable code (the api's error code, the web's message key) and its parameters. */
export type AlertRuleIssue =
  | { code: 'required_fields'; fields: ('name' | 'machineId' | 'tag')[] }
  | { code: 'number_out_of_range'; field: AlertNumberField; min: number; max: number }
  | { code: 'invalid_channel_target'; index: number; type: AlertChannelType };

/** First broken rule of a draft (spec part 1 §5), or null. */
export function alertRuleIssue(draft: ParsedDraft): AlertRuleIssue | null {
  const required = (
    [
      ['name', draft.name],
      ['machineId', draft.machineId],
      ['tag', draft.expression.tag],
    ] as const
  )
    .filter(([, value]) => value.trim() === '')
    .map(([field]) => field);
  if (required.length > 0) return { code: 'required_fields', fields: required };
  const numbers: [AlertNumberField, number | undefined][] = [
    ['duration', draft.expression.duration],
    ['noDataMinutes', draft.expression.noDataMinutes],
    ['deviationSigma', draft.expression.deviationSigma],
    ['cooldownMinutes', draft.cooldownMinutes],
  ];
  for (const [field, value] of numbers) {
    const { min, max } = ALERT_NUMBER_LIMITS[field];
    if (value !== undefined && (value < min || value > max)) return { code: 'number_out_of_range', field, min, max };
  }
  const badChannel = (draft.channels ?? []).findIndex((c) => (c.enabled || c.target !== '') && !isValidChannelTarget(c.type, c.target));
  if (badChannel >= 0) return { code: 'invalid_channel_target', index: badChannel, type: draft.channels![badChannel]!.type };
  return null;
}

/** A complete expression: every field the spec names, whatever the rule type uses. */
export const alertExpressionSchema = z.object({
  tag: z.string(),
  operator: z.enum(ALERT_OPERATORS),
  threshold: z.number(),
  duration: z.number().int(),
  noDataMinutes: z.number().int(),
  deviationSigma: z.number(),
});
export type AlertExpression = z.infer<typeof alertExpressionSchema>;

/** What a valid draft stores: trimmed, defaults filled in. */
export interface AlertRuleInput {
  name: string;
  description: string | null;
  ruleType: AlertRuleType;
  machineId: string;
  expression: AlertExpression;
  severity: AlertSeverity;
  channels: AlertChannel[];
  enabled: boolean;
  cooldownMinutes: number;
}

/**
 * Fills in the defaults of a draft that alertRuleIssue accepted. `channels` stand in when the draft has none: a new
 * rule's default channel (defaultAlertChannels), or an edited rule's current ones.
 */
export function normalizeAlertRuleDraft(draft: ParsedDraft, channels: AlertChannel[]): AlertRuleInput {
  const e = draft.expression;
  const description = draft.description?.trim() ?? '';
  return {
    name: draft.name.trim(),
    description: description === '' ? null : description,
    ruleType: draft.ruleType ?? ALERT_DEFAULTS.ruleType,
    machineId: draft.machineId,
    expression: {
      tag: e.tag.trim(),
      operator: e.operator ?? ALERT_DEFAULTS.operator,
      threshold: e.threshold ?? ALERT_DEFAULTS.threshold,
      duration: e.duration ?? ALERT_DEFAULTS.duration,
      noDataMinutes: e.noDataMinutes ?? ALERT_DEFAULTS.noDataMinutes,
      deviationSigma: roundToSigmaStep(e.deviationSigma ?? ALERT_DEFAULTS.deviationSigma),
    },
    severity: draft.severity ?? ALERT_DEFAULTS.severity,
    channels: draft.channels ?? channels,
    enabled: draft.enabled ?? true,
    cooldownMinutes: draft.cooldownMinutes ?? ALERT_DEFAULTS.cooldownMinutes,
  };
}

export const alertRuleSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string().nullable(),
  ruleType: z.enum(ALERT_RULE_TYPES),
  machineId: z.uuid(),
  machineName: z.string(),
  expression: alertExpressionSchema,
  severity: z.enum(ALERT_SEVERITIES),
  /** Targets are shown in full only to those who may change rules; members see them masked. */
  channels: z.array(z.object({ type: z.enum(ALERT_CHANNEL_TYPES), target: z.string(), enabled: z.boolean() })),
  enabled: z.boolean(),
  cooldownMinutes: z.number().int(),
  state: z.enum(ALERT_RULE_STATES),
  createdBy: z.uuid().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AlertRule = z.infer<typeof alertRuleSchema>;
export const alertRuleListResponseSchema = z.object({ rules: z.array(alertRuleSchema) });
export type AlertRuleListResponse = z.infer<typeof alertRuleListResponseSchema>;
export const alertRuleResponseSchema = z.object({ rule: alertRuleSchema });
export type AlertRuleResponse = z.infer<typeof alertRuleResponseSchema>;
export const alertRuleEnabledSchema = z.strictObject({ enabled: z.boolean() });

/** An exported rule: the draft plus the machine's name, by which an import into another organization finds it. */
export const alertRuleImportSchema = alertRuleDraftSchema.extend({ machineName: z.string().max(200).optional() });
/** The export file; an import takes the same document (or just `{rules}`). */
export const alertRulesDocumentSchema = z.strictObject({
  format: z.literal(ALERT_EXPORT_FORMAT).optional(),
  version: z.literal(1).optional(),
  exportedAt: z.string().max(40).optional(),
  rules: z.array(alertRuleImportSchema).min(1).max(ALERT_IMPORT_MAX_RULES),
});
export type AlertRulesDocument = z.input<typeof alertRulesDocumentSchema>;
export const alertRulesExportSchema = z.object({
  format: z.literal(ALERT_EXPORT_FORMAT),
  version: z.literal(1),
  exportedAt: z.string(),
  // A rule as listed, without what belongs to this installation only (id, state, author, timestamps).
  rules: z.array(
    alertRuleSchema.pick({
      name: true,
      description: true,
      ruleType: true,
      machineId: true,
      machineName: true,
      expression: true,
      severity: true,
      channels: true,
      enabled: true,
      cooldownMinutes: true,
    }),
  ),
});
export type AlertRulesExport = z.infer<typeof alertRulesExportSchema>;
/**
 * An import is all or nothing; a refusal names each bad rule by its index: its rule issue, or `unknown_machine`
 * (neither the id nor the name is a machine of the organization), or `unknown_tag`.
 */
export type AlertImportProblem = { index: number } & (AlertRuleIssue | { code: 'unknown_machine' } | { code: 'unknown_tag'; tag: string });

export const alertBacktestRequestSchema = z.strictObject({
  rule: alertRuleDraftSchema,
  range: z.enum(Object.keys(ALERT_BACKTEST_RANGES) as [AlertBacktestRange, ...AlertBacktestRange[]]),
});
export const alertBacktestResponseSchema = z.object({
  range: z.enum(Object.keys(ALERT_BACKTEST_RANGES) as [AlertBacktestRange, ...AlertBacktestRange[]]),
  from: z.string(),
  to: z.string(),
  /** Each time the rule would have fired (the value that made it fire; null for no_data), oldest first. */
  firings: z.array(z.object({ at: z.string(), value: z.number().nullable() })),
  count: z.number().int(),
  /** More firings than listed, or more values than a backtest reads: `count` covers only what was read. */
  truncated: z.boolean(),
  evaluatedPoints: z.number().int(),
});
export type AlertBacktestResponse = z.infer<typeof alertBacktestResponseSchema>;

/** What an event records about its transition (alert_events.payload). */
export const alertEventPayloadSchema = z.object({
  /** English sentence naming machine, tag, value and threshold; the web may build its own from the fields. */
  message: z.string(),
  ruleName: z.string(),
  ruleType: z.enum(ALERT_RULE_TYPES),
  severity: z.enum(ALERT_SEVERITIES),
  machineName: z.string(),
  tag: z.string(),
  value: z.number().nullable(),
  operator: z.enum(ALERT_OPERATORS).optional(),
  threshold: z.number().optional(),
  deviationSigma: z.number().optional(),
  mean: z.number().optional(),
  standardDeviation: z.number().optional(),
  noDataMinutes: z.number().optional(),
});
export type AlertEventPayload = z.infer<typeof alertEventPayloadSchema>;

export const alertDeliverySchema = z.object({
  channelIndex: z.number().int(),
  channelType: z.enum(ALERT_CHANNEL_TYPES),
  status: z.enum(['pending', 'sending', 'sent', 'failed']),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  sentAt: z.string().nullable(),
});

export const alertEventSchema = z.object({
  id: z.uuid(),
  alertId: z.uuid(),
  ruleName: z.string(),
  ruleType: z.enum(ALERT_RULE_TYPES),
  severity: z.enum(ALERT_SEVERITIES),
  machineId: z.uuid(),
  machineName: z.string(),
  state: z.enum(ALERT_EVENT_STATES),
  message: z.string(),
  payload: z.record(z.string(), z.unknown()),
  /** When the transition happened (the time of the value that caused it). */
  timestamp: z.string(),
  acknowledged: z.boolean(),
  acknowledgedAt: z.string().nullable(),
  acknowledgedBy: z.uuid().nullable(),
  acknowledgedByName: z.string().nullable(),
  deliveries: z.array(alertDeliverySchema),
});
export type AlertEvent = z.infer<typeof alertEventSchema>;

export const alertEventListQuerySchema = z.strictObject({
  ruleId: z.uuid().optional(),
  machineId: z.uuid().optional(),
});
export const alertEventListResponseSchema = z.object({ events: z.array(alertEventSchema) });
export type AlertEventListResponse = z.infer<typeof alertEventListResponseSchema>;
export const alertEventResponseSchema = z.object({ event: alertEventSchema });
export type AlertEventResponse = z.infer<typeof alertEventResponseSchema>;
/** The header bell: unacknowledged events of the organization and the latest ones (spec part 1 §2, §9). */
export const alertNotificationsResponseSchema = z.object({ unreadCount: z.number().int(), events: z.array(alertEventSchema) });
export type AlertNotificationsResponse = z.infer<typeof alertNotificationsResponseSchema>;
