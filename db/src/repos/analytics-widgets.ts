import type { Aggregation, WidgetType } from '@taktwerk/common';
import type { Queryable } from '../pool';

export interface AnalyticsWidgetRow {
  id: string;
  org_id: string;
  type: WidgetType;
  title: string;
  machine_id: string;
  machine_name: string;
  tag_alias: string;
  tag_unit: string | null;
  aggregation: Aggregation;
  visible: boolean;
  visible_dashboard: boolean;
  position: number;
  created_at: Date;
  updated_at: Date;
}

export interface AnalyticsWidgetFields {
  type: WidgetType;
  title: string;
  machineId: string;
  tagAlias: string;
  tagUnit: string | null;
  aggregation: Aggregation;
  visible: boolean;
  visibleDashboard: boolean;
}

const SELECT = `SELECT w.id, w.org_id, w.type, w.title, w.machine_id, m.name AS machine_name, w.tag_alias, w.tag_unit,
                       w.aggregation, w.visible, w.visible_dashboard, w.position, w.created_at, w.updated_at
                  FROM analytics_widgets w JOIN machines m ON m.id = w.machine_id`;
const ORDER = 'ORDER BY w.position, w.created_at, w.id';

export async function listAnalyticsWidgets(db: Queryable, orgId: string): Promise<AnalyticsWidgetRow[]> {
  const { rows } = await db.query<AnalyticsWidgetRow>(`${SELECT} WHERE w.org_id = $1 ${ORDER}`, [orgId]);
  return rows;
}

export async function findAnalyticsWidget(db: Queryable, orgId: string, id: string): Promise<AnalyticsWidgetRow | null> {
  const { rows } = await db.query<AnalyticsWidgetRow>(`${SELECT} WHERE w.org_id = $1 AND w.id = $2`, [orgId, id]);
  return rows[0] ?? null;
}

/** The organization's widget ids, locked against concurrent reorders, creations and deletions. */
export async function lockAnalyticsWidgetIds(db: Queryable, orgId: string): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>('SELECT id FROM analytics_widgets WHERE org_id = $1 ORDER BY id FOR UPDATE', [orgId]);
  return rows.map((row) => row.id);
}

/** Appends the widget after the last position and returns its id. */
export async function insertAnalyticsWidget(db: Queryable, orgId: string, w: AnalyticsWidgetFields): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO analytics_widgets (org_id, type, title, machine_id, tag_alias, tag_unit, aggregation, visible, visible_dashboard, position)
     SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9, coalesce(max(position) + 1, 0) FROM analytics_widgets WHERE org_id = $1
     RETURNING id`,
    [orgId, w.type, w.title, w.machineId, w.tagAlias, w.tagUnit, w.aggregation, w.visible, w.visibleDashboard],
  );
  return rows[0]!.id;
}

/** Replaces every field but the position; false when there is no such widget. */
export async function updateAnalyticsWidget(db: Queryable, orgId: string, id: string, w: AnalyticsWidgetFields): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE analytics_widgets SET type = $3, title = $4, machine_id = $5, tag_alias = $6, tag_unit = $7, aggregation = $8,
            visible = $9, visible_dashboard = $10
      WHERE org_id = $1 AND id = $2`,
    [orgId, id, w.type, w.title, w.machineId, w.tagAlias, w.tagUnit, w.aggregation, w.visible, w.visibleDashboard],
  );
  return (rowCount ?? 0) > 0;
}

export async function deleteAnalyticsWidget(db: Queryable, orgId: string, id: string): Promise<boolean> {
  const { rowCount } = await db.query('DELETE FROM analytics_widgets WHERE org_id = $1 AND id = $2', [orgId, id]);
  return (rowCount ?? 0) > 0;
}

/** Positions 0, 1, 2 … in the order of `ids`; rows whose position already matches are left alone. */
export async function setAnalyticsWidgetOrder(db: Queryable, orgId: string, ids: string[]): Promise<void> {
  await db.query(
    `UPDATE analytics_widgets w SET position = o.ord - 1
       FROM unnest($2::uuid[]) WITH ORDINALITY AS o (id, ord)
      WHERE w.org_id = $1 AND w.id = o.id AND w.position <> o.ord - 1`,
    [orgId, ids],
  );
}

/** A machine's tag by any spelling of its alias (aliases are unique per machine, ignoring case), or null. */
export async function findMachineTagByAlias(
  db: Queryable,
  orgId: string,
  machineId: string,
  alias: string,
): Promise<{ alias: string; unit: string | null } | null> {
  const { rows } = await db.query<{ alias: string; unit: string | null }>(
    'SELECT alias, unit FROM tag_configs WHERE org_id = $1 AND machine_id = $2 AND lower(alias) = lower($3)',
    [orgId, machineId, alias],
  );
  return rows[0] ?? null;
}
