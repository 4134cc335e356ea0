import type { LiveSeries } from '@taktwerk/common';

/**
 * Appends new points to a per-tag window that keeps the newest `keep` points of each tag: what a live chart shows.
 * Returns new objects only for tags that changed, so unchanged series keep their identity.
 */
export function appendToWindow(shown: readonly LiveSeries[], incoming: readonly LiveSeries[], keep: number): LiveSeries[] {
  const next = [...shown];
  for (const series of incoming) {
    const at = next.findIndex((s) => s.tag === series.tag);
    const current = at >= 0 ? next[at]! : undefined;
    const merged = current ? concat(current, series) : series;
    const trimmed = merged.t.length > keep ? slice(merged, merged.t.length - keep) : merged;
    if (at >= 0) next[at] = trimmed;
    else next.push(trimmed);
  }
  return next;
}

function concat(a: LiveSeries, b: LiveSeries): LiveSeries {
  const merged: LiveSeries = { tag: a.tag, t: [...a.t, ...b.t], v: [...a.v, ...b.v] };
  if (a.q || b.q) merged.q = [...(a.q ?? a.t.map(() => null)), ...(b.q ?? b.t.map(() => null))];
  return merged;
}

function slice(s: LiveSeries, from: number): LiveSeries {
  const sliced: LiveSeries = { tag: s.tag, t: s.t.slice(from), v: s.v.slice(from) };
  if (s.q) sliced.q = s.q.slice(from);
  return sliced;
}
