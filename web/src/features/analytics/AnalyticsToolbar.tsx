import { useTranslation } from 'react-i18next';
import { ANALYTICS_RANGES } from '@taktwerk/common';
import { Button } from '../../ui/Button';
import { Icon } from '../../ui/Icon';
import { Select } from '../../ui/Select';
import { RANGE_KEYS, type AnalyticsRange } from './labels';

interface AnalyticsToolbarProps {
  range: AnalyticsRange;
  showHidden: boolean;
  refreshing: boolean;
  canWrite: boolean;
  canEditTags: boolean;
  onRange: (range: AnalyticsRange) => void;
  onShowHidden: (show: boolean) => void;
  onRefresh: () => void;
  onAdd: () => void;
  onEditTags: () => void;
}

/** Range selector, 'Show hidden widgets', refresh, and for owners add widget and the tag configuration. */
export function AnalyticsToolbar(props: AnalyticsToolbarProps) {
  const { range, showHidden, refreshing, canWrite, canEditTags, onRange, onShowHidden, onRefresh, onAdd, onEditTags } = props;
  const { t } = useTranslation();
  return (
    <div className="analytics-toolbar">
      <div className="analytics-toolbar-view">
        <label className="analytics-range">
          <span className="visually-hidden">{t('analytics.page.range')}</span>
          <Select value={range} onChange={(e) => onRange(e.target.value as AnalyticsRange)}>
            {ANALYTICS_RANGES.map((value) => (
              <option key={value} value={value}>
                {t(RANGE_KEYS[value])}
              </option>
            ))}
          </Select>
        </label>
        <label className="analytics-toggle">
          <input type="checkbox" role="switch" checked={showHidden} onChange={(e) => onShowHidden(e.target.checked)} />
          {t('analytics.page.showHidden')}
        </label>
      </div>
      <div className="analytics-toolbar-actions">
        <Button variant="ghost" onClick={onRefresh} busy={refreshing} icon={<Icon name="refresh" />}>
          {t('analytics.page.refresh')}
        </Button>
        {canEditTags && (
          <Button onClick={onEditTags} icon={<Icon name="tag" />}>
            {t('analytics.page.tagConfig')}
          </Button>
        )}
        {canWrite && (
          <Button variant="primary" onClick={onAdd} icon={<Icon name="plus" />}>
            {t('analytics.page.add')}
          </Button>
        )}
      </div>
    </div>
  );
}
