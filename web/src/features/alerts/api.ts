import useSWR, { useSWRConfig } from 'swr';
import { useCallback } from 'react';
import {
  alertBacktestResponseSchema,
  alertEventListResponseSchema,
  alertEventResponseSchema,
  alertNotificationsResponseSchema,
  alertRuleListResponseSchema,
  alertRuleResponseSchema,
  alertRulesExportSchema,
  seriesResponseSchema,
  type AlertBacktestRange,
  type AlertRuleDraft,
  type AlertRulesDocument,
} from '@taktwerk/common';
import { apiFetch, apiFetcher, type ApiKey } from '../../app/api-client';
import { noContent } from '../machines/api';

/** Events and the bell follow new alerts without a reload: the live socket carries points, not events. */
export const ALERT_EVENTS_POLL_MS = 15_000;

export const RULES_KEY: ApiKey = ['/alerts/rules'];
export const EVENTS_KEY: ApiKey = ['/alert-events'];
export const NOTIFICATIONS_KEY: ApiKey = ['/alert-events/notifications'];

const fetchRules = apiFetcher(alertRuleListResponseSchema);
const fetchEvents = apiFetcher(alertEventListResponseSchema);
const fetchNotifications = apiFetcher(alertNotificationsResponseSchema);
const fetchSeries = apiFetcher(seriesResponseSchema);

/** GET /alerts/rules: every rule with its evaluation state (refreshed now and then: the state changes with data). */
export function useAlertRules() {
  return useSWR(RULES_KEY, fetchRules, { refreshInterval: 30_000 });
}

/** GET /alert-events: the newest 50 events with their delivery status. */
export function useAlertEvents() {
  return useSWR(EVENTS_KEY, fetchEvents, { refreshInterval: ALERT_EVENTS_POLL_MS });
}

/** GET /alert-events/notifications: the bell's unread count and latest 10; null (disabled) fetches nothing. */
export function useAlertNotifications(enabled: boolean) {
  return useSWR(enabled ? NOTIFICATIONS_KEY : null, fetchNotifications, { refreshInterval: ALERT_EVENTS_POLL_MS });
}

/** The series a backtest chart draws: exactly the backtest's window (never widened), avg per bucket. */
export function useBacktestSeries(query: { machineId: string; tag: string; from: string; to: string } | null) {
  const key: ApiKey | null = query ? ['/telemetry/series', { ...query, maxPoints: 600 }] : null;
  return useSWR(key, fetchSeries, { revalidateOnFocus: false });
}

/** Revalidates everything that shows events (list, bell, rule states) after an event or rule changed. */
export function useRefreshAlerts() {
  const { mutate } = useSWRConfig();
  return useCallback(
    () => mutate((key) => Array.isArray(key) && typeof key[0] === 'string' && /^\/(alert-events|alerts\/rules)/.test(key[0])),
    [mutate],
  );
}

export const createRule = (draft: AlertRuleDraft) => apiFetch('/alerts/rules', alertRuleResponseSchema, { method: 'POST', body: draft });

export const updateRule = (id: string, draft: AlertRuleDraft) =>
  apiFetch(`/alerts/rules/${id}`, alertRuleResponseSchema, { method: 'PUT', body: draft });

export const setRuleEnabled = (id: string, enabled: boolean) =>
  apiFetch(`/alerts/rules/${id}`, alertRuleResponseSchema, { method: 'PATCH', body: { enabled } });

export const deleteRule = (id: string) => apiFetch(`/alerts/rules/${id}`, noContent, { method: 'DELETE' });

export const exportRules = () => apiFetch('/alerts/rules/export', alertRulesExportSchema);

export const importRules = (document: AlertRulesDocument) =>
  apiFetch('/alerts/rules/import', alertRuleListResponseSchema, { method: 'POST', body: document });

export const backtestRule = (rule: AlertRuleDraft, range: AlertBacktestRange) =>
  apiFetch('/alerts/backtest', alertBacktestResponseSchema, { method: 'POST', body: { rule, range } });

export const acknowledgeEvent = (id: string) =>
  apiFetch(`/alert-events/${id}/acknowledge`, alertEventResponseSchema, { method: 'POST' });

export const deleteEvent = (id: string) => apiFetch(`/alert-events/${id}`, noContent, { method: 'DELETE' });

export const ALERT_WRITE_PERMISSION = 'alert:write';
export const ALERT_READ_PERMISSION = 'alert:read';
