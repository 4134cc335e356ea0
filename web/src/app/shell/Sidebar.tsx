import { useTranslation } from 'react-i18next';
import { navigationFor, readUsageLimits, type MeResponse, type Role } from '@taktwerk/common';
import { BillingStatusBadge } from '../../ui/Badge';
import { Icon } from '../../ui/Icon';
import { Logo } from '../../ui/Logo';
import { routeHref } from '../router/hash-route';
import { SidebarNav } from './SidebarNav';

interface SidebarProps {
  account: MeResponse;
  currentRoute: string;
  onNavigate?: () => void;
}

function initials(name: string): string {
  return name.split(/\s+/).filter(Boolean).slice(0, 2).map((part) => part[0]).join('').toUpperCase();
}

export function Sidebar({ account: { user, organization }, currentRoute, onNavigate }: SidebarProps) {
  const { t } = useTranslation();
  const isAdmin = user.role === 'admin';
  const roleLabels: Record<Role, string> = {
    admin: t('common.roles.admin'),
    customer_owner: t('common.roles.customerOwner'),
    customer_user: t('common.roles.customerUser'),
  };
  const machineLimit = readUsageLimits(organization.usageLimits).machines;
  const machinesUsed = organization.currentUsage.machines ?? 0;

  return (
    <div className="sidebar">
      <a href={routeHref('home')} className="sidebar-brand brand-link" aria-label={t('common.brand.home')} onClick={onNavigate}>
        <Logo />
      </a>
      <div className="sidebar-org">
        <p className="sidebar-org-name" title={organization.name}>
          {organization.name}
        </p>
        {/* Billing belongs to customer organizations; the platform admins' own one has none to show. */}
        {!isAdmin && (
          <>
            <BillingStatusBadge status={organization.billingStatus} />
            <div className="usage">
              <p className="usage-label">{t('shell.sidebar.machinesUsage', { used: machinesUsed, limit: machineLimit })}</p>
              <div className="usage-bar" aria-hidden="true">
                <span style={{ width: `${Math.min(100, (machinesUsed / Math.max(machineLimit, 1)) * 100)}%` }} />
              </div>
            </div>
          </>
        )}
      </div>
      <SidebarNav entries={navigationFor(user)} currentRoute={currentRoute} onNavigate={onNavigate} />
      <div className="sidebar-account">
        <span className="avatar" aria-hidden="true">
          {initials(user.name || user.email)}
        </span>
        <div className="sidebar-account-text">
          <p className="sidebar-account-name" title={user.email}>
            {user.name || user.email}
          </p>
          <p className="sidebar-account-role">{roleLabels[user.role]}</p>
        </div>
      </div>
      <a href={routeHref('signout')} className="sidebar-link sidebar-signout">
        <Icon name="sign-out" />
        <span>{t('shell.sidebar.signOut')}</span>
      </a>
    </div>
  );
}
