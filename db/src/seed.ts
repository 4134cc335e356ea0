import { DEFAULT_USAGE_LIMITS, OWNER_PERMISSIONS, MEMBER_PERMISSIONS, type Role } from '@taktwerk/common';
import type pg from 'pg';
import { hashPassword } from './passwords';
import { findPlatformOrganization, insertOrganization, countCustomerOrganizations } from './repos/organizations';
import { insertStarterPlanIfMissing } from './repos/plans';
import { insertMissingSystemConfig } from './repos/system-config';
import { findUserByEmail, insertUser } from './repos/users';
import { insertAnalyticsWidget } from './repos/analytics-widgets';
import { insertMachine, insertTagConfig, type NewTagConfig } from './repos/machines';
import { withPlatform } from './tenant';
import { seedLandingContent } from './seed-content';
import type { Queryable } from './pool';

export const DEMO_LOGINS = {
  admin: { email: 'admin@taktwerk.local', password: 'Admin!2026', name: 'Platform Admin' },
  owner: { email: 'owner@demo.taktwerk.local', password: 'Owner!2026', name: 'Olivia Owner' },
  member: { email: 'member@demo.taktwerk.local', password: 'Member!2026', name: 'Max Member' },
} as const;

export const DEMO_ORGANIZATION_NAME = 'Demo Werk GmbH';

const DEMO_MACHINES: { name: string; description: string; location: string; tags: Omit<NewTagConfig, 'orgId' | 'machineId'>[] }[] = [
  {
    name: 'CNC Mill 01',
    description: '5-axis milling centre',
    location: 'Hall A',
    tags: [
      { path: 'ns=2;s=Spindle.Temperature', alias: 'spindle.temp', dataType: 'Double', unit: '°C', description: 'Spindle temperature' },
      { path: 'ns=2;s=Spindle.Speed', alias: 'spindle.speed', dataType: 'Double', unit: 'rpm', description: 'Spindle speed' },
      { path: 'ns=2;s=Machine.Running', alias: 'running', dataType: 'Boolean', unit: null, description: 'Machine running' },
    ],
  },
  {
    name: 'Injection Press 02',
    description: 'Plastic injection moulding press',
    location: 'Hall B',
    tags: [
      { path: 'ns=2;s=Barrel.Pressure', alias: 'pressure', dataType: 'Double', unit: 'bar', description: 'Barrel pressure' },
      { path: 'ns=2;s=Cycle.Count', alias: 'cycles', dataType: 'Int32', unit: null, description: 'Completed cycles' },
    ],
  },
  {
    name: 'Compressor 03',
    description: 'Screw compressor for shop air',
    location: 'Utility room',
    tags: [
      { path: '40001', alias: 'outlet.pressure', dataType: 'Double', unit: 'bar', description: 'Outlet pressure' },
      { path: '40003', alias: 'motor.current', dataType: 'Double', unit: 'A', description: 'Motor current' },
    ],
  },
];

/** Widgets a newcomer sees at once: live charts on the dashboard (fed by the demo simulator) and a metric in analytics. */
const DEMO_WIDGETS: { machine: string; tag: string; type: 'chart' | 'metric'; dashboard: boolean }[] = [
  { machine: 'CNC Mill 01', tag: 'spindle.temp', type: 'chart', dashboard: true },
  { machine: 'CNC Mill 01', tag: 'spindle.speed', type: 'chart', dashboard: true },
  { machine: 'Injection Press 02', tag: 'pressure', type: 'chart', dashboard: true },
  { machine: 'Compressor 03', tag: 'outlet.pressure', type: 'chart', dashboard: true },
  { machine: 'Compressor 03', tag: 'motor.current', type: 'metric', dashboard: false },
];

async function ensureUser(db: Queryable, orgId: string, login: { email: string; password: string; name: string }, role: Role, permissions: string[]) {
  const existing = await findUserByEmail(db, login.email);
  if (existing) return existing;
  return insertUser(db, { orgId, name: login.name, email: login.email, role, permissions, passwordHash: await hashPassword(login.password) });
}

/** Rows every installation needs: the spec's system config defaults, the starter plan, the platform organization. */
export async function seedDefaults(pool: pg.Pool): Promise<void> {
  await withPlatform(pool, async (db) => {
    await insertMissingSystemConfig(db);
    await insertStarterPlanIfMissing(db);
    if (!(await findPlatformOrganization(db))) {
      await insertOrganization(db, {
        name: 'Taktwerk Platform', planId: null, billingStatus: 'active', trialEndsAt: null, usageLimits: {}, isPlatform: true,
      });
    }
  });
}

/** The demo organization with an owner, a member, machines and tags, plus a platform admin; only into an empty database. */
export async function seedDemo(pool: pg.Pool): Promise<{ seeded: boolean }> {
  await seedDefaults(pool);
  return withPlatform(pool, async (db) => {
    const platform = (await findPlatformOrganization(db))!;
    await ensureUser(db, platform.id, DEMO_LOGINS.admin, 'admin', []);
    await seedLandingContent(db);
    if ((await countCustomerOrganizations(db)) > 0) return { seeded: false };
    const org = await insertOrganization(db, {
      name: DEMO_ORGANIZATION_NAME,
      planId: 'starter',
      billingStatus: 'trialing',
      trialEndsAt: new Date(Date.now() + 14 * 24 * 3600 * 1000),
      // A demo needs more than the starter plan's single machine.
      usageLimits: { ...DEFAULT_USAGE_LIMITS, machines: 10, tags: 200, ingestPointsPerDay: 5_000_000 },
    });
    await ensureUser(db, org.id, DEMO_LOGINS.owner, 'customer_owner', OWNER_PERMISSIONS);
    await ensureUser(db, org.id, DEMO_LOGINS.member, 'customer_user', MEMBER_PERMISSIONS);
    const machineIds = new Map<string, string>();
    for (const m of DEMO_MACHINES) {
      const machine = await insertMachine(db, { orgId: org.id, name: m.name, description: m.description, location: m.location });
      machineIds.set(m.name, machine.id);
      for (const tag of m.tags) await insertTagConfig(db, { ...tag, orgId: org.id, machineId: machine.id });
    }
    for (const w of DEMO_WIDGETS) {
      const unit = DEMO_MACHINES.find((m) => m.name === w.machine)!.tags.find((t) => t.alias === w.tag)!.unit;
      await insertAnalyticsWidget(db, org.id, {
        type: w.type,
        title: `${w.machine} • ${w.tag}`,
        machineId: machineIds.get(w.machine)!,
        tagAlias: w.tag,
        tagUnit: unit,
        aggregation: 'avg',
        visible: true,
        visibleDashboard: w.dashboard,
      });
    }
    return { seeded: true };
  });
}
