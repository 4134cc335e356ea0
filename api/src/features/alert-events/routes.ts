import {
  alertEventIdParamsSchema,
  alertEventListQuerySchema,
  alertEventListResponseSchema,
  alertEventResponseSchema,
  alertNotificationsResponseSchema,
  type AlertEventListResponse,
  type AlertEventResponse,
  type AlertNotificationsResponse,
} from '@taktwerk/common';
import { signedIn, type ApiRouter } from '../../http/route';
import { ALERT_READ, ALERT_WRITE } from '../alerts/service';
import { acknowledgeOrgEvent, deleteOrgEvent, getOrgEvent, listOrgEvents, orgNotifications } from './service';

export function registerAlertEventRoutes(api: ApiRouter): void {
  api.add({
    method: 'get',
    path: '/alert-events',
    summary: "The organization's alert events, newest first (at most 50), optionally of one rule or machine, with delivery status",
    tag: 'alerts',
    auth: signedIn(ALERT_READ),
    query: alertEventListQuerySchema,
    responses: { 200: alertEventListResponseSchema },
    async handler({ principal, query, deps }): Promise<AlertEventListResponse> {
      return { events: await listOrgEvents(deps, principal.orgId, query) };
    },
  });

  // Before /alert-events/:eventId, which would take "notifications" for an id.
  api.add({
    method: 'get',
    path: '/alert-events/notifications',
    summary: 'The notification bell: count of unacknowledged events and the latest 10',
    tag: 'alerts',
    auth: signedIn(ALERT_READ),
    responses: { 200: alertNotificationsResponseSchema },
    async handler({ principal, deps }): Promise<AlertNotificationsResponse> {
      return orgNotifications(deps, principal.orgId);
    },
  });

  api.add({
    method: 'get',
    path: '/alert-events/:eventId',
    summary: 'One alert event with its delivery status',
    tag: 'alerts',
    auth: signedIn(ALERT_READ),
    params: alertEventIdParamsSchema,
    responses: { 200: alertEventResponseSchema },
    async handler({ principal, params, deps }): Promise<AlertEventResponse> {
      return { event: await getOrgEvent(deps, principal.orgId, params.eventId) };
    },
  });

  api.add({
    method: 'post',
    path: '/alert-events/:eventId/acknowledge',
    summary: 'Acknowledge an alert event (customer owners): records the time and the user',
    tag: 'alerts',
    auth: signedIn(ALERT_WRITE),
    params: alertEventIdParamsSchema,
    responses: { 200: alertEventResponseSchema },
    async handler({ principal, params, deps }): Promise<AlertEventResponse> {
      return { event: await acknowledgeOrgEvent(deps, principal, params.eventId) };
    },
  });

  api.add({
    method: 'delete',
    path: '/alert-events/:eventId',
    summary: 'Delete an alert event (customer owners only)',
    tag: 'alerts',
    auth: signedIn(ALERT_WRITE),
    params: alertEventIdParamsSchema,
    responses: { 204: null },
    async handler({ principal, params, deps }) {
      await deleteOrgEvent(deps, principal, params.eventId);
    },
  });
}
