import type { ComponentType } from 'react';
import type { ParseKeys } from 'i18next';
import { ADMIN_NAVIGATION, TENANT_NAVIGATION } from '@taktwerk/common';
import { ApiKeysScreen } from '../features/api-keys/ApiKeysScreen';
import { DevMailboxPage } from '../features/dev-mailbox/DevMailboxPage';
import { LandingPage } from '../features/landing/LandingPage';
import { SettingsScreen } from '../features/settings/SettingsScreen';
import { MachineAgentScreen } from '../features/machine-agent/MachineAgentScreen';
import { MachinesScreen } from '../features/machines/MachinesScreen';
import { DataExplorerScreen } from '../features/data-explorer/DataExplorerScreen';
import { AnalyticsScreen } from '../features/analytics/AnalyticsScreen';
import { DashboardScreen } from '../features/dashboard/DashboardScreen';
import { AlertsScreen } from '../features/alerts/AlertsScreen';

export interface PublicPageProps {
  params: URLSearchParams;
  onLogin: () => void;
  onStartTrial: () => void;
}

export interface ScreenProps {
  params: URLSearchParams;
}

export interface AppRouteDefinition {
  Screen: ComponentType<ScreenProps>;
  /** Shown in the header and the browser tab. */
  title: ParseKeys;
}

/** Pages for signed-out visitors, one line per route. Any other route is a custom page by that slug, else a 404. */
export const PUBLIC_ROUTES: Partial<Record<string, ComponentType<PublicPageProps>>> = {
  home: LandingPage,
  // The landing page's section anchors (spec part 2 §2) open the landing page too.
  features: LandingPage,
  benefits: LandingPage,
  pricing: LandingPage,
  testimonials: LandingPage,
  'dev-mailbox': DevMailboxPage,
};

/**
 * Screens of the signed-in app, one line per route as features are built, e.g.
 * `machines: { Screen: MachinesScreen, title: 'machines.page.title' }`. A sidebar route without a screen yet shows
 * the 404 page; any other route is a custom page by that slug, else a 404.
 */
export const APP_ROUTES: Partial<Record<string, AppRouteDefinition>> = {
  settings: { Screen: SettingsScreen, title: 'settings.page.title' },
  machines: { Screen: MachinesScreen, title: 'shell.nav.machines' },
  'api-keys': { Screen: ApiKeysScreen, title: 'shell.nav.apiKeys' },
  'machine-agent': { Screen: MachineAgentScreen, title: 'shell.nav.machineAgent' },
  'data-explorer': { Screen: DataExplorerScreen, title: 'shell.nav.dataExplorer' },
  analytics: { Screen: AnalyticsScreen, title: 'shell.nav.analytics' },
  dashboard: { Screen: DashboardScreen, title: 'shell.nav.dashboard' },
  alerts: { Screen: AlertsScreen, title: 'shell.nav.alerts' },
};

const SIDEBAR_ROUTES = new Set<string>([...TENANT_NAVIGATION, ...ADMIN_NAVIGATION].map((entry) => entry.route));

/** Routes that only make sense signed in: a signed-out visitor is asked to sign in and then lands there. */
export function isAppRoute(route: string): boolean {
  return route in APP_ROUTES || SIDEBAR_ROUTES.has(route);
}
