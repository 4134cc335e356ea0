import type { Role } from './constants';
import { hasPermission } from './permissions';

/** Sidebar entries of the tenant app and the permission each needs (spec part 1 §2). */
export const TENANT_NAVIGATION = [
  { route: 'dashboard', permission: 'org:read' },
  { route: 'machines', permission: 'machine:read' },
  { route: 'machine-agent', permission: 'machine:read' },
  { route: 'alerts', permission: 'alert:read' },
  { route: 'analytics', permission: 'machine:read' },
  { route: 'data-explorer', permission: 'machine:read' },
  { route: 'maintenance', permission: 'org:manage' },
  { route: 'api-keys', permission: 'org:manage' },
  { route: 'team', permission: 'org:manage' },
  { route: 'billing', permission: 'org:manage' },
  { route: 'settings', permission: 'org:read' },
  { route: 'publish-editor', permission: 'org:manage' },
] as const;

/** Sidebar entries of the platform-admin console (spec part 1 §2). */
export const ADMIN_NAVIGATION = [
  { route: 'admin-dashboard', permission: 'admin:read' },
  { route: 'organizations', permission: 'admin:orgs' },
  { route: 'users', permission: 'admin:users' },
  { route: 'plans', permission: 'admin:plans' },
  { route: 'system-config', permission: 'admin:system' },
  { route: 'preview-config', permission: 'admin:system' },
  { route: 'pages-management', permission: 'admin:system' },
  { route: 'seo', permission: 'admin:system' },
  { route: 'translations', permission: 'admin:system' },
  { route: 'support', permission: 'admin:support' },
] as const;

export type TenantRoute = (typeof TENANT_NAVIGATION)[number]['route'];
export type AdminRoute = (typeof ADMIN_NAVIGATION)[number]['route'];
export type NavigationRoute = TenantRoute | AdminRoute;
export interface NavigationEntry {
  route: NavigationRoute;
  permission: string;
}

/** Admins see only the admin menu; everyone else the tenant menu filtered by their permissions. */
export function navigationFor(user: { role: Role; permissions: readonly string[] }): NavigationEntry[] {
  if (user.role === 'admin') return [...ADMIN_NAVIGATION];
  return TENANT_NAVIGATION.filter((entry) => hasPermission(user.role, user.permissions, entry.permission));
}

/**
 * Where a signed-in user lands on #home (spec part 1 §2): admins on admin-dashboard, others on dashboard — or, for a
 * member without the dashboard's permission (org:read), on the first screen of their menu rather than a refusal.
 */
export function homeRouteFor(user: { role: Role; permissions: readonly string[] }): NavigationRoute {
  if (user.role === 'admin') return 'admin-dashboard';
  return navigationFor(user)[0]?.route ?? 'dashboard';
}
