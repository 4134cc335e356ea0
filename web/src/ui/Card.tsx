import type { ReactNode } from 'react';
import { cx } from './class-names';

interface CardProps {
  title?: ReactNode;
  description?: ReactNode;
  /** Buttons shown at the right of the card header. */
  actions?: ReactNode;
  className?: string;
  children?: ReactNode;
}

export function Card({ title, description, actions, className, children }: CardProps) {
  const hasHeader = Boolean(title || description || actions);
  return (
    <section className={cx('card', className)}>
      {hasHeader && (
        <header className="card-header">
          <div>
            {title && <h2 className="card-title">{title}</h2>}
            {description && <p className="card-description">{description}</p>}
          </div>
          {actions && <div className="card-actions">{actions}</div>}
        </header>
      )}
      {children !== undefined && <div className="card-body">{children}</div>}
    </section>
  );
}
