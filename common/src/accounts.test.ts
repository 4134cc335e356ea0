import { describe, expect, it } from 'vitest';
import { newPasswordIssue, normalizeTotpCode, selfServicePolicy, signupIssue, type SignupRequest } from './accounts-contract';
import { formatDate, formatDateTime, formatTime } from './date-format';
import { keywordList } from './public-contract';

const policy = { minLength: 8, requireSpecialChars: true };
const valid: SignupRequest = {
  name: 'Ada',
  email: 'ada@example.com',
  password: 'secret!pw',
  confirmPassword: 'secret!pw',
  organizationName: 'Ada GmbH',
  acceptTerms: true,
};

describe('account rules', () => {
  it('checks sign-up fields in the order the form reports them', () => {
    expect(signupIssue(valid, policy)).toBeNull();
    expect(signupIssue({ ...valid, name: ' ', organizationName: '' }, policy)).toEqual({
      code: 'required_fields',
      fields: ['name', 'organizationName'],
    });
    expect(signupIssue({ ...valid, email: 'ada@' }, policy)).toEqual({ code: 'invalid_email' });
    expect(signupIssue({ ...valid, password: 'sh!rt', confirmPassword: 'sh!rt' }, policy)).toEqual({
      code: 'password_too_short',
      minLength: 8,
    });
    expect(signupIssue({ ...valid, password: 'longenough', confirmPassword: 'longenough' }, policy)).toEqual({
      code: 'password_special_char',
    });
    expect(signupIssue({ ...valid, confirmPassword: 'secret!pX' }, policy)).toEqual({ code: 'passwords_mismatch' });
    expect(signupIssue({ ...valid, acceptTerms: false }, policy)).toEqual({ code: 'terms_not_accepted' });
  });

  it('takes length and special characters from the policy', () => {
    expect(newPasswordIssue('abcdefghij', 'abcdefghij', { minLength: 10, requireSpecialChars: false })).toBeNull();
    expect(newPasswordIssue('abcdefghi', 'abcdefghi', { minLength: 10, requireSpecialChars: false })).toMatchObject({ minLength: 10 });
    for (const special of '!@#$%^&*(),.?":{}|<>') expect(newPasswordIssue(`abcdefg${special}`, `abcdefg${special}`, policy)).toBeNull();
    expect(newPasswordIssue('abcdefg-', 'abcdefg-', policy)).toEqual({ code: 'password_special_char' });
  });

  it('never lets self-service passwords go below 8 characters', () => {
    expect(selfServicePolicy({ minLength: 6, requireSpecialChars: false }).minLength).toBe(8);
    expect(selfServicePolicy({ minLength: 12, requireSpecialChars: true })).toEqual({ minLength: 12, requireSpecialChars: true });
  });

  it('strips every non-digit from a typed TOTP code', () => {
    expect(normalizeTotpCode(' 123 456 ')).toBe('123456');
    expect(normalizeTotpCode('12a-34')).toBe('1234');
  });

  it('reads SEO keywords from a list or a comma string, without blanks or duplicates', () => {
    expect(keywordList('iot, opc ua,,iot ')).toEqual(['iot', 'opc ua']);
    expect(keywordList(['a', ' b', 3])).toEqual(['a', 'b']);
    expect(keywordList(null)).toEqual([]);
  });
});

describe('date display', () => {
  const instant = '2026-03-01T23:05:09Z';

  it('formats in the user time zone and date format, 24-hour', () => {
    expect(formatDateTime(instant, { timeZone: 'UTC', dateFormat: 'MM/DD/YYYY' })).toBe('03/01/2026 23:05');
    expect(formatDateTime(instant, { timeZone: 'Europe/Berlin', dateFormat: 'DD.MM.YYYY' })).toBe('02.03.2026 00:05');
    expect(formatDateTime(instant, { timeZone: 'America/New_York', dateFormat: 'YYYY-MM-DD' }, { seconds: true })).toBe(
      '2026-03-01 18:05:09',
    );
    expect(formatDate(instant, { timeZone: 'Asia/Tokyo', dateFormat: 'YYYY-MM-DD' })).toBe('2026-03-02');
    expect(formatTime(instant, { timeZone: 'Europe/Berlin', dateFormat: 'YYYY-MM-DD' })).toBe('00:05');
  });

  it('gives an empty string for an invalid date', () => {
    expect(formatDateTime('not a date', { timeZone: 'UTC', dateFormat: 'MM/DD/YYYY' })).toBe('');
  });
});
