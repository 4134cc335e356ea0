import { describe, expect, it } from 'vitest';
import { MEMBER_PERMISSIONS, OWNER_PERMISSIONS } from './constants';
import { ADMIN_NAVIGATION, homeRouteFor, navigationFor } from './navigation';

const routes = (entries: { route: string }[]) => entries.map((e) => e.route);

describe('navigationFor', () => {
  it('gives admins only the admin menu', () => {
    expect(routes(navigationFor({ role: 'admin', permissions: [] }))).toEqual(routes([...ADMIN_NAVIGATION]));
  });

  it('gives a new owner every tenant entry', () => {
    expect(routes(navigationFor({ role: 'customer_owner', permissions: OWNER_PERMISSIONS }))).toEqual([
      'dashboard', 'machines', 'machine-agent', 'alerts', 'analytics', 'data-explorer',
      'maintenance', 'api-keys', 'team', 'billing', 'settings', 'publish-editor',
    ]);
  });

  it('filters an invited member by permission', () => {
    expect(routes(navigationFor({ role: 'customer_user', permissions: MEMBER_PERMISSIONS }))).toEqual([
      'machines', 'machine-agent', 'alerts', 'analytics', 'data-explorer',
    ]);
  });
});

describe('homeRouteFor', () => {
  it('sends admins to the admin dashboard, owners to the dashboard, members to the first screen they may open', () => {
    expect(homeRouteFor({ role: 'admin', permissions: [] })).toBe('admin-dashboard');
    expect(homeRouteFor({ role: 'customer_owner', permissions: OWNER_PERMISSIONS })).toBe('dashboard');
    expect(homeRouteFor({ role: 'customer_user', permissions: MEMBER_PERMISSIONS })).toBe('machines');
  });
});
