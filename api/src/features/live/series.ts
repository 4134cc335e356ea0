import type { LiveSeries } from '@taktwerk/common';
import type { ValidPoint } from '../ingest/values';

/** A committed batch by tag, columnar and in batch order: the form that travels through Redis and to the browser. */
export function toSeries(points: readonly ValidPoint[]): LiveSeries[] {
  const byTag = new Map<string, { tag: string; t: number[]; v: (number | string | null)[]; q: (number | null)[]; hasQuality: boolean }>();
  for (const point of points) {
    let series = byTag.get(point.tag);
    if (!series) {
      series = { tag: point.tag, t: [], v: [], q: [], hasQuality: false };
      byTag.set(point.tag, series);
    }
    series.t.push(point.ts.getTime());
    series.v.push(point.value ?? point.text);
    series.q.push(point.quality);
    if (point.quality !== null) series.hasQuality = true;
  }
  return [...byTag.values()].map(({ tag, t, v, q, hasQuality }) => (hasQuality ? { tag, t, v, q } : { tag, t, v }));
}

/** Several batches of one machine as one list of series, a tag's points in arrival order. */
export function mergeSeries(batches: readonly (readonly LiveSeries[])[]): readonly LiveSeries[] {
  if (batches.length === 1) return batches[0]!;
  const byTag = new Map<string, LiveSeries[]>();
  for (const batch of batches) {
    for (const series of batch) {
      const parts = byTag.get(series.tag);
      if (parts) parts.push(series);
      else byTag.set(series.tag, [series]);
    }
  }
  return [...byTag.entries()].map(([tag, parts]) => (parts.length === 1 ? parts[0]! : concat(tag, parts)));
}

function concat(tag: string, parts: readonly LiveSeries[]): LiveSeries {
  const t = parts.flatMap((p) => p.t);
  const v = parts.flatMap((p) => p.v);
  if (!parts.some((p) => p.q)) return { tag, t, v };
  // Qualities appear when any part has one; parts without them contribute nulls so the columns stay aligned.
  return { tag, t, v, q: parts.flatMap((p) => p.q ?? p.t.map(() => null)) };
}

/** A subscription's tags, compared case-insensitively as ingest does; null selects every tag. */
export interface TagFilter {
  tags: ReadonlySet<string> | null;
  /** Identifies equal filters, so subscribers with the same filter share one serialized message. */
  key: string;
}

export const ALL_TAGS: TagFilter = { tags: null, key: '*' };

export function tagFilter(tags: readonly string[] | undefined): TagFilter {
  if (!tags) return ALL_TAGS;
  const lower = [...new Set(tags.map((t) => t.toLowerCase()))].sort();
  return { tags: new Set(lower), key: JSON.stringify(lower) };
}

export function filterSeries(series: readonly LiveSeries[], filter: TagFilter): readonly LiveSeries[] {
  const { tags } = filter;
  return tags ? series.filter((s) => tags.has(s.tag.toLowerCase())) : series;
}
