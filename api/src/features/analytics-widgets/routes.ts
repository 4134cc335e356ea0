import {
  WIDGET_READ_PERMISSION,
  WIDGET_WRITE_PERMISSION,
  widgetCreateSchema,
  widgetIdParamsSchema,
  widgetListResponseSchema,
  widgetOrderSchema,
  widgetResponseSchema,
  widgetUpdateSchema,
  type WidgetListResponse,
  type WidgetResponse,
} from '@taktwerk/common';
import type { ApiRouter } from '../../http/route';
import { signedIn } from '../../http/route';
import { createWidget, deleteWidget, listWidgets, reorderWidgets, updateWidget } from './service';

// Members see their organization's widgets (spec part 1 §6); changing them needs dashboard:write (owners).
export function registerAnalyticsWidgetRoutes(api: ApiRouter): void {
  api.add({
    method: 'get',
    path: '/analytics/widgets',
    summary: "The organization's analytics widgets in their saved order (hidden ones included)",
    tag: 'analytics',
    auth: signedIn(WIDGET_READ_PERMISSION),
    responses: { 200: widgetListResponseSchema },
    async handler({ principal, deps }): Promise<WidgetListResponse> {
      return { widgets: await listWidgets(deps, principal.orgId) };
    },
  });

  api.add({
    method: 'post',
    path: '/analytics/widgets',
    summary: "Add a widget after the last one; machine and tag are required, the title defaults to 'machine • tag'",
    tag: 'analytics',
    auth: signedIn(WIDGET_WRITE_PERMISSION),
    body: widgetCreateSchema,
    responses: { 201: widgetResponseSchema },
    async handler({ principal, body, deps }): Promise<WidgetResponse> {
      return { widget: await createWidget(deps, principal.orgId, body) };
    },
  });

  api.add({
    method: 'put',
    path: '/analytics/widgets/order',
    summary: 'Reorder the widgets: every widget id of the organization, in the new order',
    tag: 'analytics',
    auth: signedIn(WIDGET_WRITE_PERMISSION),
    body: widgetOrderSchema,
    responses: { 200: widgetListResponseSchema },
    async handler({ principal, body, deps }): Promise<WidgetListResponse> {
      return { widgets: await reorderWidgets(deps, principal.orgId, body.ids) };
    },
  });

  api.add({
    method: 'patch',
    path: '/analytics/widgets/:widgetId',
    summary: 'Edit a widget or toggle visible / visible on dashboard',
    tag: 'analytics',
    auth: signedIn(WIDGET_WRITE_PERMISSION),
    params: widgetIdParamsSchema,
    body: widgetUpdateSchema,
    responses: { 200: widgetResponseSchema },
    async handler({ principal, params, body, deps }): Promise<WidgetResponse> {
      return { widget: await updateWidget(deps, principal.orgId, params.widgetId, body) };
    },
  });

  api.add({
    method: 'delete',
    path: '/analytics/widgets/:widgetId',
    summary: 'Delete a widget',
    tag: 'analytics',
    auth: signedIn(WIDGET_WRITE_PERMISSION),
    params: widgetIdParamsSchema,
    responses: { 204: null },
    async handler({ principal, params, deps }) {
      await deleteWidget(deps, principal.orgId, params.widgetId);
    },
  });
}
