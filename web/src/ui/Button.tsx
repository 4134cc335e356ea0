import type { ComponentProps, ReactNode } from 'react';
import { cx } from './class-names';
import { Spinner } from './Spinner';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg';

/** The button classes, for links that must look like buttons. */
export function buttonClass(variant: ButtonVariant = 'secondary', size: ButtonSize = 'md', iconOnly = false): string {
  return cx('btn', `btn-${variant}`, `btn-${size}`, iconOnly && 'btn-icon');
}

interface ButtonProps extends ComponentProps<'button'> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Shows a spinner and blocks further clicks while an action runs. */
  busy?: boolean;
  icon?: ReactNode;
  /** Icon-only buttons are square; they need an aria-label. */
  iconOnly?: boolean;
}

export function Button({
  variant = 'secondary',
  size = 'md',
  busy = false,
  icon,
  iconOnly = false,
  className,
  disabled,
  type = 'button',
  children,
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      className={cx(buttonClass(variant, size, iconOnly), className)}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      {...rest}
    >
      {busy ? <Spinner size="sm" /> : icon}
      {children}
    </button>
  );
}
