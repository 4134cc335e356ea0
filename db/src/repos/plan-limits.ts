import type { Queryable } from '../pool';

/**
 * Locks the organization row until the transaction ends and returns its usage limits (null: no such organization).
 * Creates that check a plan limit take this lock first, so two parallel creates cannot both pass the check.
 */
export async function lockOrganizationUsageLimits(db: Queryable, orgId: string): Promise<Record<string, unknown> | null> {
  const { rows } = await db.query<{ usage_limits: Record<string, unknown> }>(
    'SELECT usage_limits FROM organizations WHERE id = $1 FOR UPDATE',
    [orgId],
  );
  return rows[0]?.usage_limits ?? null;
}
