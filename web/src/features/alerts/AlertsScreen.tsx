import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasPermission } from '@taktwerk/common';
import { useAccount } from '../../app/auth/use-account';
import type { ScreenProps } from '../../app/routes';
import { EmptyState } from '../../ui/EmptyState';
import { Tabs } from '../../ui/Tabs';
import { ALERT_READ_PERMISSION, ALERT_WRITE_PERMISSION } from './api';
import { EventsPanel } from './EventsPanel';
import { RulesPanel } from './RulesPanel';
import './alerts.css';

type AlertsTab = 'events' | 'rules';

/**
 * #alerts (spec part 1 §2): the events list and the rules table with the rule form. `?tab=rules` opens the rules,
 * `?eventId=` (where a notification leads) the events with that one marked.
 */
export function AlertsScreen({ params }: ScreenProps) {
  const { t } = useTranslation();
  const { user } = useAccount();
  const eventId = params.get('eventId');
  const [tab, setTab] = useState<AlertsTab>(params.get('tab') === 'rules' && !eventId ? 'rules' : 'events');
  // A notification opened while this screen shows changes only the hash: show the events again.
  const [shownEventId, setShownEventId] = useState(eventId);
  if (eventId !== shownEventId) {
    setShownEventId(eventId);
    if (eventId) setTab('events');
  }

  if (!hasPermission(user.role, user.permissions, ALERT_READ_PERMISSION))
    return <EmptyState icon="bell" title={t('alerts.page.accessDenied')} description={t('alerts.page.accessDeniedHint')} />;
  const canWrite = hasPermission(user.role, user.permissions, ALERT_WRITE_PERMISSION);
  return (
    <div className="alerts-page">
      <Tabs
        tabs={[
          { id: 'events', label: t('alerts.page.events') },
          { id: 'rules', label: t('alerts.page.rules') },
        ]}
        selectedId={tab}
        onSelect={(id) => setTab(id as AlertsTab)}
        label={t('alerts.page.tabs')}
      >
        {tab === 'events' ? <EventsPanel canWrite={canWrite} markedId={eventId} /> : <RulesPanel canWrite={canWrite} email={user.email} />}
      </Tabs>
    </div>
  );
}
