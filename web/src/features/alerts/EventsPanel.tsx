import { useTranslation } from 'react-i18next';
import { ALERT_EVENTS_CAP } from '@taktwerk/common';
import { Button } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { Spinner } from '../../ui/Spinner';
import { useAlertEvents } from './api';
import { EventItem } from './EventItem';
import { useEventActions } from './use-event-actions';

/** The events tab (spec part 1 §2, §4, §9): newest first, at most 50, acknowledge and delete for owners. */
export function EventsPanel({ canWrite, markedId }: { canWrite: boolean; markedId: string | null }) {
  const { t } = useTranslation();
  const events = useAlertEvents();
  const { acknowledge, remove } = useEventActions();
  const list = events.data?.events;

  if (!list) {
    if (events.error)
      return (
        <EmptyState
          icon="warning"
          title={t('alerts.events.loadFailed')}
          action={<Button onClick={() => void events.mutate()}>{t('alerts.events.retry')}</Button>}
        />
      );
    return (
      <div className="alerts-loading">
        <Spinner />
      </div>
    );
  }
  if (list.length === 0) return <EmptyState icon="bell" title={t('alerts.events.empty')} description={t('alerts.events.emptyHint')} />;
  return (
    <div className="alerts-panel">
      <p className="alert-muted">{t('alerts.events.capped', { count: ALERT_EVENTS_CAP })}</p>
      <ol className="alert-events" aria-label={t('alerts.events.caption')}>
        {list.map((event) => (
          <EventItem
            key={event.id}
            event={event}
            marked={event.id === markedId}
            canWrite={canWrite}
            onAcknowledge={() => void acknowledge(event)}
            onDelete={() => void remove(event)}
          />
        ))}
      </ol>
    </div>
  );
}
