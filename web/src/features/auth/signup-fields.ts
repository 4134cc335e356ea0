import type { AccountIssue, SignupRequest } from '@taktwerk/common';

export type SignupForm = Omit<SignupRequest, 'language'>;
export type SignupField = keyof SignupForm;

export const EMPTY_SIGNUP: SignupForm = {
  name: '',
  email: '',
  organizationName: '',
  password: '',
  confirmPassword: '',
  acceptTerms: false,
};

/** The fields a broken rule belongs to, so the message shows beside them. */
export function issueFields(issue: AccountIssue): SignupField[] {
  switch (issue.code) {
    case 'required_fields':
      return issue.fields.filter((f): f is SignupField => f in EMPTY_SIGNUP);
    case 'invalid_email':
      return ['email'];
    case 'password_too_short':
    case 'password_special_char':
      return ['password'];
    case 'passwords_mismatch':
      return ['confirmPassword'];
    case 'terms_not_accepted':
      return ['acceptTerms'];
  }
}
