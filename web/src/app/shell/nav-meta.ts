import type { ParseKeys } from 'i18next';
import type { NavigationEntry, NavigationRoute } from '@taktwerk/common';
import type { IconName } from '../../ui/icon-paths';

type NavSection = 'monitoring' | 'organization' | 'platform' | 'configuration';

interface NavMeta {
  label: ParseKeys;
  icon: IconName;
  section: NavSection;
}

// How each sidebar entry looks; which entries a user gets comes from navigationFor() in common.
export const NAV_META: Record<NavigationRoute, NavMeta> = {
  dashboard: { label: 'shell.nav.dashboard', icon: 'dashboard', section: 'monitoring' },
  machines: { label: 'shell.nav.machines', icon: 'factory', section: 'monitoring' },
  'machine-agent': { label: 'shell.nav.machineAgent', icon: 'antenna', section: 'monitoring' },
  alerts: { label: 'shell.nav.alerts', icon: 'bell', section: 'monitoring' },
  analytics: { label: 'shell.nav.analytics', icon: 'chart', section: 'monitoring' },
  'data-explorer': { label: 'shell.nav.dataExplorer', icon: 'database', section: 'monitoring' },
  maintenance: { label: 'shell.nav.maintenance', icon: 'wrench', section: 'organization' },
  'api-keys': { label: 'shell.nav.apiKeys', icon: 'key', section: 'organization' },
  team: { label: 'shell.nav.team', icon: 'team', section: 'organization' },
  billing: { label: 'shell.nav.billing', icon: 'card', section: 'organization' },
  settings: { label: 'shell.nav.settings', icon: 'sliders', section: 'organization' },
  'publish-editor': { label: 'shell.nav.publishEditor', icon: 'globe', section: 'organization' },
  'admin-dashboard': { label: 'shell.nav.adminDashboard', icon: 'gauge', section: 'platform' },
  organizations: { label: 'shell.nav.organizations', icon: 'building', section: 'platform' },
  users: { label: 'shell.nav.users', icon: 'user', section: 'platform' },
  plans: { label: 'shell.nav.plans', icon: 'layers', section: 'platform' },
  support: { label: 'shell.nav.support', icon: 'help', section: 'platform' },
  'system-config': { label: 'shell.nav.systemConfig', icon: 'server', section: 'configuration' },
  'preview-config': { label: 'shell.nav.previewConfig', icon: 'layout', section: 'configuration' },
  'pages-management': { label: 'shell.nav.pagesManagement', icon: 'file', section: 'configuration' },
  seo: { label: 'shell.nav.seo', icon: 'search', section: 'configuration' },
  translations: { label: 'shell.nav.translations', icon: 'languages', section: 'configuration' },
};

export const NAV_SECTION_LABELS: Record<NavSection, ParseKeys> = {
  monitoring: 'shell.section.monitoring',
  organization: 'shell.section.organization',
  platform: 'shell.section.platform',
  configuration: 'shell.section.configuration',
};

/** Groups entries by section, sections in the order they first appear. */
export function groupBySection(entries: readonly NavigationEntry[]): [NavSection, NavigationEntry[]][] {
  const groups = new Map<NavSection, NavigationEntry[]>();
  for (const entry of entries) {
    const section = NAV_META[entry.route].section;
    groups.set(section, [...(groups.get(section) ?? []), entry]);
  }
  return [...groups];
}
