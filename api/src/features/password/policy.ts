import { getSystemConfig, type Queryable } from '@taktwerk/db';
import type { AccountIssue, PasswordPolicy } from '@taktwerk/common';
import { AppError } from '../../http/errors';

export async function passwordPolicy(db: Queryable): Promise<PasswordPolicy> {
  const { security } = await getSystemConfig(db);
  return { minLength: security.passwordMinLength, requireSpecialChars: security.requireSpecialChars };
}

/**
 * The spec's wording differs between the sign-up form (part 1 §5, part 2 §5) and the self-service password forms
 * of settings and reset (part 2 §5); the code and its parameters are the same.
 */
export type IssueContext = 'signup' | 'self-service';

function messageOf(issue: AccountIssue, context: IssueContext): string {
  switch (issue.code) {
    case 'required_fields':
      return 'Please fill in all required fields.';
    case 'invalid_email':
      return 'Please enter a valid email address.';
    case 'password_too_short':
      return context === 'signup'
        ? `Password must be at least ${issue.minLength} characters long.`
        : `Password must be at least ${issue.minLength} characters.`;
    case 'password_special_char':
      return 'Password must contain at least one special character.';
    case 'passwords_mismatch':
      return context === 'signup' ? 'Passwords do not match' : 'Passwords do not match.';
    case 'terms_not_accepted':
      return 'Please accept the terms and conditions';
  }
}

/** A 400 whose code the web maps to its translated message; details carry the parameters (minLength, fields). */
export function accountIssueError(issue: AccountIssue, context: IssueContext): AppError {
  const { code, ...details } = issue;
  return new AppError(400, code, messageOf(issue, context), Object.keys(details).length > 0 ? details : undefined);
}
