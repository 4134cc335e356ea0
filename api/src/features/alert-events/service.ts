import { ALERT_EVENTS_CAP, NOTIFICATIONS_LIST, type AlertEvent, type AlertNotificationsResponse } from '@taktwerk/common';
import {
  acknowledgeAlertEvent,
  countUnacknowledgedEvents,
  deleteAlertEvent,
  findAlertEvent,
  insertAuditEntry,
  listAlertEvents,
  listDeliveriesForEvents,
  withTenant,
  type AlertEventRow,
  type Queryable,
} from '@taktwerk/db';
import type { AppDeps } from '../../context';
import { notFound } from '../../http/errors';
import type { Principal } from '../../http/principal';
import { presentEvent } from './presenter';

const eventNotFound = () => notFound('Alert event not found.');

async function present(db: Queryable, orgId: string, rows: AlertEventRow[]): Promise<AlertEvent[]> {
  const deliveries = await listDeliveriesForEvents(db, orgId, rows.map((r) => r.id));
  return rows.map((row) => presentEvent(row, deliveries));
}

async function loadEvent(db: Queryable, orgId: string, id: string): Promise<AlertEvent> {
  const row = await findAlertEvent(db, orgId, id);
  if (!row) throw eventNotFound();
  return (await present(db, orgId, [row]))[0]!;
}

/** Newest first, capped at 50 (spec part 1 §9). */
export function listOrgEvents(deps: AppDeps, orgId: string, filter: { ruleId?: string; machineId?: string }): Promise<AlertEvent[]> {
  return withTenant(deps.pool, orgId, async (db) => present(db, orgId, await listAlertEvents(db, orgId, { ...filter, limit: ALERT_EVENTS_CAP })));
}

export function getOrgEvent(deps: AppDeps, orgId: string, id: string): Promise<AlertEvent> {
  return withTenant(deps.pool, orgId, (db) => loadEvent(db, orgId, id));
}

/** The header bell: how many events nobody acknowledged, and the latest 10 (spec part 1 §2, §7, §9). */
export function orgNotifications(deps: AppDeps, orgId: string): Promise<AlertNotificationsResponse> {
  return withTenant(deps.pool, orgId, async (db) => ({
    unreadCount: await countUnacknowledgedEvents(db, orgId),
    events: await present(db, orgId, await listAlertEvents(db, orgId, { limit: NOTIFICATIONS_LIST })),
  }));
}

/** Records who acknowledged and when; acknowledging again keeps the first time and user. */
export function acknowledgeOrgEvent(deps: AppDeps, principal: Principal, id: string): Promise<AlertEvent> {
  const { orgId } = principal;
  return withTenant(deps.pool, orgId, async (db) => {
    if (!(await acknowledgeAlertEvent(db, orgId, id, principal.userId))) throw eventNotFound();
    return loadEvent(db, orgId, id);
  });
}

export function deleteOrgEvent(deps: AppDeps, principal: Principal, id: string): Promise<void> {
  const { orgId } = principal;
  return withTenant(deps.pool, orgId, async (db) => {
    if (!(await deleteAlertEvent(db, orgId, id))) throw eventNotFound();
    await insertAuditEntry(db, { orgId, actorId: principal.userId, action: 'alert_event.delete', targetType: 'alert_event', targetId: id });
  });
}
