import {
  EXPLORER_DEFAULTS,
  utcDay,
  type ExplorerAggregation,
  type ExplorerInterval,
  type ExplorerQuery,
  type TagConfig,
} from '@taktwerk/common';

/** What the filter form holds; days are UTC calendar days, as the api reads them. */
export interface ExplorerDraft {
  machineId: string;
  /** The chosen tag's id, or '' when none is chosen. */
  tagId: string;
  /** A tag named by alias in the hash (tag= or tagAlias=) until the machine's tag list resolves it to an id. */
  tagAlias: string;
  fromDay: string;
  toDay: string;
  aggregation: ExplorerAggregation;
  interval: ExplorerInterval;
  limit: string;
}

/** A hash parameter by name, names matched case-insensitively (part 2 §2). */
function param(params: URLSearchParams, ...names: string[]): string {
  const wanted = names.map((n) => n.toLowerCase());
  for (const [name, value] of params) if (wanted.includes(name.toLowerCase()) && value.trim() !== '') return value.trim();
  return '';
}

/**
 * The form's starting point: the spec's defaults (the last 24 hours, i.e. yesterday and today; avg; 1h; 1000 rows)
 * with machine and tag preselected from `#data-explorer?machineId=&tagId=` (also tag or tagAlias).
 */
export function initialDraft(params: URLSearchParams, now = new Date()): ExplorerDraft {
  return {
    machineId: param(params, 'machineId'),
    tagId: param(params, 'tagId'),
    tagAlias: param(params, 'tag', 'tagAlias'),
    fromDay: utcDay(new Date(now.getTime() - 86_400_000)),
    toDay: utcDay(now),
    aggregation: EXPLORER_DEFAULTS.aggregation,
    interval: EXPLORER_DEFAULTS.interval,
    limit: String(EXPLORER_DEFAULTS.limit),
  };
}

/** The tag id a draft names, resolving an alias from the hash against the machine's tags. */
export function chosenTagId(draft: ExplorerDraft, tags: readonly TagConfig[]): string {
  if (draft.tagId && tags.some((t) => t.id === draft.tagId)) return draft.tagId;
  if (draft.tagAlias) return tags.find((t) => t.alias.toLowerCase() === draft.tagAlias.toLowerCase())?.id ?? '';
  return '';
}

/**
 * The api query of a draft. A tag named only by an alias that the machine does not have is sent as that alias,
 * so the answer is the spec's 'Selected tags not found.'.
 */
export function queryOf(draft: ExplorerDraft, tags: readonly TagConfig[]): ExplorerQuery {
  const tagId = chosenTagId(draft, tags);
  return {
    machineIds: draft.machineId || undefined,
    tagIds: tagId || undefined,
    tags: tagId ? undefined : draft.tagAlias || undefined,
    fromDay: draft.fromDay,
    toDay: draft.toDay,
    aggregation: draft.aggregation,
    interval: draft.interval,
    limit: draft.limit.trim() || undefined,
  };
}
