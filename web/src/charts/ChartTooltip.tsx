import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { useDateDisplay } from '../app/preferences/use-date-display';
import { Button } from '../ui/Button';
import { formatValue, pointTime } from './chart-format';
import type { PickedPoint } from './use-point-tooltip';

interface ChartTooltipProps {
  picked: PickedPoint | null;
  /** The box usePointTooltip keeps over the point. */
  boxRef: Ref<HTMLDivElement>;
  unit?: string | null;
  onClose: () => void;
}

/** Value and time of a clicked point (time without a zone suffix, spec part 1 §2) and a Close button. */
export function ChartTooltip({ picked, boxRef, unit, onClose }: ChartTooltipProps) {
  const { t, i18n } = useTranslation();
  const display = useDateDisplay();
  if (!picked) return null;
  return (
    <div ref={boxRef} className="chart-tooltip" role="dialog" aria-label={t('charts.tooltip.label')}>
      <div className="chart-tooltip-value">{formatValue(picked.v, i18n.language, unit)}</div>
      <div className="chart-tooltip-time">{pointTime(picked.t, display)}</div>
      <Button size="sm" variant="secondary" onClick={onClose}>
        {t('charts.tooltip.close')}
      </Button>
    </div>
  );
}
