import type { TFunction } from 'i18next';
import type { ParseKeys } from 'i18next';
import { WIDGET_ISSUES } from '@taktwerk/common';
import { errorMessage } from '../../app/error-message';
import { ApiError } from '../../app/http-json';
import type { ToastOptions } from '../../ui/Toast';

/** The api's widget rule broken by a draft, in the user's language; other failures in errorMessage's words. */
export function widgetErrorMessage(error: unknown, t: TFunction): string {
  if (error instanceof ApiError && error.code in WIDGET_ISSUES) return t('analytics.form.machineAndTagRequired');
  return errorMessage(error, t);
}

/** The error toasts of spec part 1 §8: 'Save failed', 'Update failed', 'Delete failed', with the reason. */
export function widgetFailureToast(title: ParseKeys, error: unknown, t: TFunction): ToastOptions {
  return { type: 'error', title: t(title), message: widgetErrorMessage(error, t) };
}
