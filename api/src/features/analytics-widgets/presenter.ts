import type { Widget } from '@taktwerk/common';
import type { AnalyticsWidgetRow } from '@taktwerk/db';

export function presentWidget(row: AnalyticsWidgetRow): Widget {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    machineId: row.machine_id,
    machineName: row.machine_name,
    tagAlias: row.tag_alias,
    tagUnit: row.tag_unit,
    aggregation: row.aggregation,
    visible: row.visible,
    visibleDashboard: row.visible_dashboard,
    position: row.position,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}
