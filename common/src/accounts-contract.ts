import { z } from 'zod';
import { sessionResponseSchema, userSchema } from './auth-contract';
import {
  DATE_FORMATS,
  LANGUAGES,
  MAX_SESSION_TIMEOUT_MINUTES,
  MIN_SESSION_TIMEOUT_MINUTES,
  PASSWORD_SPECIAL_CHARACTERS,
  SELF_SERVICE_PASSWORD_MIN_LENGTH,
  THEMES,
} from './constants';

// The account contract: sign-up, the two-factor step of sign-in, passwords, profile and preferences.
// Bodies accept any strings so that the business rules below answer with the spec's messages, not zod's.

/** Password rules of the security config (system_config 'security'). */
export interface PasswordPolicy {
  minLength: number;
  requireSpecialChars: boolean;
}

/** A broken account rule: a stable code (the api's error code, the web's message key) and its parameters. */
export type AccountIssue =
  | { code: 'required_fields'; fields: string[] }
  | { code: 'invalid_email' }
  | { code: 'password_too_short'; minLength: number }
  | { code: 'password_special_char' }
  | { code: 'passwords_mismatch' }
  | { code: 'terms_not_accepted' };

const EMAIL_PATTERN = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

export const isEmailAddress = (email: string) => EMAIL_PATTERN.test(email.trim());

/** Self-service changes keep the sign-up policy but never go below the spec's 8 characters (part 2 §9). */
export function selfServicePolicy(policy: PasswordPolicy): PasswordPolicy {
  return { ...policy, minLength: Math.max(SELF_SERVICE_PASSWORD_MIN_LENGTH, policy.minLength) };
}

/** First broken rule of a new password and its confirmation, in the order the forms report them. */
export function newPasswordIssue(password: string, confirmPassword: string, policy: PasswordPolicy): AccountIssue | null {
  if (password.length < policy.minLength) return { code: 'password_too_short', minLength: policy.minLength };
  if (policy.requireSpecialChars && ![...password].some((c) => PASSWORD_SPECIAL_CHARACTERS.includes(c)))
    return { code: 'password_special_char' };
  if (password !== confirmPassword) return { code: 'passwords_mismatch' };
  return null;
}

export const signupRequestSchema = z.strictObject({
  name: z.string().max(200),
  email: z.string().max(320),
  password: z.string().max(1024),
  confirmPassword: z.string().max(1024),
  organizationName: z.string().max(200),
  acceptTerms: z.boolean(),
  /** The visitor's language: the new account's language preference and the language of its mails. */
  language: z.enum(LANGUAGES).optional(),
});
export type SignupRequest = z.infer<typeof signupRequestSchema>;

/** First broken sign-up rule (spec part 1 §5, part 2 §5), or null. */
export function signupIssue(input: SignupRequest, policy: PasswordPolicy): AccountIssue | null {
  const required = (['name', 'email', 'organizationName'] as const).filter((field) => input[field].trim() === '');
  if (required.length > 0) return { code: 'required_fields', fields: required };
  if (!isEmailAddress(input.email)) return { code: 'invalid_email' };
  const password = newPasswordIssue(input.password, input.confirmPassword, policy);
  if (password) return password;
  if (!input.acceptTerms) return { code: 'terms_not_accepted' };
  return null;
}

/** Sign-up answers the same whether or not the address already had an account (no enumeration). */
export const signupResponseSchema = z.object({ status: z.literal('registered') });

export const twoFactorChallengeSchema = z.object({
  twoFactorRequired: z.literal(true),
  /** Opaque, single use, valid for a few minutes: proves the password step for POST /auth/2fa/verify. */
  challengeToken: z.string(),
});
export type TwoFactorChallenge = z.infer<typeof twoFactorChallengeSchema>;

/** POST /auth/login: a session, or the pending second step for users with two-factor authentication. */
export const loginResponseSchema = z.union([sessionResponseSchema, twoFactorChallengeSchema]);
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const twoFactorVerifyRequestSchema = z.strictObject({
  challengeToken: z.string().min(1).max(200),
  code: z.string().max(32),
});
export type TwoFactorVerifyRequest = z.infer<typeof twoFactorVerifyRequestSchema>;

/** A TOTP code as typed: every non-digit is dropped (spec part 1 §5). */
export const normalizeTotpCode = (code: string) => code.replace(/\D/g, '');

export const twoFactorSetupResponseSchema = z.object({
  /** Base32, for typing into an authenticator app by hand. */
  secret: z.string(),
  otpauthUrl: z.string(),
  /** The otpauth URL as a PNG data URL. */
  qrCode: z.string(),
});
export type TwoFactorSetupResponse = z.infer<typeof twoFactorSetupResponseSchema>;

export const twoFactorEnableRequestSchema = z.strictObject({ code: z.string().max(32) });

export const forgotPasswordRequestSchema = z.strictObject({
  email: z.string().trim().min(1).max(320),
  language: z.enum(LANGUAGES).optional(),
});
export const forgotPasswordResponseSchema = z.object({ status: z.literal('sent') });

export const resetPasswordRequestSchema = z.strictObject({
  token: z.string().min(1).max(200),
  password: z.string().max(1024),
  confirmPassword: z.string().max(1024),
});

export const changePasswordRequestSchema = z.strictObject({
  password: z.string().max(1024),
  confirmPassword: z.string().max(1024),
});

export const profileUpdateRequestSchema = z.strictObject({ name: z.string().trim().min(1).max(200) });
export const profileResponseSchema = z.object({ user: userSchema });

/** Whether Intl knows the IANA time zone (the runtime's own list, so api and browser agree). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const preferenceFields = {
  theme: z.enum(THEMES),
  language: z.enum(LANGUAGES),
  timezone: z.string().max(64).refine(isTimeZone, 'Unknown time zone'),
  dateFormat: z.enum(DATE_FORMATS),
  emailAlerts: z.boolean(),
  webhookAlerts: z.boolean(),
  maintenanceNotifications: z.boolean(),
  marketingEmails: z.boolean(),
  weeklyReports: z.boolean(),
  sessionTimeoutMinutes: z.number().int().min(MIN_SESSION_TIMEOUT_MINUTES).max(MAX_SESSION_TIMEOUT_MINUTES),
  loginNotifications: z.boolean(),
  analyticsTracking: z.boolean(),
  errorReporting: z.boolean(),
};

export const preferencesSchema = z.object(preferenceFields);
export type Preferences = z.infer<typeof preferencesSchema>;

/** PATCH /me/preferences: any subset (the header's language and theme toggles send one field). */
export const preferencesUpdateSchema = z.strictObject(preferenceFields).partial();
export type PreferencesUpdate = z.infer<typeof preferencesUpdateSchema>;
