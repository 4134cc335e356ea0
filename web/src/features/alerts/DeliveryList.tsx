import { useTranslation } from 'react-i18next';
import type { AlertEvent } from '@taktwerk/common';
import type { BadgeTone } from '../../ui/Badge';
import { Badge } from '../../ui/Badge';

type Delivery = AlertEvent['deliveries'][number];

const STATUS_TONES: Record<Delivery['status'], BadgeTone> = { pending: 'neutral', sending: 'info', sent: 'success', failed: 'danger' };

/** How each channel's notification of an event went; a failure shows the sender's reason. */
export function DeliveryList({ deliveries }: { deliveries: Delivery[] }) {
  const { t } = useTranslation();
  if (deliveries.length === 0) return <span className="alert-muted alert-deliveries">{t('alerts.events.noDeliveries')}</span>;
  return (
    <ul className="alert-deliveries" aria-label={t('alerts.events.deliveries')}>
      {deliveries.map((d) => {
        const detail = [t('alerts.events.deliveryAttempts', { count: d.attempts }), d.lastError && t('alerts.events.deliveryError', { error: d.lastError })]
          .filter(Boolean)
          .join(' · ');
        return (
          <li key={d.channelIndex} className="alert-delivery" title={detail}>
            <Badge tone={STATUS_TONES[d.status]}>
              {t(`alerts.channels.${d.channelType}`)}: {t(`alerts.events.delivery.${d.status}`)}
            </Badge>
            {d.status === 'failed' && d.lastError && <span className="alert-delivery-error">{d.lastError}</span>}
          </li>
        );
      })}
    </ul>
  );
}
