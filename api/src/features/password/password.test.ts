import { randomBytes } from 'node:crypto';
import { withPlatform } from '@taktwerk/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../../../testing/api-server';
import { createTestOrganization, type TestLogin } from '../../../../testing/fixtures';
import { TestClient } from '../../../../testing/http';
import { startTestSmtp, type TestSmtp } from '../../../../testing/smtp';

let api: TestApi;
let smtp: TestSmtp;

beforeAll(async () => {
  smtp = await startTestSmtp();
  api = await startTestApi({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://taktwerk.example.com' });
});
afterAll(async () => {
  await api.close();
  await smtp.close();
});

const NEW_PASSWORD = 'Brand-New!Passw0rd-2026';
const client = () => new TestClient(api.baseUrl);
const forgot = (email: string, language?: 'en' | 'de') =>
  client().request('POST', '/api/v1/auth/password/forgot', { body: language ? { email, language } : { email } });
const reset = (token: string, password = NEW_PASSWORD) =>
  client().request('POST', '/api/v1/auth/password/reset', { body: { token, password, confirmPassword: password } });
const login = (c: TestClient, email: string, password: string) => c.request('POST', '/api/v1/auth/login', { body: { email, password } });

/** Requests a reset for a user and returns the token from the mailed link. */
async function resetToken(user: TestLogin): Promise<string> {
  const before = smtp.mailsTo(user.email).length;
  expect((await forgot(user.email)).status).toBe(202);
  const mail = await smtp.waitForMail(user.email, { after: before });
  const match = /#reset-password\?token=([\w-]+)/.exec(mail.text);
  expect(match).not.toBeNull();
  return match![1]!;
}

describe('forgot password', () => {
  it('mails a one-hour link to the public URL, in the requested language when the user has no preference', async () => {
    const { owner } = await createTestOrganization(api.deps.pool);
    expect((await forgot(`  ${owner.email.toUpperCase()}  `, 'de')).json).toEqual({ status: 'sent' });
    const mail = await smtp.waitForMail(owner.email);
    expect(mail.subject).toBe('Taktwerk: Passwort zurücksetzen');
    expect(mail.text).toMatch(/https:\/\/taktwerk\.example\.com\/#reset-password\?token=twp_[\w-]+/);
    expect(mail.text).toContain('60 Minuten');
    expect(mail.html).toContain('<a href="https://taktwerk.example.com/#reset-password?token=twp_');
    const { rows } = await withPlatform(api.deps.pool, (db) =>
      db.query("SELECT token_hash, expires_at - created_at AS validity FROM auth_tokens WHERE user_id = $1 AND purpose = 'password_reset'", [owner.id]),
    );
    expect(rows).toHaveLength(1);
    expect(rows[0].token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(mail.text).not.toContain(rows[0].token_hash);
    expect(rows[0].validity.hours ?? 0).toBe(1);
  });

  it('answers an unknown address with the same status and body, and sends nothing', async () => {
    const { member } = await createTestOrganization(api.deps.pool);
    const unknownEmail = `nobody.${randomBytes(4).toString('hex')}@test.taktwerk.local`;
    const known = await forgot(member.email);
    const unknown = await forgot(unknownEmail);
    expect(unknown.status).toBe(known.status);
    expect(unknown.text).toBe(known.text);
    await smtp.waitForMail(member.email);
    // The known address's mail has arrived; an unknown one would have been sent at the same time.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(smtp.mailsTo(unknownEmail)).toHaveLength(0);
  });

  it('is rate limited per address (loginAttemptsPerHour), identically for known and unknown addresses', async () => {
    const { owner } = await createTestOrganization(api.deps.pool);
    const unknownEmail = `ghost.${randomBytes(4).toString('hex')}@test.taktwerk.local`;
    for (let i = 0; i < 5; i += 1) {
      expect((await forgot(owner.email)).status).toBe(202);
      expect((await forgot(unknownEmail)).status).toBe(202);
    }
    const known = await forgot(owner.email);
    const unknown = await forgot(unknownEmail);
    expect(known.status).toBe(429);
    expect(known.json.error).toEqual({ code: 'too_many_attempts', message: 'Too many attempts. Please try again later.' });
    expect(Number(known.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(unknown.status).toBe(429);
    expect(unknown.text).toBe(known.text);
  });
});

describe('reset password', () => {
  it('sets the new password, ends every session, and the link works only once', async () => {
    const { owner } = await createTestOrganization(api.deps.pool);
    const signedIn = client();
    const session = await login(signedIn, owner.email, owner.password);
    const token = await resetToken(owner);

    expect((await reset(token)).status).toBe(204);
    expect((await signedIn.request('GET', '/api/v1/me', { token: session.json.accessToken })).status).toBe(401);
    expect((await signedIn.request('POST', '/api/v1/auth/refresh')).status).toBe(401);
    expect((await login(client(), owner.email, owner.password)).status).toBe(401);
    expect((await login(client(), owner.email, NEW_PASSWORD)).status).toBe(200);

    const again = await reset(token, 'Another!Passw0rd-2026');
    expect(again.status).toBe(400);
    expect(again.json.error.code).toBe('invalid_reset_token');
    expect((await login(client(), owner.email, NEW_PASSWORD)).status).toBe(200);
  });

  it('refuses a link older than one hour, and voids older links once a reset succeeded', async () => {
    const { owner } = await createTestOrganization(api.deps.pool);
    const expired = await resetToken(owner);
    await withPlatform(api.deps.pool, (db) =>
      db.query("UPDATE auth_tokens SET expires_at = now() - interval '1 second' WHERE user_id = $1 AND purpose = 'password_reset'", [owner.id]),
    );
    const tooLate = await reset(expired);
    expect(tooLate.status).toBe(400);
    expect(tooLate.json.error).toEqual({
      code: 'invalid_reset_token',
      message: 'This password reset link is invalid, expired or already used. Please request a new one.',
    });

    const older = await resetToken(owner);
    const newer = await resetToken(owner);
    expect((await reset(newer)).status).toBe(204);
    expect((await reset(older)).status).toBe(400);
  });
});

describe('change password', () => {
  it('ends every session and continues this client in a new one', async () => {
    const { member } = await createTestOrganization(api.deps.pool);
    const here = client();
    const elsewhere = client();
    const session = await login(here, member.email, member.password);
    await login(elsewhere, member.email, member.password);
    const token = session.json.accessToken as string;

    const changed = await here.request('POST', '/api/v1/me/password', { token, body: { password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD } });
    expect(changed.status).toBe(200);
    expect((await here.request('GET', '/api/v1/me', { token })).status).toBe(401);
    expect((await elsewhere.request('POST', '/api/v1/auth/refresh')).status).toBe(401);
    expect((await here.request('GET', '/api/v1/me', { token: changed.json.accessToken })).status).toBe(200);
    expect((await here.request('POST', '/api/v1/auth/refresh')).status).toBe(200);
    expect((await login(client(), member.email, NEW_PASSWORD)).status).toBe(200);
    expect((await login(client(), member.email, member.password)).status).toBe(401);
  });

  it('needs a signed-in user and refuses unknown fields', async () => {
    const c = client();
    expect((await c.request('POST', '/api/v1/me/password', { body: { password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD } })).status).toBe(401);
    const { member } = await createTestOrganization(api.deps.pool);
    const session = await login(c, member.email, member.password);
    const extra = await c.request('POST', '/api/v1/me/password', {
      token: session.json.accessToken,
      body: { password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD, userId: member.id },
    });
    expect(extra.status).toBe(400);
  });
});
