import i18next, { type TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import type { AccountIssue } from '@taktwerk/common';
import { ApiError } from '../../app/http-json';
import { de, en } from '../../i18n';
import { issueFromError, issueMessage } from './account-issues';
import { loginErrorMessage, twoFactorErrorMessage } from './login-error';

function translator(lng: 'en' | 'de'): TFunction {
  const instance = i18next.createInstance();
  void instance.init({ resources: { en: { translation: en }, de: { translation: de } }, lng, initAsync: false, interpolation: { escapeValue: false } });
  return instance.t;
}

const issues: AccountIssue[] = [
  { code: 'password_too_short', minLength: 10 },
  { code: 'password_special_char' },
  { code: 'passwords_mismatch' },
  { code: 'terms_not_accepted' },
  { code: 'required_fields', fields: ['name'] },
  { code: 'invalid_email' },
];

describe('account messages', () => {
  it('word the sign-up rules exactly as the spec does, in English and German', () => {
    const enT = translator('en');
    const deT = translator('de');
    expect(issues.map((issue) => issueMessage(issue, enT, 'signup'))).toEqual([
      'Password must be at least 10 characters long.',
      'Password must contain at least one special character.',
      'Passwords do not match',
      'Please accept the terms and conditions',
      'Please fill in all required fields.',
      'Please enter a valid email address.',
    ]);
    expect(issues.map((issue) => issueMessage(issue, deT, 'signup'))).toEqual([
      'Das Passwort muss mindestens 10 Zeichen lang sein.',
      'Das Passwort muss mindestens ein Sonderzeichen enthalten.',
      'Die Passwörter stimmen nicht überein',
      'Bitte akzeptieren Sie die Allgemeinen Geschäftsbedingungen',
      'Bitte füllen Sie alle Pflichtfelder aus.',
      'Bitte geben Sie eine gültige E-Mail-Adresse ein.',
    ]);
  });

  it('word the self-service password rules as the settings screen does', () => {
    const enT = translator('en');
    expect(issueMessage({ code: 'password_too_short', minLength: 8 }, enT, 'self-service')).toBe('Password must be at least 8 characters.');
    expect(issueMessage({ code: 'passwords_mismatch' }, enT, 'self-service')).toBe('Passwords do not match.');
    expect(issueMessage({ code: 'passwords_mismatch' }, translator('de'), 'self-service')).toBe('Die Passwörter stimmen nicht überein.');
  });

  it('read the broken rule and its parameters from an api error', () => {
    expect(issueFromError(new ApiError(400, 'password_too_short', 'x', { minLength: 12 }))).toEqual({ code: 'password_too_short', minLength: 12 });
    expect(issueFromError(new ApiError(400, 'required_fields', 'x', { fields: ['email'] }))).toEqual({ code: 'required_fields', fields: ['email'] });
    expect(issueFromError(new ApiError(403, 'registration_disabled', 'x'))).toBeNull();
  });

  it('give the login and two-factor error catalogue of the spec', () => {
    const enT = translator('en');
    const login = (code: string, status = 401) => loginErrorMessage(new ApiError(status, code, 'server text'), enT);
    expect(login('too_many_attempts', 429)).toBe('Too many login attempts. Please try again later.');
    expect(login('profile_missing')).toBe('No user profile found for this account. Please contact your administrator.');
    expect(login('organization_not_found', 403)).toBe('Organization not found for your profile. Please contact support.');
    expect(login('invalid_session', 502)).toBe('No session returned from login');
    const code = (apiCode: string, status = 401) => twoFactorErrorMessage(new ApiError(status, apiCode, 'server text'), enT);
    expect(code('no_pending_challenge')).toBe('No pending 2FA challenge');
    expect(code('two_factor_not_configured', 409)).toBe('2FA not properly configured');
    expect(code('invalid_two_factor_code')).toBe('Invalid 2FA code');
    expect(code('invalid_session', 502)).toBe('Failed to finalize 2FA session');
    expect(code('internal', 500)).toBe('2FA verification failed');
    expect(twoFactorErrorMessage(new ApiError(401, 'invalid_two_factor_code', 'x'), translator('de'))).toBe('Ungültiger 2FA-Code');
  });
});
