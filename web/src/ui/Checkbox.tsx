import { useId, type ComponentProps, type ReactNode } from 'react';
import { cx } from './class-names';

interface CheckboxProps extends Omit<ComponentProps<'input'>, 'type'> {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
}

/** A checkbox with its own label; unlike text inputs it does not sit inside a Field. */
export function Checkbox({ label, hint, error, className, ...rest }: CheckboxProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div className={cx('checkbox', className)}>
      <input
        id={id}
        type="checkbox"
        aria-describedby={cx(hint ? hintId : null, error ? errorId : null) || undefined}
        aria-invalid={error ? true : undefined}
        {...rest}
      />
      <div>
        <label htmlFor={id}>{label}</label>
        {hint && (
          <p className="field-hint" id={hintId}>
            {hint}
          </p>
        )}
        {error && (
          <p className="field-error" id={errorId}>
            {error}
          </p>
        )}
      </div>
    </div>
  );
}
