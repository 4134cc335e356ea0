import { useTranslation } from 'react-i18next';
import type { AlertEvent } from '@taktwerk/common';
import { eventMessage } from '../../features/alerts/event-text';
import { cx } from '../../ui/class-names';
import { Spinner } from '../../ui/Spinner';
import { useDateFormat } from '../preferences/use-date-display';
import { routeHref } from '../router/hash-route';

interface NotificationListProps {
  /** Undefined while loading. */
  events: AlertEvent[] | undefined;
  failed: boolean;
  onOpen: (event: AlertEvent) => void;
  onViewAll: () => void;
}

/** The bell's list: the latest 10 events, unread ones marked, and a link to all alerts. */
export function NotificationList({ events, failed, onOpen, onViewAll }: NotificationListProps) {
  const { t, i18n } = useTranslation();
  const { dateTime } = useDateFormat();
  let body;
  if (!events) body = failed ? <p className="notification-empty">{t('alerts.events.loadFailed')}</p> : <Spinner className="notification-spinner" />;
  else if (events.length === 0) body = <p className="notification-empty">{t('alerts.bell.empty')}</p>;
  else
    body = (
      <ul className="notification-list">
        {events.map((event) => (
          <li key={event.id}>
            <button
              type="button"
              className={cx('notification-item', !event.acknowledged && 'notification-item-unread', `notification-${event.severity}`)}
              onClick={() => onOpen(event)}
            >
              <span className="notification-dot" aria-hidden="true" />
              <span className="notification-text">
                <span className="notification-title">
                  {event.ruleName} · {t(`alerts.events.states.${event.state}`)}
                  {!event.acknowledged && <span className="visually-hidden"> ({t('alerts.bell.unread')})</span>}
                </span>
                <span className="notification-message">{eventMessage(event, t, i18n.language)}</span>
                <span className="notification-time">{dateTime(event.timestamp)}</span>
              </span>
            </button>
          </li>
        ))}
      </ul>
    );
  return (
    <>
      <p className="notification-heading">{t('alerts.bell.title')}</p>
      {body}
      <a className="notification-all" href={routeHref('alerts')} onClick={onViewAll}>
        {t('alerts.bell.viewAll')}
      </a>
    </>
  );
}
