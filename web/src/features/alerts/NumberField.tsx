import type { ReactNode } from 'react';
import { Field } from '../../ui/Field';
import { Input } from '../../ui/Input';

interface NumberFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  min?: number;
  max?: number;
  /** 'any' for free decimals; 1 for whole numbers. */
  step?: number | 'any';
  hint?: ReactNode;
  error?: ReactNode;
}

/** A number input of the rule form (spec part 1 §5): its minimum and step in the markup; text counts as 0 on save. */
export function NumberField({ label, value, onChange, min, max, step = 1, hint, error }: NumberFieldProps) {
  return (
    <Field label={label} hint={hint} error={error}>
      <Input
        type="number"
        inputMode={step === 1 ? 'numeric' : 'decimal'}
        min={min}
        max={max}
        step={step}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </Field>
  );
}
