import { SESSIONS_REVOKED_CHANNEL } from '@taktwerk/common';
import { withPlatform } from '@taktwerk/db';
import { Redis } from 'ioredis';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../../../testing/api-server';
import { createTestOrganization, type TestLogin } from '../../../../testing/fixtures';
import { TestClient } from '../../../../testing/http';
import { testRedisUrl } from '../../../../testing/context';
import { openTotpSecret } from './secret-box';

let api: TestApi;
let subscriber: Redis;
const announced: string[][] = [];

beforeAll(async () => {
  api = await startTestApi();
  subscriber = new Redis(testRedisUrl());
  subscriber.on('message', (_channel, message: string) => announced.push((JSON.parse(message) as { sessionIds: string[] }).sessionIds));
  await subscriber.subscribe(SESSIONS_REVOKED_CHANNEL);
});
afterAll(async () => {
  await subscriber.quit();
  await api.close();
});

/** A code for the step `stepsAhead` steps from now (±1 is inside the accepted window). */
const codeFor = (secret: string, stepsAhead = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + stepsAhead * 30 });

async function signIn(user: TestLogin) {
  const client = new TestClient(api.baseUrl);
  const res = await client.request('POST', '/api/v1/auth/login', { body: { email: user.email, password: user.password } });
  return { client, res };
}

/** A fresh owner with two-factor on; returns the secret (the step of the enabling code is used up). */
async function ownerWithTwoFactor() {
  const { owner } = await createTestOrganization(api.deps.pool);
  const { client, res } = await signIn(owner);
  const token = res.json.accessToken as string;
  const setup = await client.request('POST', '/api/v1/me/two-factor/setup', { token });
  const secret = setup.json.secret as string;
  const enabled = await client.request('POST', '/api/v1/me/two-factor/enable', { token, body: { code: await codeFor(secret) } });
  expect(enabled.status).toBe(200);
  return { owner, secret };
}

const verify = (client: TestClient, challengeToken: string, code: string) =>
  client.request('POST', '/api/v1/auth/2fa/verify', { body: { challengeToken, code } });

describe('two-factor setup in settings', () => {
  it('shows a secret with QR code, enables only after a valid code, stores the secret encrypted and restarts every session', async () => {
    const { owner } = await createTestOrganization(api.deps.pool);
    const first = await signIn(owner);
    const other = await signIn(owner);
    const token = first.res.json.accessToken as string;

    const setup = await first.client.request('POST', '/api/v1/me/two-factor/setup', { token });
    expect(setup.status).toBe(200);
    const { secret, otpauthUrl, qrCode } = setup.json;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/); // 20 random bytes in base32
    expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\/Taktwerk:/);
    expect(otpauthUrl).toContain(`secret=${secret}`);
    expect(qrCode).toMatch(/^data:image\/png;base64,/);

    const { rows } = await withPlatform(api.deps.pool, (db) =>
      db.query('SELECT totp_secret, two_factor_enabled FROM users WHERE id = $1', [owner.id]),
    );
    expect(rows[0].two_factor_enabled).toBe(false);
    expect(rows[0].totp_secret).not.toContain(secret);
    expect(openTotpSecret(api.deps.env, owner.id, rows[0].totp_secret)).toBe(secret);
    expect(openTotpSecret(api.deps.env, first.res.json.organization.id, rows[0].totp_secret)).toBeNull();

    const wrong = await first.client.request('POST', '/api/v1/me/two-factor/enable', { token, body: { code: '000000' } });
    expect(wrong.status).toBe(400);
    expect(wrong.json.error).toEqual({ code: 'invalid_two_factor_code', message: 'The entered code is invalid.' });

    const before = announced.length;
    const enabled = await first.client.request('POST', '/api/v1/me/two-factor/enable', { token, body: { code: await codeFor(secret) } });
    expect(enabled.status).toBe(200);
    expect(enabled.json.user.twoFactorEnabled).toBe(true);
    // Every earlier session ended, this client continues in a new one.
    expect((await first.client.request('GET', '/api/v1/me', { token })).status).toBe(401);
    expect((await other.client.request('POST', '/api/v1/auth/refresh')).status).toBe(401);
    expect((await first.client.request('GET', '/api/v1/me', { token: enabled.json.accessToken })).status).toBe(200);
    expect((await first.client.request('POST', '/api/v1/auth/refresh')).status).toBe(200);
    await expect.poll(() => announced.slice(before).flat().length).toBeGreaterThanOrEqual(2);

    const { rows: after } = await withPlatform(api.deps.pool, (db) =>
      db.query('SELECT totp_verified_at FROM users WHERE id = $1', [owner.id]),
    );
    expect(after[0].totp_verified_at).not.toBeNull();
    expect((await first.client.request('POST', '/api/v1/me/two-factor/setup', { token: enabled.json.accessToken })).status).toBe(409);
  });

  it('disables after confirmation: secret and verification time cleared, sessions restarted, sign-in without a code', async () => {
    const { owner, secret } = await ownerWithTwoFactor();
    const challenge = await signIn(owner);
    const session = await verify(challenge.client, challenge.res.json.challengeToken, await codeFor(secret, 1));
    expect(session.status).toBe(200);
    const token = session.json.accessToken as string;

    const disabled = await challenge.client.request('POST', '/api/v1/me/two-factor/disable', { token });
    expect(disabled.status).toBe(200);
    expect(disabled.json.user.twoFactorEnabled).toBe(false);
    expect((await challenge.client.request('GET', '/api/v1/me', { token })).status).toBe(401);
    const { rows } = await withPlatform(api.deps.pool, (db) =>
      db.query('SELECT two_factor_enabled, totp_secret, totp_verified_at FROM users WHERE id = $1', [owner.id]),
    );
    expect(rows[0]).toEqual({ two_factor_enabled: false, totp_secret: null, totp_verified_at: null });
    expect((await signIn(owner)).res.json.accessToken).toBeTruthy();
    expect((await challenge.client.request('POST', '/api/v1/me/two-factor/disable', { token: disabled.json.accessToken })).status).toBe(409);
  });
});

describe('two-factor sign-in', () => {
  it('answers a correct password with a pending challenge and no session; a current code completes it', async () => {
    const { owner, secret } = await ownerWithTwoFactor();
    const { client, res } = await signIn(owner);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ twoFactorRequired: true, challengeToken: expect.stringMatching(/^twc_/) });
    expect(client.cookie('tw_refresh')).toBeUndefined();

    // Non-digits are stripped: "123 456" is the code 123456.
    const code = await codeFor(secret, 1);
    const session = await verify(client, res.json.challengeToken, `${code.slice(0, 3)} ${code.slice(3)}`);
    expect(session.status).toBe(200);
    expect(session.json.user).toMatchObject({ id: owner.id, twoFactorEnabled: true });
    expect(client.cookie('tw_refresh')).toMatch(/^twr_/);
  });

  it('refuses a code the second time, also when both requests arrive together', async () => {
    const { owner, secret } = await ownerWithTwoFactor();
    const code = await codeFor(secret, 1);
    const first = await signIn(owner);
    expect((await verify(first.client, first.res.json.challengeToken, code)).status).toBe(200);
    const second = await signIn(owner);
    const replay = await verify(second.client, second.res.json.challengeToken, code);
    expect(replay.status).toBe(401);
    expect(replay.json.error).toEqual({ code: 'invalid_two_factor_code', message: 'Invalid 2FA code' });

    const fresh = await ownerWithTwoFactor();
    const parallelCode = await codeFor(fresh.secret, 1);
    const a = await signIn(fresh.owner);
    const b = await signIn(fresh.owner);
    const results = await Promise.all([
      verify(a.client, a.res.json.challengeToken, parallelCode),
      verify(b.client, b.res.json.challengeToken, parallelCode),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 401]);
  });

  it('ends the attempt on a wrong code: the challenge is gone and sign-in starts again with the password', async () => {
    const { owner, secret } = await ownerWithTwoFactor();
    const { client, res } = await signIn(owner);
    const wrong = await verify(client, res.json.challengeToken, '12345');
    expect(wrong.json.error).toEqual({ code: 'invalid_two_factor_code', message: 'Invalid 2FA code' });
    const again = await verify(client, res.json.challengeToken, await codeFor(secret, 1));
    expect(again.status).toBe(401);
    expect(again.json.error).toEqual({ code: 'no_pending_challenge', message: 'No pending 2FA challenge' });
  });

  it('refuses unknown and expired challenges', async () => {
    const { owner, secret } = await ownerWithTwoFactor();
    const unknown = await verify(new TestClient(api.baseUrl), 'twc_not-a-real-challenge', '123456');
    expect(unknown.json.error).toEqual({ code: 'no_pending_challenge', message: 'No pending 2FA challenge' });
    const { client, res } = await signIn(owner);
    await withPlatform(api.deps.pool, (db) =>
      db.query("UPDATE auth_tokens SET expires_at = now() - interval '1 second' WHERE user_id = $1 AND purpose = 'two_factor_challenge'", [owner.id]),
    );
    const expired = await verify(client, res.json.challengeToken, await codeFor(secret, 1));
    expect(expired.status).toBe(401);
    expect(expired.json.error.code).toBe('no_pending_challenge');
  });

  it('reports a two-factor user without a usable secret as not properly configured', async () => {
    const { owner } = await ownerWithTwoFactor();
    await withPlatform(api.deps.pool, (db) => db.query("UPDATE users SET totp_secret = 'v1:broken' WHERE id = $1", [owner.id]));
    const { client, res } = await signIn(owner);
    const result = await verify(client, res.json.challengeToken, '123456');
    expect(result.status).toBe(409);
    expect(result.json.error).toEqual({ code: 'two_factor_not_configured', message: '2FA not properly configured' });
  });

  it('rate limits code attempts per account (loginAttemptsPerHour) with 429 and Retry-After, even after correct passwords', async () => {
    const { owner, secret } = await ownerWithTwoFactor();
    const other = await ownerWithTwoFactor();
    for (let i = 0; i < 5; i += 1) {
      const { client, res } = await signIn(owner);
      expect((await verify(client, res.json.challengeToken, '000000')).status).toBe(401);
    }
    const { client, res } = await signIn(owner);
    const blocked = await verify(client, res.json.challengeToken, await codeFor(secret, 1));
    expect(blocked.status).toBe(429);
    expect(blocked.json.error.message).toBe('Too many login attempts. Please try again later.');
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    const unaffected = await signIn(other.owner);
    expect((await verify(unaffected.client, unaffected.res.json.challengeToken, await codeFor(other.secret, 1))).status).toBe(200);
  });

  it('refuses malformed bodies with 400', async () => {
    const client = new TestClient(api.baseUrl);
    expect((await client.request('POST', '/api/v1/auth/2fa/verify', { body: { code: '123456' } })).status).toBe(400);
    expect((await client.request('POST', '/api/v1/auth/2fa/verify', { body: { challengeToken: 'x', code: 123456 } })).status).toBe(400);
    expect((await client.request('POST', '/api/v1/auth/2fa/verify', { body: { challengeToken: 'x', code: '1', userId: 'y' } })).status).toBe(400);
  });
});
