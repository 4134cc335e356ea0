import { readUsageLimits, type Organization, type User } from '@taktwerk/common';
import type { OrganizationRow, UserRow } from '@taktwerk/db';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function presentUser(row: UserRow): User {
  return {
    id: row.id,
    orgId: row.org_id,
    name: row.name,
    email: row.email,
    role: row.role,
    permissions: row.permissions,
    twoFactorEnabled: row.two_factor_enabled,
    lastLogin: iso(row.last_login),
    createdAt: row.created_at.toISOString(),
  };
}

function numericEntries(value: Record<string, unknown>): Record<string, number> {
  return Object.fromEntries(Object.entries(value).filter((e): e is [string, number] => typeof e[1] === 'number'));
}

export function presentOrganization(row: OrganizationRow): Organization {
  return {
    id: row.id,
    name: row.name,
    planId: row.plan_id,
    billingStatus: row.billing_status,
    trialEndsAt: iso(row.trial_ends_at),
    usageLimits: readUsageLimits(row.usage_limits),
    currentUsage: numericEntries(row.current_usage),
  };
}
