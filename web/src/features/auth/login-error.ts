import type { TFunction } from 'i18next';
import { ApiError } from '../../app/http-json';
import { errorMessage } from '../../app/error-message';

// The login error catalogue of the spec (part 1 §8), by the codes the auth endpoints answer with.
const LOGIN_ERRORS = {
  invalid_credentials: 'auth.errors.invalidCredentials',
  too_many_attempts: 'auth.errors.tooManyAttempts',
  validation_failed: 'auth.errors.validationFailed',
  profile_missing: 'auth.errors.profileMissing',
  organization_not_found: 'auth.errors.organizationMissing',
  invalid_session: 'auth.errors.noSession',
  no_pending_challenge: 'auth.errors.noChallenge',
  two_factor_not_configured: 'auth.errors.twoFactorNotConfigured',
  invalid_two_factor_code: 'auth.errors.invalidCode',
} as const;

/** The inline message for a failed sign-in step, translated for the codes the login endpoints document. */
export function loginErrorMessage(error: unknown, t: TFunction): string {
  if (error instanceof ApiError) {
    const key = LOGIN_ERRORS[error.code as keyof typeof LOGIN_ERRORS];
    if (key) return t(key);
  }
  return errorMessage(error, t);
}

/** The same for the code step, whose unexpected failures read '2FA verification failed'. */
export function twoFactorErrorMessage(error: unknown, t: TFunction): string {
  if (error instanceof ApiError && error.code === 'invalid_session') return t('auth.errors.finalizeFailed');
  if (error instanceof ApiError && (error.code in LOGIN_ERRORS || error.status === 0)) return loginErrorMessage(error, t);
  return t('auth.errors.twoFactorFailed');
}
