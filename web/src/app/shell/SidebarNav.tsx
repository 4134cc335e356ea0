import { useTranslation } from 'react-i18next';
import type { NavigationEntry } from '@taktwerk/common';
import { cx } from '../../ui/class-names';
import { Icon } from '../../ui/Icon';
import { routeHref } from '../router/hash-route';
import { groupBySection, NAV_META, NAV_SECTION_LABELS } from './nav-meta';

interface SidebarNavProps {
  entries: readonly NavigationEntry[];
  currentRoute: string;
  /** Lets the mobile drawer close once a link is chosen. */
  onNavigate?: () => void;
}

export function SidebarNav({ entries, currentRoute, onNavigate }: SidebarNavProps) {
  const { t } = useTranslation();
  return (
    <nav className="sidebar-nav" aria-label={t('shell.nav.label')}>
      {groupBySection(entries).map(([section, items]) => (
        <div key={section} className="sidebar-section">
          <p className="sidebar-section-title">{t(NAV_SECTION_LABELS[section])}</p>
          <ul>
            {items.map(({ route }) => {
              const current = route === currentRoute;
              return (
                <li key={route}>
                  <a
                    href={routeHref(route)}
                    className={cx('sidebar-link', current && 'sidebar-link-current')}
                    aria-current={current ? 'page' : undefined}
                    onClick={onNavigate}
                  >
                    <Icon name={NAV_META[route].icon} />
                    <span>{t(NAV_META[route].label)}</span>
                  </a>
                </li>
              );
            })}
          </ul>
        </div>
      ))}
    </nav>
  );
}
