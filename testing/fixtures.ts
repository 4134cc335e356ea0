import { randomBytes } from 'node:crypto';
import {
  DEFAULT_USAGE_LIMITS,
  MEMBER_PERMISSIONS,
  OWNER_PERMISSIONS,
  type BillingStatus,
  type Role,
} from '@taktwerk/common';
import {
  findPlatformOrganization,
  hashPassword,
  insertOrganization,
  insertUser,
  withPlatform,
  type OrganizationRow,
  type Pool,
  type UserRow,
} from '@taktwerk/db';

export interface TestLogin {
  id: string;
  email: string;
  password: string;
  name: string;
}

const unique = () => randomBytes(4).toString('hex');

async function addUser(pool: Pool, orgId: string, role: Role, permissions: string[], name: string): Promise<TestLogin> {
  const password = `Pw!${unique()}${unique()}`;
  const email = `${role}.${unique()}@test.taktwerk.local`;
  const row: UserRow = await withPlatform(pool, async (db) =>
    insertUser(db, { orgId, name, email, role, permissions, passwordHash: await hashPassword(password) }),
  );
  return { id: row.id, email, password, name };
}

export interface TestOrganization {
  org: OrganizationRow;
  owner: TestLogin;
  member: TestLogin;
}

/** A fresh organization with an owner and a member: tests isolate by organization, never by truncating. */
export async function createTestOrganization(
  pool: Pool,
  options: { billingStatus?: BillingStatus; usageLimits?: Partial<typeof DEFAULT_USAGE_LIMITS> } = {},
): Promise<TestOrganization> {
  const org = await withPlatform(pool, (db) =>
    insertOrganization(db, {
      name: `Test Org ${unique()}`,
      planId: 'starter',
      billingStatus: options.billingStatus ?? 'trialing',
      trialEndsAt: new Date(Date.now() + 14 * 86400_000),
      usageLimits: { ...DEFAULT_USAGE_LIMITS, ...options.usageLimits },
    }),
  );
  const owner = await addUser(pool, org.id, 'customer_owner', OWNER_PERMISSIONS, 'Test Owner');
  const member = await addUser(pool, org.id, 'customer_user', MEMBER_PERMISSIONS, 'Test Member');
  return { org, owner, member };
}

/** A platform admin in the platform organization (created by seedDefaults in the global setup). */
export async function createTestAdmin(pool: Pool): Promise<TestLogin> {
  const platform = await withPlatform(pool, findPlatformOrganization);
  if (!platform) throw new Error('platform organization missing: did the global setup seed defaults?');
  return addUser(pool, platform.id, 'admin', [], 'Test Admin');
}
