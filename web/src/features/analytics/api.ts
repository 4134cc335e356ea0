import useSWR from 'swr';
import {
  aggregateResponseSchema,
  RANGE_MS,
  tagConfigResponseSchema,
  widgetListResponseSchema,
  widgetResponseSchema,
  type RangePreset,
  type TagConfigUpdate,
  type WidgetCreate,
  type WidgetUpdate,
} from '@taktwerk/common';
import { apiFetch, apiFetcher, apiPath, type ApiKey } from '../../app/api-client';
import { noContent } from '../machines/api';

export const WIDGETS_KEY: ApiKey = ['/analytics/widgets'];
const fetchWidgets = apiFetcher(widgetListResponseSchema);

/** GET /analytics/widgets: every widget of the organization, hidden ones included, in their saved order. */
export function useWidgets() {
  return useSWR(WIDGETS_KEY, fetchWidgets);
}

export const createWidget = (input: WidgetCreate) => apiFetch('/analytics/widgets', widgetResponseSchema, { method: 'POST', body: input });

export const updateWidget = (id: string, input: WidgetUpdate) =>
  apiFetch(`/analytics/widgets/${id}`, widgetResponseSchema, { method: 'PATCH', body: input });

export const deleteWidget = (id: string) => apiFetch(`/analytics/widgets/${id}`, noContent, { method: 'DELETE' });

export const reorderWidgets = (ids: string[]) =>
  apiFetch('/analytics/widgets/order', widgetListResponseSchema, { method: 'PUT', body: { ids } });

export const updateTagConfig = (machineId: string, tagId: string, input: TagConfigUpdate) =>
  apiFetch(`/machines/${machineId}/tags/${tagId}`, tagConfigResponseSchema, { method: 'PATCH', body: input });

type AggregateKey = readonly [path: '/analytics/aggregate', params: { machineId: string; tag: string; range: RangePreset }];

/** The window is taken when the request is made, so every refresh reads the range ending at that moment. */
const fetchAggregate = ([path, { machineId, tag, range }]: AggregateKey) => {
  const to = Date.now();
  const from = to - RANGE_MS[range];
  return apiFetch(
    apiPath(path, { machineId, tag, from: new Date(from).toISOString(), to: new Date(to).toISOString() }),
    aggregateResponseSchema,
  );
};

/** GET /analytics/aggregate of one tag over a preset range ending now (a metric widget's figure). */
export function useAggregate(machineId: string, tag: string, range: RangePreset) {
  const key: AggregateKey = ['/analytics/aggregate', { machineId, tag, range }];
  return useSWR(key, fetchAggregate, { refreshInterval: 60_000 });
}

/** The tag configuration editor changes machines' tags. */
export const MACHINE_WRITE_PERMISSION = 'machine:write';

/** SWR keys of what widgets show (aggregates and series), for the refresh button. */
export const isWidgetDataKey = (key: unknown) =>
  Array.isArray(key) && (key[0] === '/analytics/aggregate' || key[0] === '/telemetry/series');
