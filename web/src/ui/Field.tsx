import { createContext, useContext, useId, type ReactNode } from 'react';
import { cx } from './class-names';

/** What a form control inside a Field needs to be labelled and described. */
interface FieldControlProps {
  id?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean;
  required?: boolean;
}

const FieldContext = createContext<FieldControlProps>({});

/** Input, Select and PasswordInput read their id and aria wiring from the surrounding Field. */
export function useFieldControl(): FieldControlProps {
  return useContext(FieldContext);
}

interface FieldProps {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  required?: boolean;
  className?: string;
  children: ReactNode;
}

export function Field({ label, hint, error, required, className, children }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = cx(hint ? hintId : null, error ? errorId : null) || undefined;
  const control: FieldControlProps = { id, 'aria-describedby': describedBy, 'aria-invalid': error ? true : undefined, required };

  return (
    <div className={cx('field', error ? 'field-invalid' : null, className)}>
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <FieldContext value={control}>{children}</FieldContext>
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
  );
}
