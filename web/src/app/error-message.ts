import type { TFunction } from 'i18next';
import { ApiError } from './http-json';

/** A message for any failure: translated for network and unknown errors, the server's text otherwise. */
export function errorMessage(error: unknown, t: TFunction): string {
  if (error instanceof ApiError) return error.status === 0 ? t('common.errors.network') : error.message;
  return t('common.errors.unexpected');
}
