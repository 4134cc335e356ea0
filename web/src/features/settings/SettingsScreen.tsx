import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ScreenProps } from '../../app/routes';
import { Tabs } from '../../ui/Tabs';
import { PreferencesTab } from './PreferencesTab';
import { ProfileTab } from './ProfileTab';
import { SecurityTab } from './SecurityTab';
import './settings.css';

const TAB_IDS = ['profile', 'security', 'preferences'] as const;
type TabId = (typeof TAB_IDS)[number];

const isTabId = (value: string | null): value is TabId => (TAB_IDS as readonly (string | null)[]).includes(value);

/** #settings (optionally ?tab=security): the signed-in person's own account (spec part 2 §2). */
export function SettingsScreen({ params }: ScreenProps) {
  const { t } = useTranslation();
  const requested = params.get('tab');
  const [tab, setTab] = useState<TabId>(isTabId(requested) ? requested : 'profile');
  const labels: Record<TabId, string> = {
    profile: t('settings.tabs.profile'),
    security: t('settings.tabs.security'),
    preferences: t('settings.tabs.preferences'),
  };

  return (
    <div className="settings">
      <Tabs
        tabs={TAB_IDS.map((id) => ({ id, label: labels[id] }))}
        selectedId={tab}
        onSelect={(id) => setTab(id as TabId)}
        label={t('settings.tabs.label')}
      >
        {tab === 'profile' && <ProfileTab />}
        {tab === 'security' && <SecurityTab />}
        {tab === 'preferences' && <PreferencesTab />}
      </Tabs>
    </div>
  );
}
