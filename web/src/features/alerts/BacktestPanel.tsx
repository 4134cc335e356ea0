import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ALERT_BACKTEST_RANGES, type AlertBacktestRange, type AlertBacktestResponse, type AlertRuleDraft, type AlertRuleIssue } from '@taktwerk/common';
import { Button } from '../../ui/Button';
import { cx } from '../../ui/class-names';
import { useToast } from '../../ui/Toast';
import { alertFailureToast, apiRuleIssue, validationToast } from './alert-errors';
import { backtestRule } from './api';
import { BacktestChart } from './BacktestChart';

const RANGES = Object.keys(ALERT_BACKTEST_RANGES) as AlertBacktestRange[];
const RANGE_KEYS = { '24h': 'h24', '7d': 'd7' } as const satisfies Record<AlertBacktestRange, string>;

interface Outcome {
  /** The draft it ran on (the chart shows its tag), to say when the form has changed since. */
  draft: AlertRuleDraft;
  draftJson: string;
  results: Record<AlertBacktestRange, AlertBacktestResponse>;
}

interface BacktestPanelProps {
  draft: AlertRuleDraft;
  /** What the form breaks (spec part 1 §5), checked before asking the api. */
  issue: AlertRuleIssue | null;
  onInvalid: () => void;
}

/**
 * "Would have fired N times in the last 24 h / 7 d" for the rule as it stands in the form, before saving: the api runs
 * the live evaluator over stored values; the chart shows the chosen period with the firing times.
 */
export function BacktestPanel({ draft, issue, onInvalid }: BacktestPanelProps) {
  const { t } = useTranslation();
  const { showToast } = useToast();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [shown, setShown] = useState<AlertBacktestRange>('24h');
  const [busy, setBusy] = useState(false);
  const draftJson = JSON.stringify(draft);

  async function handleRun() {
    if (issue) {
      onInvalid();
      showToast(validationToast(issue, t));
      return;
    }
    setBusy(true);
    try {
      const [day, week] = await Promise.all(RANGES.map((range) => backtestRule(draft, range)));
      setOutcome({ draft, draftJson, results: { '24h': day!, '7d': week! } });
    } catch (error) {
      const apiIssue = apiRuleIssue(error);
      showToast(apiIssue ? validationToast(apiIssue, t) : alertFailureToast('alerts.backtest.failed', error, t));
    } finally {
      setBusy(false);
    }
  }

  const result = outcome?.results[shown];
  const ran = outcome?.draft;
  return (
    <section className="alert-form-section alert-backtest" aria-labelledby="alert-backtest-title">
      <div className="alert-backtest-head">
        <div>
          <h3 id="alert-backtest-title" className="alert-backtest-title">
            {t('alerts.backtest.title')}
          </h3>
          <p className="field-hint">{t('alerts.backtest.hint')}</p>
        </div>
        <Button busy={busy} onClick={() => void handleRun()}>
          {t('alerts.backtest.run')}
        </Button>
      </div>
      {outcome && result && ran && (
        <>
          <div className="alert-backtest-results" role="group" aria-label={t('alerts.backtest.range')}>
            {RANGES.map((range) => (
              <button
                key={range}
                type="button"
                aria-pressed={range === shown}
                className={cx('alert-backtest-result', range === shown && 'alert-backtest-result-shown')}
                onClick={() => setShown(range)}
              >
                <span className="alert-backtest-range">{t(`alerts.backtest.ranges.${RANGE_KEYS[range]}`)}</span>
                <span className="alert-backtest-count">
                  {t('alerts.backtest.result', { count: outcome.results[range].count, range: t(`alerts.backtest.rangeNames.${RANGE_KEYS[range]}`) })}
                </span>
              </button>
            ))}
          </div>
          <p className="field-hint">
            {t('alerts.backtest.points', { count: result.evaluatedPoints })}
            {result.truncated && ` ${t('alerts.backtest.truncated')}`}
          </p>
          {outcome.draftJson !== draftJson && <p className="alert-backtest-stale">{t('alerts.backtest.stale')}</p>}
          <BacktestChart
            machineId={ran.machineId}
            tag={ran.expression.tag}
            result={result}
            threshold={ran.ruleType === 'threshold' ? (ran.expression.threshold ?? null) : null}
          />
        </>
      )}
    </section>
  );
}
