import type { ComponentProps } from 'react';
import { cx } from './class-names';
import { useFieldControl } from './Field';
import { Icon } from './Icon';

/** A native select (keyboard and screen-reader behaviour for free) styled like Input. */
export function Select({ className, children, ...rest }: ComponentProps<'select'>) {
  const control = useFieldControl();
  return (
    <div className={cx('select', className)}>
      <select className="input" {...control} {...rest}>
        {children}
      </select>
      <Icon name="chevron-down" className="select-chevron" />
    </div>
  );
}
