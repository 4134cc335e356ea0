import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Widget } from '@taktwerk/common';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { cx } from '../../ui/class-names';
import { Icon } from '../../ui/Icon';
import { ChartWidget } from './ChartWidget';
import { AGGREGATION_KEYS, RANGE_KEYS, type AnalyticsRange } from './labels';
import { MetricWidget } from './MetricWidget';
import { TableWidget } from './TableWidget';

export interface WidgetCardActions {
  onEdit: (widget: Widget) => void;
  onToggle: (widget: Widget, patch: { visible?: boolean; visibleDashboard?: boolean }) => void;
  onMove: (widget: Widget, step: -1 | 1) => void;
  onDelete: (widget: Widget) => void;
}

interface WidgetCardProps extends WidgetCardActions {
  widget: Widget;
  range: AnalyticsRange;
  /** Owners (dashboard:write) get the controls; members only look. */
  canWrite: boolean;
  first: boolean;
  last: boolean;
}

const BODIES = { metric: MetricWidget, chart: ChartWidget, table: TableWidget } as const;

export function WidgetCard({ widget, range, canWrite, first, last, onEdit, onToggle, onMove, onDelete }: WidgetCardProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const Body = BODIES[widget.type];
  return (
    <article className={cx('analytics-card', `analytics-card-${widget.type}`, !widget.visible && 'analytics-card-hidden')} aria-labelledby={titleId}>
      <header className="analytics-card-header">
        <div className="analytics-card-heading">
          <h2 id={titleId} className="analytics-card-title" title={widget.title}>
            {widget.title}
          </h2>
          <p className="analytics-card-summary">
            {t('analytics.widget.summary', { aggregation: t(AGGREGATION_KEYS[widget.aggregation]), range: t(RANGE_KEYS[range]) })}
          </p>
        </div>
        <div className="analytics-card-badges">
          {!widget.visible && <Badge tone="warning">{t('analytics.widget.hidden')}</Badge>}
          {widget.visibleDashboard && <Badge tone="info">{t('analytics.widget.onDashboard')}</Badge>}
        </div>
      </header>
      <div className="analytics-card-body">
        <Body widget={widget} range={range} />
      </div>
      {canWrite && (
        <footer className="analytics-card-footer">
          <label className="analytics-card-dashboard">
            <input
              type="checkbox"
              checked={widget.visibleDashboard}
              onChange={(event) => onToggle(widget, { visibleDashboard: event.target.checked })}
            />
            {t('analytics.widget.showOnDashboard')}
          </label>
          <div className="analytics-card-tools">
            <Button size="sm" variant="ghost" iconOnly aria-label={t('analytics.widget.moveEarlier')} disabled={first} onClick={() => onMove(widget, -1)} icon={<Icon name="arrow-left" />} />
            <Button size="sm" variant="ghost" iconOnly aria-label={t('analytics.widget.moveLater')} disabled={last} onClick={() => onMove(widget, 1)} icon={<Icon name="arrow-right" />} />
            <Button
              size="sm"
              variant="ghost"
              iconOnly
              aria-label={widget.visible ? t('analytics.widget.hide') : t('analytics.widget.show')}
              onClick={() => onToggle(widget, { visible: !widget.visible })}
              icon={<Icon name={widget.visible ? 'eye-off' : 'eye'} />}
            />
            <Button size="sm" variant="ghost" iconOnly aria-label={t('analytics.widget.edit')} onClick={() => onEdit(widget)} icon={<Icon name="pencil" />} />
            <Button
              size="sm"
              variant="ghost"
              iconOnly
              className="analytics-card-delete"
              aria-label={t('analytics.widget.delete')}
              onClick={() => onDelete(widget)}
              icon={<Icon name="trash" />}
            />
          </div>
        </footer>
      )}
    </article>
  );
}
