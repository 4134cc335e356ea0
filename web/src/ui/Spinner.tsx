import { useTranslation } from 'react-i18next';
import { cx } from './class-names';

interface SpinnerProps {
  size?: 'sm' | 'md' | 'lg';
  /** Announced to screen readers; without it the spinner is decorative (e.g. inside a busy button). */
  label?: string | boolean;
  className?: string;
}

export function Spinner({ size = 'md', label, className }: SpinnerProps) {
  const { t } = useTranslation();
  const classes = cx('spinner', `spinner-${size}`, className);
  if (!label) return <span className={classes} aria-hidden="true" />;
  return (
    <span role="status" className="spinner-wrap">
      <span className={classes} aria-hidden="true" />
      <span className="visually-hidden">{label === true ? t('ui.spinner.loading') : label}</span>
    </span>
  );
}

/** A centred spinner that fills its container while a page or section loads. */
export function LoadingState({ label }: { label?: string }) {
  return (
    <div className="loading-state">
      <Spinner size="lg" label={label ?? true} />
    </div>
  );
}
