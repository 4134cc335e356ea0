import { randomBytes } from 'node:crypto';
import { DEFAULT_FEATURES, DEFAULT_SECURITY, DEFAULT_USAGE_LIMITS, OWNER_PERMISSIONS } from '@taktwerk/common';
import { getSystemConfig, putSystemConfigValue, withPlatform } from '@taktwerk/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../../../testing/api-server';
import { createTestOrganization } from '../../../../testing/fixtures';
import { TestClient } from '../../../../testing/http';
import { startTestSmtp, type TestSmtp } from '../../../../testing/smtp';

// Everything that changes the features or security config lives in this one file: test files run in parallel,
// tests within a file one after another, so no other file sees these settings change.

let api: TestApi;
let smtp: TestSmtp;

beforeAll(async () => {
  smtp = await startTestSmtp();
  api = await startTestApi({ SMTP_URL: smtp.url });
});
afterAll(async () => {
  await api.close();
  await smtp.close();
});

const PASSWORD = 'Correct-Horse!Battery9';
const newEmail = () => `signup.${randomBytes(5).toString('hex')}@test.taktwerk.local`;
const signupBody = (overrides: Record<string, unknown> = {}) => ({
  name: 'Sina Signup',
  email: newEmail(),
  password: PASSWORD,
  confirmPassword: PASSWORD,
  organizationName: 'Signup Werk GmbH',
  acceptTerms: true,
  ...overrides,
});
const signup = (body: unknown) => new TestClient(api.baseUrl).request('POST', '/api/v1/auth/signup', { body });

async function withConfig<T>(key: 'features' | 'security', value: Record<string, unknown>, fn: () => Promise<T>): Promise<T> {
  const before = await withPlatform(api.deps.pool, getSystemConfig);
  await withPlatform(api.deps.pool, (db) => putSystemConfigValue(db, key, { ...before[key], ...value }, null));
  try {
    return await fn();
  } finally {
    await withPlatform(api.deps.pool, (db) => putSystemConfigValue(db, key, before[key], null));
  }
}

function expectError(res: { status: number; json: { error: { code: string; message: string } } }, status: number, code: string, message: string) {
  expect(res.status).toBe(status);
  expect(res.json.error).toMatchObject({ code, message });
}

describe('sign-up', () => {
  it('creates a trialing organization on plan starter with default limits and its owner, who can then sign in', async () => {
    const body = signupBody({ email: `  ${newEmail().toUpperCase()} `, language: 'de' });
    const res = await signup(body);
    expect(res.status).toBe(201);
    expect(res.json).toEqual({ status: 'registered' });

    const email = (body.email as string).trim().toLowerCase();
    const { rows } = await withPlatform(api.deps.pool, (db) =>
      db.query(
        `SELECT u.id, u.email, u.name, u.role, u.permissions, o.name AS org_name, o.plan_id, o.billing_status, o.usage_limits,
                o.trial_ends_at, p.language, p.session_timeout_minutes
           FROM users u JOIN organizations o ON o.id = u.org_id LEFT JOIN user_preferences p ON p.user_id = u.id
          WHERE u.email = $1`,
        [email],
      ),
    );
    expect(rows).toHaveLength(1);
    const row = rows[0];
    expect(row).toMatchObject({
      name: 'Sina Signup',
      role: 'customer_owner',
      permissions: OWNER_PERMISSIONS,
      org_name: 'Signup Werk GmbH',
      plan_id: 'starter',
      billing_status: 'trialing',
      usage_limits: DEFAULT_USAGE_LIMITS,
      language: 'de',
      session_timeout_minutes: DEFAULT_SECURITY.sessionTimeoutMinutes,
    });
    const trialDays = (row.trial_ends_at.getTime() - Date.now()) / 86_400_000;
    expect(trialDays).toBeGreaterThan(DEFAULT_FEATURES.trialDays - 0.01);
    expect(trialDays).toBeLessThan(DEFAULT_FEATURES.trialDays + 0.01);

    const login = await new TestClient(api.baseUrl).request('POST', '/api/v1/auth/login', { body: { email, password: PASSWORD } });
    expect(login.status).toBe(200);
    expect(login.json.organization).toMatchObject({ name: 'Signup Werk GmbH', billingStatus: 'trialing', planId: 'starter' });
  });

  it('answers an address that already has an account exactly like a new one, and mails its owner instead', async () => {
    const existing = (await createTestOrganization(api.deps.pool)).owner;
    const fresh = await signup(signupBody());
    const taken = await signup(signupBody({ email: existing.email.toUpperCase(), language: 'de' }));
    expect(taken.status).toBe(fresh.status);
    expect(taken.json).toEqual(fresh.json);
    const mail = await smtp.waitForMail(existing.email);
    expect(mail.subject).toBe('Taktwerk: Sie haben bereits ein Konto');
    expect(mail.text).toContain('#home?auth=forgot');
    // Nothing changed: the old password still works, and no second account or organization appeared.
    const login = await new TestClient(api.baseUrl).request('POST', '/api/v1/auth/login', {
      body: { email: existing.email, password: existing.password },
    });
    expect(login.status).toBe(200);
  });

  it('refuses missing fields, a malformed email, a short password, one without a special character, a mismatch and unaccepted terms', async () => {
    expectError(await signup(signupBody({ name: ' ', organizationName: '' })), 400, 'required_fields', 'Please fill in all required fields.');
    expect((await signup(signupBody({ email: '' }))).json.error.details).toEqual({ fields: ['email'] });
    expectError(await signup(signupBody({ email: 'not-an-email' })), 400, 'invalid_email', 'Please enter a valid email address.');
    expectError(
      await signup(signupBody({ password: 'Sh0rt!', confirmPassword: 'Sh0rt!' })),
      400,
      'password_too_short',
      'Password must be at least 8 characters long.',
    );
    expectError(
      await signup(signupBody({ password: 'NoSpecials123', confirmPassword: 'NoSpecials123' })),
      400,
      'password_special_char',
      'Password must contain at least one special character.',
    );
    expectError(await signup(signupBody({ confirmPassword: `${PASSWORD}x` })), 400, 'passwords_mismatch', 'Passwords do not match');
    expectError(await signup(signupBody({ acceptTerms: false })), 400, 'terms_not_accepted', 'Please accept the terms and conditions');
  });

  it('refuses unknown fields (role, permissions) and wrong types without creating anything', async () => {
    const email = newEmail();
    expect((await signup(signupBody({ email, role: 'admin' }))).status).toBe(400);
    expect((await signup(signupBody({ email, acceptTerms: 'yes' }))).status).toBe(400);
    expect((await signup({ email })).status).toBe(400);
    const { rows } = await withPlatform(api.deps.pool, (db) => db.query('SELECT 1 FROM users WHERE email = $1', [email]));
    expect(rows).toHaveLength(0);
  });

  it('takes the minimum length and the special-character rule from the security config', async () => {
    await withConfig('security', { passwordMinLength: 12, requireSpecialChars: false }, async () => {
      expectError(
        await signup(signupBody({ password: 'elevenchars', confirmPassword: 'elevenchars' })),
        400,
        'password_too_short',
        'Password must be at least 12 characters long.',
      );
      expect((await signup(signupBody({ password: 'twelvechars1', confirmPassword: 'twelvechars1' }))).status).toBe(201);
      const config = await new TestClient(api.baseUrl).request('GET', '/api/v1/public/config');
      expect(config.json.passwordPolicy).toEqual({ minLength: 12, requireSpecialChars: false });
    });
  });

  it('is refused while registration is disabled', async () => {
    await withConfig('features', { registrationEnabled: false }, async () => {
      expectError(await signup(signupBody()), 403, 'registration_disabled', 'User registration is currently disabled.');
      const config = await new TestClient(api.baseUrl).request('GET', '/api/v1/public/config');
      expect(config.json.registrationEnabled).toBe(false);
    });
    expect((await signup(signupBody())).status).toBe(201);
  });
});

describe('self-service password rules', () => {
  async function ownerSession() {
    const { owner } = await createTestOrganization(api.deps.pool);
    const client = new TestClient(api.baseUrl);
    const login = await client.request('POST', '/api/v1/auth/login', { body: { email: owner.email, password: owner.password } });
    return { client, token: login.json.accessToken as string };
  }

  it('settings: at least 8 characters, a special character, and matching confirmation, in the settings wording', async () => {
    const { client, token } = await ownerSession();
    const change = (password: string, confirmPassword: string) =>
      client.request('POST', '/api/v1/me/password', { token, body: { password, confirmPassword } });
    expectError(await change('Ab!1', 'Ab!1'), 400, 'password_too_short', 'Password must be at least 8 characters.');
    expectError(await change('abcdefghij', 'abcdefghij'), 400, 'password_special_char', 'Password must contain at least one special character.');
    expectError(await change(PASSWORD, `${PASSWORD}!`), 400, 'passwords_mismatch', 'Passwords do not match.');
  });

  it('never goes below 8 characters even when the security config allows shorter, and follows a longer minimum', async () => {
    const { client, token } = await ownerSession();
    const change = (password: string) => client.request('POST', '/api/v1/me/password', { token, body: { password, confirmPassword: password } });
    await withConfig('security', { passwordMinLength: 6 }, async () => {
      expectError(await change('Sev!n77'), 400, 'password_too_short', 'Password must be at least 8 characters.');
    });
    await withConfig('security', { passwordMinLength: 14 }, async () => {
      expectError(await change('Thirteen!char'), 400, 'password_too_short', 'Password must be at least 14 characters.');
    });
  });

  it('reset: the same rules, checked before the link is used up', async () => {
    const reset = (body: unknown) => new TestClient(api.baseUrl).request('POST', '/api/v1/auth/password/reset', { body });
    expectError(await reset({ token: 'twp_unknown', password: 'short', confirmPassword: 'short' }), 400, 'password_too_short', 'Password must be at least 8 characters.');
    expectError(await reset({ token: 'twp_unknown', password: PASSWORD, confirmPassword: 'other' }), 400, 'passwords_mismatch', 'Passwords do not match.');
  });
});
