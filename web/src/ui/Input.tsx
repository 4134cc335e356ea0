import type { ComponentProps } from 'react';
import { cx } from './class-names';
import { useFieldControl } from './Field';

export function Input({ className, ...rest }: ComponentProps<'input'>) {
  const control = useFieldControl();
  return <input className={cx('input', className)} {...control} {...rest} />;
}
