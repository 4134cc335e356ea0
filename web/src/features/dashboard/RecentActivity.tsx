import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { Activity } from '@taktwerk/common';
import { useDateFormat } from '../../app/preferences/use-date-display';
import { Icon } from '../../ui/Icon';

/** Recent Activity (spec part 1 §2, §9): up to 5 alert events and connection changes, newest first. */
export function RecentActivity({ items }: { items: Activity[] }) {
  const { t } = useTranslation();
  const { dateTime } = useDateFormat();
  if (items.length === 0) return <p className="activity-empty">{t('dashboard.activity.empty')}</p>;
  return (
    <ol className="activity-list">
      {items.map((item) => (
        <li key={item.id} className={`activity-item activity-${item.kind === 'alert' ? item.severity : item.state}`}>
          <span className="activity-icon">
            <Icon name={item.kind === 'alert' ? 'bell' : 'antenna'} size={16} />
          </span>
          <span className="activity-text">
            <span className="activity-title">{describe(item, t)}</span>
            <span className="activity-time">
              {item.machineName} · {dateTime(item.at)}
            </span>
          </span>
        </li>
      ))}
    </ol>
  );
}

function describe(item: Activity, t: TFunction): string {
  if (item.kind === 'connection') {
    const machine = item.machineName;
    return item.state === 'online' ? t('dashboard.activity.online', { machine }) : t('dashboard.activity.offline', { machine });
  }
  const rule = item.ruleName;
  return item.state === 'triggered' ? t('dashboard.activity.alert.triggered', { rule }) : t('dashboard.activity.alert.resolved', { rule });
}
