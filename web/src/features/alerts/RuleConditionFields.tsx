import { useTranslation } from 'react-i18next';
import {
  ALERT_NUMBER_LIMITS,
  ALERT_OPERATORS,
  ALERT_RULE_TYPES,
  DEVIATION_SIGMA_STEP,
  DEVIATION_WINDOW,
  type AlertNumberField,
  type AlertOperator,
  type AlertRuleType,
} from '@taktwerk/common';
import { Field } from '../../ui/Field';
import { Select } from '../../ui/Select';
import { OPERATOR_KEYS } from './labels';
import { NumberField } from './NumberField';
import type { RuleFormState } from './rule-draft';

interface RuleConditionFieldsProps {
  form: RuleFormState;
  onChange: (patch: Partial<RuleFormState>) => void;
  /** The message of a number field out of its range, or null. */
  numberError: (field: AlertNumberField) => string | null;
}

/** Rule type and what it watches for: threshold (operator, threshold, duration), no_data (minutes), deviation (σ). */
export function RuleConditionFields({ form, onChange, numberError }: RuleConditionFieldsProps) {
  const { t } = useTranslation();
  const limits = ALERT_NUMBER_LIMITS;
  return (
    <fieldset className="alert-form-section">
      <legend>{t('alerts.form.condition')}</legend>
      <div className="alert-form-grid">
        <Field label={t('alerts.form.ruleType')}>
          <Select value={form.ruleType} onChange={(e) => onChange({ ruleType: e.target.value as AlertRuleType })}>
            {ALERT_RULE_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`alerts.types.${type}`)}
              </option>
            ))}
          </Select>
        </Field>
        {form.ruleType === 'threshold' && (
          <>
            <Field label={t('alerts.form.operator')}>
              <Select value={form.operator} onChange={(e) => onChange({ operator: e.target.value as AlertOperator })}>
                {ALERT_OPERATORS.map((operator) => (
                  <option key={operator} value={operator}>
                    {t(OPERATOR_KEYS[operator])}
                  </option>
                ))}
              </Select>
            </Field>
            <NumberField label={t('alerts.form.threshold')} step="any" value={form.threshold} onChange={(threshold) => onChange({ threshold })} />
            <NumberField
              label={t('alerts.form.duration')}
              min={limits.duration.min}
              max={limits.duration.max}
              value={form.duration}
              hint={t('alerts.form.durationHint')}
              error={numberError('duration')}
              onChange={(duration) => onChange({ duration })}
            />
          </>
        )}
        {form.ruleType === 'no_data' && (
          <NumberField
            label={t('alerts.form.noDataMinutes')}
            min={limits.noDataMinutes.min}
            max={limits.noDataMinutes.max}
            value={form.noDataMinutes}
            hint={t('alerts.form.noDataHint')}
            error={numberError('noDataMinutes')}
            onChange={(noDataMinutes) => onChange({ noDataMinutes })}
          />
        )}
        {form.ruleType === 'deviation' && (
          <NumberField
            label={t('alerts.form.deviationSigma')}
            min={limits.deviationSigma.min}
            max={limits.deviationSigma.max}
            step={DEVIATION_SIGMA_STEP}
            value={form.deviationSigma}
            hint={t('alerts.form.deviationHint', { minutes: DEVIATION_WINDOW.minutes, min: DEVIATION_WINDOW.minValues })}
            error={numberError('deviationSigma')}
            onChange={(deviationSigma) => onChange({ deviationSigma })}
          />
        )}
      </div>
    </fieldset>
  );
}
