import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { AlertEvent } from '@taktwerk/common';
import { useDateFormat } from '../../app/preferences/use-date-display';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { cx } from '../../ui/class-names';
import { DeliveryList } from './DeliveryList';
import { eventMessage } from './event-text';
import { SEVERITY_TONES } from './labels';

interface EventItemProps {
  event: AlertEvent;
  /** The event a notification led to: scrolled to and highlighted. */
  marked: boolean;
  canWrite: boolean;
  onAcknowledge: () => void;
  onDelete: () => void;
}

/** One alert event: what happened and when, who acknowledged it, how its notifications went. */
export function EventItem({ event, marked, canWrite, onAcknowledge, onDelete }: EventItemProps) {
  const { t, i18n } = useTranslation();
  const { dateTime } = useDateFormat();
  const ref = useRef<HTMLLIElement>(null);

  useEffect(() => {
    if (marked) ref.current?.scrollIntoView({ block: 'center' });
  }, [marked]);

  const acknowledgement = event.acknowledgedAt
    ? t(event.acknowledgedBy || event.acknowledgedByName ? 'alerts.events.acknowledgedBy' : 'alerts.events.acknowledgedAt', {
        time: dateTime(event.acknowledgedAt),
        user: event.acknowledgedByName ?? t('alerts.events.someone'),
      })
    : null;
  return (
    <li
      ref={ref}
      className={cx('alert-event', `alert-event-${event.state}`, !event.acknowledged && 'alert-event-open', marked && 'alert-event-marked')}
      aria-current={marked || undefined}
      aria-label={`${event.ruleName} · ${t(`alerts.events.states.${event.state}`)} · ${dateTime(event.timestamp)}`}
    >
      <div className="alert-event-head">
        <span className="alert-chips">
          <Badge tone={SEVERITY_TONES[event.severity]}>{t(`alerts.severity.${event.severity}`)}</Badge>
          <Badge tone={event.state === 'triggered' ? 'danger' : 'success'}>{t(`alerts.events.states.${event.state}`)}</Badge>
        </span>
        <strong className="alert-event-rule">{event.ruleName}</strong>
        <time className="alert-event-time" dateTime={event.timestamp}>
          {dateTime(event.timestamp, { seconds: true })}
        </time>
      </div>
      <p className="alert-event-message">{eventMessage(event, t, i18n.language)}</p>
      <div className="alert-event-foot">
        <span className="alert-event-ack">
          {acknowledgement ? <span className="alert-muted">{acknowledgement}</span> : <Badge tone="warning">{t('alerts.events.open')}</Badge>}
        </span>
        <DeliveryList deliveries={event.deliveries} />
        {canWrite && (
          <span className="alert-row-actions">
            {!event.acknowledged && (
              <Button size="sm" aria-label={t('alerts.events.acknowledgeLabel', { rule: event.ruleName })} onClick={onAcknowledge}>
                {t('alerts.events.acknowledge')}
              </Button>
            )}
            <Button size="sm" variant="ghost" aria-label={t('alerts.events.deleteLabel', { rule: event.ruleName })} onClick={onDelete}>
              {t('alerts.events.delete')}
            </Button>
          </span>
        )}
      </div>
    </li>
  );
}
