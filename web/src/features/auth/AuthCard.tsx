import type { ReactNode } from 'react';
import { PublicFrame } from '../../app/PublicFrame';
import { usePageTitle } from '../../app/use-page-title';
import './auth.css';

interface AuthCardProps {
  title: string;
  subtitle?: ReactNode;
  /** An info line above the form (e.g. why the person was signed out). */
  notice?: string | null;
  /** Links below the form: to the other auth views and back home. */
  footer?: ReactNode;
  children: ReactNode;
}

/** The frame of every sign-in, sign-up and password view. */
export function AuthCard({ title, subtitle, notice, footer, children }: AuthCardProps) {
  usePageTitle(title);
  return (
    <PublicFrame>
      <div className="auth-card">
        <h1 className="auth-title">{title}</h1>
        {subtitle && <p className="auth-subtitle">{subtitle}</p>}
        {notice && (
          <p className="auth-notice" role="status">
            {notice}
          </p>
        )}
        {children}
        {footer && <div className="auth-links">{footer}</div>}
      </div>
    </PublicFrame>
  );
}
