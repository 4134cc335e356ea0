import type { TFunction } from 'i18next';
import type { AccountIssue } from '@taktwerk/common';
import { ApiError } from '../../app/http-json';
import { errorMessage } from '../../app/error-message';

/**
 * The spec words the same rules differently on the sign-up form and on the self-service password forms
 * (settings, reset link): 'Password must be at least n characters long.' / '… characters.'.
 */
export type IssueWording = 'signup' | 'self-service';

export function issueMessage(issue: AccountIssue, t: TFunction, wording: IssueWording): string {
  switch (issue.code) {
    case 'required_fields':
      return t('auth.errors.requiredFields');
    case 'invalid_email':
      return t('auth.errors.invalidEmail');
    case 'password_too_short':
      return wording === 'signup'
        ? t('auth.errors.passwordTooShort', { min: issue.minLength })
        : t('auth.errors.newPasswordTooShort', { min: issue.minLength });
    case 'password_special_char':
      return t('auth.errors.passwordSpecialChar');
    case 'passwords_mismatch':
      return wording === 'signup' ? t('auth.errors.passwordsMismatch') : t('auth.errors.newPasswordsMismatch');
    case 'terms_not_accepted':
      return t('auth.errors.termsNotAccepted');
  }
}

const ISSUE_CODES = new Set<string>([
  'required_fields',
  'invalid_email',
  'password_too_short',
  'password_special_char',
  'passwords_mismatch',
  'terms_not_accepted',
]);

/** The account rule an api answer refused, with its parameters; null for any other failure. */
export function issueFromError(error: unknown): AccountIssue | null {
  if (!(error instanceof ApiError) || !ISSUE_CODES.has(error.code)) return null;
  const details = (typeof error.details === 'object' && error.details !== null ? error.details : {}) as Record<string, unknown>;
  if (error.code === 'password_too_short') return { code: 'password_too_short', minLength: Number(details.minLength) || 8 };
  if (error.code === 'required_fields') return { code: 'required_fields', fields: Array.isArray(details.fields) ? details.fields.map(String) : [] };
  return { code: error.code } as AccountIssue;
}

/** A translated message for a failed account call: the rule it broke, else the fallback for unknown failures. */
export function accountErrorMessage(error: unknown, t: TFunction, wording: IssueWording, fallback: string): string {
  const issue = issueFromError(error);
  if (issue) return issueMessage(issue, t, wording);
  if (error instanceof ApiError && error.status === 0) return errorMessage(error, t);
  return fallback;
}
