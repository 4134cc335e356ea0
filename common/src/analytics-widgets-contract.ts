import { z } from 'zod';
import { AGGREGATIONS } from './constants';

// Analytics widgets (spec part 1 §2 Analytics, §3 Analytics widget, §5, §6, §8). Bodies accept blank machine and tag
// so the api answers the spec's 'Please select machine and tag.' (code machine_and_tag_required), not zod's wording.

export const WIDGET_TYPES = ['metric', 'chart', 'table'] as const;
export type WidgetType = (typeof WIDGET_TYPES)[number];

/** Read with machine:read (the analytics screen's permission); changed with dashboard:write (owners' dashboard:*). */
export const WIDGET_READ_PERMISSION = 'machine:read';
export const WIDGET_WRITE_PERMISSION = 'dashboard:write';

/** Keeps one organization's analytics screen (and a reorder body) bounded. */
export const MAX_WIDGETS_PER_ORGANIZATION = 100;
export const WIDGET_TITLE_MAX = 200;

export const WIDGET_ISSUES = {
  machine_and_tag_required: 'Please select machine and tag.',
} as const;
export type WidgetIssue = keyof typeof WIDGET_ISSUES;

/** The title of a widget saved without one (spec part 1 §5). */
export const defaultWidgetTitle = (machineName: string, tagAlias: string) => `${machineName} • ${tagAlias}`;

export const widgetIdParamsSchema = z.strictObject({ widgetId: z.uuid() });

/** Blank means 'not selected'; anything else must be a machine id. */
const machineChoice = z.union([z.literal(''), z.uuid()]);
const tagChoice = z.string().trim().max(200);
/** Trimmed; blank clears the unit (null), absent keeps it (update) or takes the tag's unit (create). */
const unitText = z
  .string()
  .trim()
  .max(50)
  .nullable()
  .transform((text) => (text === '' ? null : text));

const widgetFields = {
  type: z.enum(WIDGET_TYPES),
  /** Blank or absent on create: 'machine • tag'. Blank on update: the default title of the (new) machine and tag. */
  title: z.string().trim().max(WIDGET_TITLE_MAX),
  machineId: machineChoice,
  /** A tag alias of the machine, any spelling; stored as configured. */
  tagAlias: tagChoice,
  tagUnit: unitText,
  aggregation: z.enum(AGGREGATIONS),
  visible: z.boolean(),
  visibleDashboard: z.boolean(),
};

export const widgetCreateSchema = z.strictObject({
  ...widgetFields,
  type: widgetFields.type.default('chart'),
  title: widgetFields.title.optional(),
  machineId: machineChoice.optional(),
  tagAlias: tagChoice.optional(),
  tagUnit: unitText.optional(),
  aggregation: widgetFields.aggregation.default('avg'),
  visible: widgetFields.visible.default(true),
  visibleDashboard: widgetFields.visibleDashboard.default(false),
});
export type WidgetCreate = z.input<typeof widgetCreateSchema>;

export const widgetUpdateSchema = z.strictObject(widgetFields).partial();
export type WidgetUpdate = z.input<typeof widgetUpdateSchema>;

/** First broken widget rule of a draft (machine and tag both chosen), or null. */
export function widgetIssue(draft: { machineId?: string | undefined; tagAlias?: string | undefined }): WidgetIssue | null {
  return draft.machineId?.trim() && draft.tagAlias?.trim() ? null : 'machine_and_tag_required';
}

export const widgetSchema = z.object({
  id: z.uuid(),
  type: z.enum(WIDGET_TYPES),
  title: z.string(),
  machineId: z.uuid(),
  machineName: z.string(),
  tagAlias: z.string(),
  tagUnit: z.string().nullable(),
  aggregation: z.enum(AGGREGATIONS),
  visible: z.boolean(),
  visibleDashboard: z.boolean(),
  position: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Widget = z.infer<typeof widgetSchema>;

export const widgetListResponseSchema = z.object({ widgets: z.array(widgetSchema) });
export type WidgetListResponse = z.infer<typeof widgetListResponseSchema>;
export const widgetResponseSchema = z.object({ widget: widgetSchema });
export type WidgetResponse = z.infer<typeof widgetResponseSchema>;

/** Every widget id of the organization, in the new order (positions become 0, 1, 2 …). */
export const widgetOrderSchema = z.strictObject({
  ids: z
    .array(z.uuid())
    .max(MAX_WIDGETS_PER_ORGANIZATION)
    .refine((ids) => new Set(ids).size === ids.length, 'Each widget may appear only once.'),
});
export type WidgetOrder = z.infer<typeof widgetOrderSchema>;
