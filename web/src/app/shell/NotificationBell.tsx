import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasPermission, type AlertEvent } from '@taktwerk/common';
import { alertErrorMessage } from '../../features/alerts/alert-errors';
import { acknowledgeEvent, ALERT_READ_PERMISSION, ALERT_WRITE_PERMISSION, useAlertNotifications, useRefreshAlerts } from '../../features/alerts/api';
import { Button } from '../../ui/Button';
import { Icon } from '../../ui/Icon';
import { useToast } from '../../ui/Toast';
import { ApiError } from '../http-json';
import { useAccount } from '../auth/use-account';
import { routeHref } from '../router/hash-route';
import { NotificationList } from './NotificationList';
import './notification-bell.css';

/**
 * The header's notification bell (spec part 1 §2, §4, §8, §9): unread count, the latest 10 events, kept current by
 * polling. Opening one acknowledges it (owners; others are told they may not) and shows it in #alerts. Disabled for
 * platform admins, who have no organization's alerts.
 */
export function NotificationBell() {
  const { t } = useTranslation();
  const { user } = useAccount();
  const { showToast } = useToast();
  const isAdmin = user.role === 'admin';
  const canRead = !isAdmin && hasPermission(user.role, user.permissions, ALERT_READ_PERMISSION);
  const canAcknowledge = hasPermission(user.role, user.permissions, ALERT_WRITE_PERMISSION);
  const notifications = useAlertNotifications(canRead);
  const refresh = useRefreshAlerts();
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const popoverId = useId();
  const unread = notifications.data?.unreadCount ?? 0;

  useEffect(() => {
    if (!open) return undefined;
    const handlePointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const handleKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', handlePointer);
    document.addEventListener('keydown', handleKey);
    return () => {
      document.removeEventListener('pointerdown', handlePointer);
      document.removeEventListener('keydown', handleKey);
    };
  }, [open]);

  async function handleOpenEvent(event: AlertEvent) {
    setOpen(false);
    if (!event.acknowledged && canAcknowledge) {
      try {
        await acknowledgeEvent(event.id);
      } catch (error) {
        const gone = error instanceof ApiError && error.status === 404;
        showToast({ type: 'error', title: t('alerts.bell.navFailed'), message: gone ? t('alerts.bell.eventGone') : alertErrorMessage(error, t) });
        void refresh();
        return;
      }
      void refresh();
    } else if (!event.acknowledged) {
      showToast({ type: 'warning', title: t('alerts.bell.accessDenied'), message: t('alerts.bell.accessDeniedAcknowledge') });
    }
    window.location.hash = routeHref('alerts', { eventId: event.id });
  }

  const label = unread > 0 ? t('alerts.bell.labelUnread', { count: unread }) : t('alerts.bell.label');
  return (
    <div ref={rootRef} className="notification-bell">
      <Button
        variant="ghost"
        iconOnly
        aria-label={label}
        title={isAdmin ? t('alerts.bell.disabledAdmin') : label}
        aria-expanded={canRead ? open : undefined}
        aria-controls={canRead ? popoverId : undefined}
        disabled={!canRead}
        onClick={() => setOpen((current) => !current)}
        icon={<Icon name="bell" />}
      />
      {canRead && unread > 0 && (
        <span className="notification-bell-count" aria-hidden="true">
          {unread > 99 ? '99+' : unread}
        </span>
      )}
      {canRead && (
        <div id={popoverId} className="notification-popover" role="region" aria-label={t('alerts.bell.title')} hidden={!open}>
          {open && (
            <NotificationList
              events={notifications.data?.events}
              failed={Boolean(notifications.error)}
              onOpen={(event) => void handleOpenEvent(event)}
              onViewAll={() => setOpen(false)}
            />
          )}
        </div>
      )}
    </div>
  );
}
