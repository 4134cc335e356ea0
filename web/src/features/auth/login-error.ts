import type { TFunction } from 'i18next';
import { ApiError } from '../../app/http-json';
import { errorMessage } from '../../app/error-message';

/** The inline message for a failed sign-in, translated for the codes the login endpoint documents. */
export function loginErrorMessage(error: unknown, t: TFunction): string {
  if (error instanceof ApiError) {
    if (error.code === 'invalid_credentials') return t('auth.errors.invalidCredentials');
    if (error.code === 'too_many_attempts') return t('auth.errors.tooManyAttempts');
    if (error.code === 'validation_failed') return t('auth.errors.validationFailed');
  }
  return errorMessage(error, t);
}
