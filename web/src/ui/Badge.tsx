import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { BillingStatus } from '@taktwerk/common';

export type BadgeTone = 'neutral' | 'success' | 'info' | 'warning' | 'danger';

export function Badge({ tone = 'neutral', children }: { tone?: BadgeTone; children: ReactNode }) {
  return <span className={`badge badge-${tone}`}>{children}</span>;
}

// Spec part 2 §2: active green, trialing blue, past_due yellow, canceled red.
const BILLING_TONES: Record<BillingStatus, BadgeTone> = {
  active: 'success',
  trialing: 'info',
  past_due: 'warning',
  canceled: 'danger',
};

export function BillingStatusBadge({ status }: { status: BillingStatus }) {
  const { t } = useTranslation();
  const labels: Record<BillingStatus, string> = {
    active: t('ui.badge.active'),
    trialing: t('ui.badge.trialing'),
    past_due: t('ui.badge.pastDue'),
    canceled: t('ui.badge.canceled'),
  };
  return <Badge tone={BILLING_TONES[status]}>{labels[status]}</Badge>;
}
