import type { TFunction } from 'i18next';
import { ApiError } from '../../app/api-client';
import type { ToastOptions } from '../../ui/Toast';

type LimitedResource = 'machines' | 'tags';

/**
 * The 'Limit reached' toast of spec part 1 §8 in the user's language, or null when the error is something else.
 * `limit` is the organization's plan limit for what was being added.
 */
export function limitToast(error: unknown, resource: LimitedResource, limit: number, t: TFunction): ToastOptions | null {
  if (!(error instanceof ApiError)) return null;
  if (error.code === 'limit_check_failed') return { type: 'error', title: t('machines.limit.title'), message: t('machines.limit.checkFailed') };
  return error.code === 'limit_reached' ? limitReachedToast(resource, limit, t) : null;
}

export function limitReachedToast(resource: LimitedResource, limit: number, t: TFunction): ToastOptions {
  const message = resource === 'machines' ? t('machines.limit.message', { count: limit }) : t('machines.limit.tagMessage', { count: limit });
  return { type: 'error', title: t('machines.limit.title'), message };
}
