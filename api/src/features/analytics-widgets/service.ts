import {
  defaultWidgetTitle,
  MAX_WIDGETS_PER_ORGANIZATION,
  WIDGET_ISSUES,
  widgetIssue,
  type Widget,
  type widgetCreateSchema,
  type widgetUpdateSchema,
} from '@taktwerk/common';
import {
  deleteAnalyticsWidget,
  findAnalyticsWidget,
  findMachineTagByAlias,
  insertAnalyticsWidget,
  listAnalyticsWidgets,
  lockAnalyticsWidgetIds,
  lockOrganizationUsageLimits,
  setAnalyticsWidgetOrder,
  updateAnalyticsWidget,
  withTenant,
  type Queryable,
} from '@taktwerk/db';
import type { z } from 'zod';
import type { AppDeps } from '../../context';
import { AppError, conflict, notFound } from '../../http/errors';
import { requireMachine } from '../machines/service';
import { presentWidget } from './presenter';

type WidgetCreateInput = z.output<typeof widgetCreateSchema>;
type WidgetUpdateInput = z.output<typeof widgetUpdateSchema>;

const widgetNotFound = () => notFound('Widget not found.');

function refuseIncomplete(draft: { machineId?: string; tagAlias?: string }): void {
  const issue = widgetIssue(draft);
  if (issue) throw new AppError(400, issue, WIDGET_ISSUES[issue]);
}

/** The machine (404 unless the organization's) and its tag in the configured spelling (400 when it has none). */
async function resolveSource(db: Queryable, orgId: string, machineId: string, tagAlias: string) {
  const machine = await requireMachine(db, orgId, machineId);
  const tag = await findMachineTagByAlias(db, orgId, machineId, tagAlias);
  if (!tag) throw new AppError(400, 'unknown_tag', `The machine has no tag "${tagAlias}".`, { tag: tagAlias });
  return { machineName: machine.name, tagAlias: tag.alias, tagUnit: tag.unit };
}

async function loadWidget(db: Queryable, orgId: string, id: string): Promise<Widget> {
  const row = await findAnalyticsWidget(db, orgId, id);
  if (!row) throw widgetNotFound();
  return presentWidget(row);
}

export function listWidgets(deps: AppDeps, orgId: string): Promise<Widget[]> {
  return withTenant(deps.pool, orgId, async (db) => (await listAnalyticsWidgets(db, orgId)).map(presentWidget));
}

export function createWidget(deps: AppDeps, orgId: string, input: WidgetCreateInput): Promise<Widget> {
  refuseIncomplete(input);
  return withTenant(deps.pool, orgId, async (db) => {
    // One creation at a time per organization: the count below and the next position stay exact.
    await lockOrganizationUsageLimits(db, orgId);
    if ((await lockAnalyticsWidgetIds(db, orgId)).length >= MAX_WIDGETS_PER_ORGANIZATION)
      throw conflict(`An organization can have at most ${MAX_WIDGETS_PER_ORGANIZATION} widgets.`, 'widget_limit');
    const source = await resolveSource(db, orgId, input.machineId!, input.tagAlias!);
    const id = await insertAnalyticsWidget(db, orgId, {
      type: input.type,
      title: input.title || defaultWidgetTitle(source.machineName, source.tagAlias),
      machineId: input.machineId!,
      tagAlias: source.tagAlias,
      tagUnit: input.tagUnit === undefined ? source.tagUnit : input.tagUnit,
      aggregation: input.aggregation,
      visible: input.visible,
      visibleDashboard: input.visibleDashboard,
    });
    return loadWidget(db, orgId, id);
  });
}

/**
 * Changes the fields given. A new machine or tag is checked like on creation and brings the tag's unit unless a unit
 * is given; a blank title becomes the default title of the widget's (new) machine and tag.
 */
export function updateWidget(deps: AppDeps, orgId: string, id: string, input: WidgetUpdateInput): Promise<Widget> {
  return withTenant(deps.pool, orgId, async (db) => {
    const current = await findAnalyticsWidget(db, orgId, id);
    if (!current) throw widgetNotFound();
    const machineId = input.machineId ?? current.machine_id;
    const tagAlias = input.tagAlias ?? current.tag_alias;
    refuseIncomplete({ machineId, tagAlias });
    const sourceChanged = input.machineId !== undefined || input.tagAlias !== undefined;
    const source = sourceChanged
      ? await resolveSource(db, orgId, machineId, tagAlias)
      : { machineName: current.machine_name, tagAlias: current.tag_alias, tagUnit: current.tag_unit };
    const title = input.title === undefined ? current.title : input.title || defaultWidgetTitle(source.machineName, source.tagAlias);
    const updated = await updateAnalyticsWidget(db, orgId, id, {
      type: input.type ?? current.type,
      title,
      machineId,
      tagAlias: source.tagAlias,
      tagUnit: input.tagUnit !== undefined ? input.tagUnit : sourceChanged ? source.tagUnit : current.tag_unit,
      aggregation: input.aggregation ?? current.aggregation,
      visible: input.visible ?? current.visible,
      visibleDashboard: input.visibleDashboard ?? current.visible_dashboard,
    });
    if (!updated) throw widgetNotFound();
    return loadWidget(db, orgId, id);
  });
}

export function deleteWidget(deps: AppDeps, orgId: string, id: string): Promise<void> {
  return withTenant(deps.pool, orgId, async (db) => {
    if (!(await deleteAnalyticsWidget(db, orgId, id))) throw widgetNotFound();
  });
}

/** Sets the order of every widget at once; a list that is not exactly the organization's widgets is refused. */
export function reorderWidgets(deps: AppDeps, orgId: string, ids: string[]): Promise<Widget[]> {
  return withTenant(deps.pool, orgId, async (db) => {
    const existing = await lockAnalyticsWidgetIds(db, orgId);
    const known = new Set(existing);
    if (ids.length !== existing.length || !ids.every((id) => known.has(id)))
      throw conflict('The widgets have changed since they were loaded. Reload and try again.', 'widget_order_stale');
    await setAnalyticsWidgetOrder(db, orgId, ids);
    return (await listAnalyticsWidgets(db, orgId)).map(presentWidget);
  });
}
