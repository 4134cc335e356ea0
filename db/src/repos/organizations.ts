import type { BillingStatus } from '@taktwerk/common';
import type { Queryable } from '../pool';

export interface OrganizationRow {
  id: string;
  name: string;
  plan_id: string | null;
  billing_status: BillingStatus;
  billing_interval: 'month' | 'year';
  subscribed_until: Date | null;
  trial_ends_at: Date | null;
  revenue_exempt: boolean;
  is_platform: boolean;
  usage_limits: Record<string, unknown>;
  current_usage: Record<string, unknown>;
  created_at: Date;
  updated_at: Date;
}

export async function findOrganization(db: Queryable, id: string): Promise<OrganizationRow | null> {
  const { rows } = await db.query<OrganizationRow>('SELECT * FROM organizations WHERE id = $1', [id]);
  return rows[0] ?? null;
}

export async function findPlatformOrganization(db: Queryable): Promise<OrganizationRow | null> {
  const { rows } = await db.query<OrganizationRow>('SELECT * FROM organizations WHERE is_platform ORDER BY created_at LIMIT 1');
  return rows[0] ?? null;
}

export interface NewOrganization {
  name: string;
  planId: string | null;
  billingStatus: BillingStatus;
  trialEndsAt: Date | null;
  usageLimits: Record<string, number>;
  isPlatform?: boolean;
}

export async function insertOrganization(db: Queryable, org: NewOrganization): Promise<OrganizationRow> {
  const { rows } = await db.query<OrganizationRow>(
    `INSERT INTO organizations (name, plan_id, billing_status, trial_ends_at, usage_limits, is_platform)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING *`,
    [org.name, org.planId, org.billingStatus, org.trialEndsAt, JSON.stringify(org.usageLimits), org.isPlatform ?? false],
  );
  return rows[0]!;
}

export async function countCustomerOrganizations(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM organizations WHERE NOT is_platform');
  return rows[0]!.n;
}

/**
 * Recomputes the machine and tag counts of current_usage from the tables. Idempotent: it writes only
 * when a figure changed and reports whether it did.
 */
export async function refreshMachineAndTagUsage(db: Queryable, orgId: string): Promise<boolean> {
  const { rowCount } = await db.query(
    `WITH counts AS (
       SELECT (SELECT count(*) FROM machines WHERE org_id = $1)::int AS machines,
              (SELECT count(*) FROM tag_configs WHERE org_id = $1)::int AS tags)
     UPDATE organizations o
        SET current_usage = o.current_usage || jsonb_build_object('machines', c.machines, 'tags', c.tags)
       FROM counts c
      WHERE o.id = $1
        AND (o.current_usage->'machines' IS DISTINCT FROM to_jsonb(c.machines)
             OR o.current_usage->'tags' IS DISTINCT FROM to_jsonb(c.tags))`,
    [orgId],
  );
  return (rowCount ?? 0) > 0;
}

export async function listOrganizationIds(db: Queryable): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>('SELECT id FROM organizations ORDER BY created_at');
  return rows.map((r) => r.id);
}
