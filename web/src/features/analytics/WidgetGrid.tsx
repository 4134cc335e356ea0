import { useTranslation } from 'react-i18next';
import type { Widget } from '@taktwerk/common';
import { Button } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { Icon } from '../../ui/Icon';
import { LoadingState } from '../../ui/Spinner';
import type { AnalyticsRange } from './labels';
import { WidgetCard, type WidgetCardActions } from './WidgetCard';

interface WidgetGridProps extends WidgetCardActions {
  /** Every widget in its saved order; undefined while loading. */
  widgets: Widget[] | undefined;
  failed: boolean;
  showHidden: boolean;
  range: AnalyticsRange;
  canWrite: boolean;
  onRetry: () => void;
  onAdd: () => void;
}

/** The widgets the toggle lets through, in their saved order. */
export const shownWidgets = (widgets: readonly Widget[], showHidden: boolean) => widgets.filter((w) => showHidden || w.visible);

/** The widget grid with its loading, error and empty states. */
export function WidgetGrid({ widgets, failed, showHidden, range, canWrite, onRetry, onAdd, ...actions }: WidgetGridProps) {
  const { t } = useTranslation();
  if (!widgets && failed) {
    return <EmptyState icon="error" title={t('analytics.page.loadFailed')} action={<Button onClick={onRetry}>{t('analytics.page.retry')}</Button>} />;
  }
  if (!widgets) return <LoadingState />;
  if (widgets.length === 0) {
    return (
      <EmptyState
        icon="chart"
        title={t('analytics.page.empty')}
        description={canWrite ? t('analytics.page.emptyOwner') : t('analytics.page.emptyMember')}
        action={
          canWrite && (
            <Button variant="primary" onClick={onAdd} icon={<Icon name="plus" />}>
              {t('analytics.page.add')}
            </Button>
          )
        }
      />
    );
  }
  const shown = shownWidgets(widgets, showHidden);
  if (shown.length === 0) return <EmptyState icon="eye-off" title={t('analytics.page.allHidden')} description={t('analytics.page.allHiddenHint')} />;
  return (
    <div className="analytics-grid" role="list" aria-label={t('analytics.page.gridLabel')}>
      {shown.map((widget, index) => (
        <div role="listitem" key={widget.id} className={`analytics-slot analytics-slot-${widget.type}`}>
          <WidgetCard
            widget={widget}
            range={range}
            canWrite={canWrite}
            first={index === 0}
            last={index === shown.length - 1}
            {...actions}
          />
        </div>
      ))}
    </div>
  );
}
