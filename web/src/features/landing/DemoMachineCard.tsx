import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../i18n/language';

// Fixed demo values (spec part 1 §2: "a machine status card with demo values"); nothing here is live.
const SPINDLE_TREND = [62, 64, 61, 66, 70, 68, 72, 71, 74, 73, 77, 75, 79, 78, 76, 80, 82, 79, 83, 85];
const METRICS = [
  { label: 'landing.demo.spindleSpeed', value: 12480, unit: 'rpm', digits: 0 },
  { label: 'landing.demo.coolantTemperature', value: 24.6, unit: '°C', digits: 1 },
  { label: 'landing.demo.powerDraw', value: 7.8, unit: 'kW', digits: 1 },
] as const;

function sparklinePoints(values: readonly number[], width: number, height: number): string {
  const min = Math.min(...values);
  const span = Math.max(...values) - min || 1;
  const step = width / (values.length - 1);
  return values.map((v, i) => `${(i * step).toFixed(1)},${(height - ((v - min) / span) * height).toFixed(1)}`).join(' ');
}

export function DemoMachineCard() {
  const { t } = useTranslation();
  const language = useLanguage();
  const points = sparklinePoints(SPINDLE_TREND, 300, 64);

  return (
    <figure className="demo-card" aria-label={t('landing.demo.label')}>
      <header className="demo-card-header">
        <div>
          <p className="demo-card-name">{t('landing.demo.machine')}</p>
          <p className="demo-card-location">{t('landing.demo.location')}</p>
        </div>
        <span className="status-pill status-online">
          <span className="status-dot" aria-hidden="true" />
          {t('landing.demo.status')}
        </span>
      </header>
      <dl className="demo-card-metrics">
        {METRICS.map((metric) => (
          <div key={metric.label}>
            <dt>{t(metric.label)}</dt>
            <dd>
              {metric.value.toLocaleString(language, { minimumFractionDigits: metric.digits, maximumFractionDigits: metric.digits })}
              <span className="demo-card-unit">{metric.unit}</span>
            </dd>
          </div>
        ))}
      </dl>
      <figcaption className="demo-card-caption">{t('landing.demo.trend')}</figcaption>
      <svg className="demo-card-chart" viewBox="0 -4 300 72" preserveAspectRatio="none" aria-hidden="true">
        <polyline points={`0,68 ${points} 300,68`} className="demo-card-area" />
        <polyline points={points} className="demo-card-line" />
      </svg>
    </figure>
  );
}
